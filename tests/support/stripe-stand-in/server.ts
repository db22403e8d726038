import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import Stripe from "stripe";
import { type FormValue, type Params, parseForm, stableStringify } from "./form";
import {
  type Charge,
  type Customer,
  type Dispute,
  int,
  type PaymentIntent,
  type PaymentMethod,
  type Refund,
  type RequestContext,
  randomId,
  type SetupIntent,
  Store,
  StripeApiError,
  type StripeEvent,
  str,
  strings,
} from "./store";
import { stripeJs } from "./stripe-js";

// A small, stateful Stripe on 127.0.0.1 that the real `stripe` SDK talks to over HTTP
// (`new Stripe(key, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 })`), with
// webhooks signed as Stripe signs them, test controls under /_test/ (what the dashboard, the bank
// or the buyer would do) and a stand-in Stripe.js at /v3 for browser tests.

export type Delivery = {
  eventId: string;
  type: string;
  /** The receiver's HTTP status, or "error" when the POST itself failed. */
  status: number | "error";
  attempt: number;
  url: string;
};

export type Call = {
  method: string;
  path: string;
  idempotencyKey: string | null;
  status: number;
  /** The answer was an idempotent replay: nothing was done. */
  replayed: boolean;
};

export type StripeStandInOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  webhookUrl?: string;
  webhookSecret?: string;
  /** Post events to the webhook (default true when a URL and secret are given). */
  deliver?: boolean;
  /** Delay before a failed webhook post is tried again (default 200 ms; 3 retries). */
  retryDelayMs?: number;
};

export interface StripeStandIn {
  url: string;
  port: number;
  close(): Promise<void>;
  /** The buyer's answer to 3-D Secure for a `requires_action` payment (or setup) intent. */
  authenticate(intentId: string, outcome: "approve" | "fail"): PaymentIntent | SetupIntent;
  /** A `processing` intent settles as succeeded. */
  succeed(paymentIntentId: string): PaymentIntent;
  /** A `processing` (or succeeded) intent fails afterwards: requires_payment_method. */
  failLater(paymentIntentId: string): PaymentIntent;
  /** A refund made in the Stripe dashboard (default: what is left). */
  dashboardRefund(paymentIntentId: string, amount?: number): Refund;
  failRefund(refundId: string): Refund;
  /** A chargeback, by payment intent or charge id. */
  openDispute(paymentIntentOrChargeId: string): Dispute;
  closeDispute(disputeId: string, status: "won" | "lost"): Dispute;
  /** All events, oldest first. */
  events(): StripeEvent[];
  paymentIntents(): PaymentIntent[];
  charges(): Charge[];
  refunds(): Refund[];
  customers(): Customer[];
  paymentMethods(): PaymentMethod[];
  /** Every webhook post, each attempt. */
  deliveries: Delivery[];
  /** Every /v1 API call. */
  calls: Call[];
  setWebhook(url: string | null, secret?: string, deliver?: boolean): void;
  /** Resolves once every event so far has been delivered (or given up on). */
  whenDelivered(): Promise<void>;
  /** Moves the stand-in's clock on, so later objects get a later `created`. */
  advanceClock(seconds: number): void;
  /** Forgets every object, event, call, delivery and idempotency key. */
  reset(): void;
  store: Store;
}

const PUBLISHABLE_MESSAGE =
  "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.";

type Ctx = { params: Params; id: string; publishable: boolean };
type Handler = (ctx: Ctx) => unknown;

/** A JSON body (test controls) read as form parameters: numbers and booleans become strings. */
function toParams(value: unknown): Params {
  const convert = (v: unknown): FormValue =>
    Array.isArray(v)
      ? v.map(convert)
      : v && typeof v === "object"
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, convert(x)]))
        : v === null || v === undefined
          ? ""
          : String(v);
  return value && typeof value === "object" && !Array.isArray(value)
    ? (convert(value) as Params)
    : {};
}

const errorBody = (err: unknown) =>
  err instanceof StripeApiError
    ? { status: err.status, body: { error: err.body } }
    : {
        status: 500,
        body: {
          error: {
            type: "api_error",
            message: `Stand-in error: ${err instanceof Error ? err.message : String(err)}`,
          },
        },
      };

const clone = <T>(value: T): T => structuredClone(value);

export async function startStripeStandIn(
  options: StripeStandInOptions = {},
): Promise<StripeStandIn> {
  const retryDelayMs = options.retryDelayMs ?? 200;
  let webhook =
    options.webhookUrl && options.webhookSecret
      ? { url: options.webhookUrl, secret: options.webhookSecret, deliver: options.deliver ?? true }
      : null;
  const deliveries: Delivery[] = [];
  const calls: Call[] = [];
  const idempotency = new Map<string, { fingerprint: string; status: number; body: unknown }>();

  // ------------------------------------------------------------ webhook delivery
  // Events wait until the response of the request that made them has gone out, then go one at a
  // time, in order: the app may hold a database lock while it waits for the API's answer.
  const queue: StripeEvent[] = [];
  let held: StripeEvent[] | null = null; // events of the request being handled
  let holding = 0; // requests whose events wait for their response to be sent
  let pumping = false;
  let closed = false;
  const waiters: (() => void)[] = [];
  const settle = () => {
    if (pumping || queue.length > 0 || holding > 0) return;
    for (const resolve of waiters.splice(0)) resolve();
  };
  const enqueue = (events: StripeEvent[]) => {
    queue.push(...events.filter((e) => e.pending_webhooks > 0));
    if (!pumping && queue.length > 0) {
      pumping = true;
      setImmediate(pump);
    }
    settle();
  };
  const pump = async () => {
    while (queue.length > 0 && !closed) await deliver(queue.shift()!);
    queue.length = closed ? 0 : queue.length;
    pumping = false;
    settle();
  };
  const deliver = async (event: StripeEvent) => {
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const hook = webhook;
      if (!hook?.deliver || closed) return;
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: hook.secret });
      let status: number | "error";
      try {
        const res = await fetch(hook.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "stripe-signature": signature,
            "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.arrayBuffer().catch(() => undefined);
      } catch {
        status = "error";
      }
      deliveries.push({ eventId: event.id, type: event.type, status, attempt, url: hook.url });
      if (typeof status === "number" && status >= 200 && status < 300) {
        event.pending_webhooks = 0;
        return;
      }
      if (attempt < 4) await new Promise((r) => setTimeout(r, retryDelayMs));
    }
  };

  const store = new Store(
    Stripe.API_VERSION,
    (event) => {
      if (held) held.push(event);
      else enqueue([event]);
    },
    () => Boolean(webhook?.deliver),
  );

  /** Runs `fn` with the events it makes held back until `reply` has been sent. */
  const holdingEvents = <T>(reply: FastifyReply, context: RequestContext | null, fn: () => T) => {
    held = [];
    store.context = context;
    const events = held;
    try {
      return fn();
    } finally {
      held = null;
      store.context = null;
      if (events.length > 0) {
        holding++;
        reply.raw.once("close", () => {
          holding--;
          enqueue(events);
        });
      }
    }
  };

  // ------------------------------------------------------------ the server

  const app = Fastify({ logger: false, bodyLimit: 1_048_576 });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_req, body, done) => done(null, parseForm(String(body))),
  );
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) =>
    done(null, parseForm(String(body))),
  );

  app.addHook("onRequest", (_req, reply, done) => {
    reply.header("access-control-allow-origin", "*");
    reply.header(
      "access-control-expose-headers",
      "Request-Id, Idempotent-Replayed, Stripe-Version",
    );
    done();
  });
  app.options("*", (_req, reply) => {
    reply
      .code(204)
      .header("access-control-allow-methods", "GET, POST, DELETE, OPTIONS")
      .header(
        "access-control-allow-headers",
        "Authorization, Content-Type, Stripe-Version, Idempotency-Key, Stripe-Account",
      )
      .header("access-control-max-age", "600")
      .send();
  });
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({
      error: {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${req.method}: ${req.url.split("?")[0]}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      },
    });
  });

  const sendJs = (_req: FastifyRequest, reply: FastifyReply) => {
    reply.header("content-type", "application/javascript; charset=utf-8").send(stripeJs);
  };
  app.get("/v3", sendJs);
  app.get("/v3/", sendJs);
  // @stripe/stripe-js (loadStripe) loads https://js.stripe.com/<release>/stripe.js, e.g. /endive/.
  app.get("/:release/stripe.js", sendJs);

  /** A Stripe API route: auth, idempotency, call log, error bodies, held events. */
  const api = (
    method: "GET" | "POST" | "DELETE",
    url: string,
    handler: Handler,
    { publishable = false } = {},
  ) => {
    app.route({
      method,
      url,
      handler: (req, reply) => {
        const path = req.url.split("?")[0]!;
        const query = parseForm(req.url.slice(path.length + 1));
        const body = req.body && typeof req.body === "object" ? (req.body as Params) : {};
        const params: Params = method === "GET" ? query : { ...query, ...body };
        const idempotencyKey = req.headers["idempotency-key"]?.toString() ?? null;
        const requestId = randomId("req", 14);
        const call: Call = { method, path, idempotencyKey, status: 0, replayed: false };
        calls.push(call);
        const send = (status: number, payload: unknown) => {
          call.status = status;
          reply.code(status).header("request-id", requestId);
          reply.header("stripe-version", req.headers["stripe-version"] ?? Stripe.API_VERSION);
          reply.send(payload);
        };
        const fail = (status: number, message: string, type = "invalid_request_error") =>
          send(status, { error: { type, message } });

        const auth = req.headers.authorization ?? "";
        const key = auth.startsWith("Bearer ") ? auth.slice(7).trim() : (str(params.key) ?? "");
        delete params.key;
        if (!key) {
          return fail(
            401,
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
          );
        }
        if (!/^(sk|rk|pk)_(test|live)_\w+/.test(key)) {
          return fail(401, `Invalid API Key provided: ${key.slice(0, 8)}***`);
        }
        const isPublishable = key.startsWith("pk_");
        if (isPublishable && !publishable) return fail(401, PUBLISHABLE_MESSAGE);

        let saved: { key: string; fingerprint: string } | null = null;
        if (method === "POST" && idempotencyKey) {
          const scoped = `${key}\n${idempotencyKey}`;
          const fingerprint = `${method} ${path} ${stableStringify(params)}`;
          const previous = idempotency.get(scoped);
          if (previous) {
            if (previous.fingerprint !== fingerprint) {
              return send(400, {
                error: {
                  type: "idempotency_error",
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
                },
              });
            }
            call.replayed = true;
            reply.header("idempotent-replayed", "true");
            return send(previous.status, previous.body);
          }
          saved = { key: scoped, fingerprint };
        }

        const apiVersion = req.headers["stripe-version"]?.toString() || Stripe.API_VERSION;
        let status = 200;
        let out: unknown;
        holdingEvents(reply, { requestId, idempotencyKey, apiVersion }, () => {
          try {
            out = handler({
              params,
              id: (req.params as { id?: string }).id ?? "",
              publishable: isPublishable,
            });
          } catch (err) {
            ({ status, body: out } = errorBody(err));
          }
        });
        // Stripe keeps the result of a request that ran (not a 5xx) under its key.
        if (saved && status < 500) {
          const body = JSON.parse(JSON.stringify(out));
          idempotency.set(saved.key, { fingerprint: saved.fingerprint, status, body });
        }
        return send(status, out);
      },
    });
  };

  /** Stripe.js reads and confirms intents with the publishable key and the client secret. */
  const checkSecret = (ctx: Ctx, intent: { id: string; client_secret: string }, kind: string) => {
    const secret = str(ctx.params.client_secret);
    if (ctx.publishable && secret !== intent.client_secret) {
      throw new StripeApiError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${kind}: '${intent.id}'`,
        param: "intent",
      });
    }
    delete ctx.params.client_secret;
  };
  const expand = <T>(ctx: Ctx, value: T) => store.expand(clone(value), strings(ctx.params.expand));

  // Customers
  api("POST", "/v1/customers", (c) => expand(c, store.createCustomer(c.params)));
  api("GET", "/v1/customers", (c) =>
    store.list(store.customers.values(), c.params, "/v1/customers", (x) =>
      c.params.email ? x.email === str(c.params.email) : true,
    ),
  );
  api("GET", "/v1/customers/:id", (c) => expand(c, store.find("customers", c.id)));
  api("POST", "/v1/customers/:id", (c) => expand(c, store.updateCustomer(c.id, c.params)));
  const listPaymentMethods = (c: Ctx, customer: string) => {
    store.find("customers", customer);
    return store.list(
      store.paymentMethods.values(),
      c.params,
      `/v1/customers/${customer}/payment_methods`,
      (pm) => pm.customer === customer && (!c.params.type || pm.type === str(c.params.type)),
    );
  };
  api("GET", "/v1/customers/:id/payment_methods", (c) => listPaymentMethods(c, c.id));

  // Payment methods
  api("POST", "/v1/payment_methods", (c) => expand(c, store.createPaymentMethod(c.params)), {
    publishable: true,
  });
  api("GET", "/v1/payment_methods", (c) => {
    const customer = str(c.params.customer);
    if (!customer) {
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        code: "parameter_missing",
        message: "Missing required param: customer.",
        param: "customer",
      });
    }
    return listPaymentMethods(c, customer);
  });
  api("GET", "/v1/payment_methods/:id", (c) => expand(c, store.retrievePaymentMethod(c.id)));
  api("POST", "/v1/payment_methods/:id/attach", (c) =>
    expand(c, store.attachPaymentMethod(c.id, c.params)),
  );
  api("POST", "/v1/payment_methods/:id/detach", (c) => expand(c, store.detachPaymentMethod(c.id)));

  // Setup intents
  api("POST", "/v1/setup_intents", (c) => expand(c, store.createSetupIntent(c.params)));
  api(
    "GET",
    "/v1/setup_intents/:id",
    (c) => {
      const si = store.find("setupIntents", c.id);
      checkSecret(c, si, "setupintent");
      return expand(c, si);
    },
    { publishable: true },
  );
  api(
    "POST",
    "/v1/setup_intents/:id/confirm",
    (c) => {
      checkSecret(c, store.find("setupIntents", c.id), "setupintent");
      return expand(c, store.confirmSetupIntent(c.id, c.params));
    },
    { publishable: true },
  );

  // Payment intents
  api("POST", "/v1/payment_intents", (c) => expand(c, store.createPaymentIntent(c.params)));
  api("GET", "/v1/payment_intents", (c) =>
    store.list(store.paymentIntents.values(), c.params, "/v1/payment_intents", (pi) =>
      c.params.customer ? pi.customer === str(c.params.customer) : true,
    ),
  );
  api(
    "GET",
    "/v1/payment_intents/:id",
    (c) => {
      const pi = store.find("paymentIntents", c.id);
      checkSecret(c, pi, "payment_intent");
      return expand(c, pi);
    },
    { publishable: true },
  );
  api("POST", "/v1/payment_intents/:id", (c) =>
    expand(c, store.updatePaymentIntent(c.id, c.params)),
  );
  api(
    "POST",
    "/v1/payment_intents/:id/confirm",
    (c) => {
      checkSecret(c, store.find("paymentIntents", c.id), "payment_intent");
      return expand(c, store.confirmPaymentIntent(c.id, c.params));
    },
    { publishable: true },
  );
  api("POST", "/v1/payment_intents/:id/cancel", (c) =>
    expand(c, store.cancelPaymentIntent(c.id, c.params)),
  );

  // Charges, balance transactions, refunds, disputes
  api("GET", "/v1/charges", (c) =>
    store.list(
      store.charges.values(),
      c.params,
      "/v1/charges",
      (ch) =>
        (c.params.customer ? ch.customer === str(c.params.customer) : true) &&
        (c.params.payment_intent ? ch.payment_intent === str(c.params.payment_intent) : true),
    ),
  );
  api("GET", "/v1/charges/:id", (c) => expand(c, store.find("charges", c.id)));
  api("GET", "/v1/balance_transactions/:id", (c) =>
    expand(c, store.find("balanceTransactions", c.id)),
  );
  api("POST", "/v1/refunds", (c) => expand(c, store.createRefund(c.params)));
  api("GET", "/v1/refunds", (c) =>
    store.list(
      store.refunds.values(),
      c.params,
      "/v1/refunds",
      (re) =>
        (c.params.charge ? re.charge === str(c.params.charge) : true) &&
        (c.params.payment_intent ? re.payment_intent === str(c.params.payment_intent) : true),
    ),
  );
  api("GET", "/v1/refunds/:id", (c) => expand(c, store.find("refunds", c.id)));
  api("GET", "/v1/disputes", (c) => store.list(store.disputes.values(), c.params, "/v1/disputes"));
  api("GET", "/v1/disputes/:id", (c) => expand(c, store.find("disputes", c.id)));

  // Events
  api("GET", "/v1/events", (c) => {
    const types = [...strings(c.params.types), ...strings(c.params.type)];
    const patterns = types.map(
      (t) => new RegExp(`^${t.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`),
    );
    return store.list(store.events, c.params, "/v1/events", (e) =>
      patterns.length === 0 ? true : patterns.some((p) => p.test(e.type)),
    );
  });
  api("GET", "/v1/events/:id", (c) => {
    const event = store.events.find((e) => e.id === c.id);
    if (!event) {
      throw new StripeApiError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such event: '${c.id}'`,
        param: "id",
      });
    }
    return clone(event);
  });

  // ------------------------------------------------------------ test controls (no auth)

  const setWebhook = (url: string | null, secret?: string, deliver = true) => {
    webhook = url && secret ? { url, secret, deliver } : null;
  };
  const reset = () => {
    store.reset();
    calls.length = 0;
    deliveries.length = 0;
    idempotency.clear();
    queue.length = 0;
  };
  const dashboardRefund = (paymentIntentId: string, amount?: number) =>
    store.createRefund({
      payment_intent: paymentIntentId,
      ...(amount === undefined ? {} : { amount: String(amount) }),
    });
  const outcomeOf = (p: Params) => {
    const outcome = str(p.outcome) ?? "approve";
    if (outcome !== "approve" && outcome !== "fail") {
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        message: "outcome must be approve or fail",
        param: "outcome",
      });
    }
    return outcome;
  };

  const control = (
    method: "GET" | "POST",
    url: string,
    fn: (p: Params, id: string) => unknown | Promise<unknown>,
  ) => {
    app.route({
      method,
      url,
      handler: async (req, reply) => {
        const params = {
          ...parseForm(req.url.split("?")[1] ?? ""),
          ...toParams(req.body),
        };
        const id = (req.params as { id?: string }).id ?? "";
        let status = 200;
        let out: unknown;
        try {
          out = holdingEvents(reply, null, () => fn(params, id));
          out = await out;
        } catch (err) {
          ({ status, body: out } = errorBody(err));
        }
        return reply.code(status).send(out);
      },
    });
  };
  control("POST", "/_test/payment_intents/:id/authenticate", (p, id) =>
    store.authenticate(id, outcomeOf(p)),
  );
  control("POST", "/_test/setup_intents/:id/authenticate", (p, id) =>
    store.authenticate(id, outcomeOf(p)),
  );
  control("POST", "/_test/payment_intents/:id/fail_later", (_p, id) => store.failLater(id));
  control("POST", "/_test/payment_intents/:id/succeed", (_p, id) => store.succeed(id));
  control("POST", "/_test/payment_intents/:id/dispute", (_p, id) => store.openDispute(id));
  control("POST", "/_test/charges/:id/dispute", (_p, id) => store.openDispute(id));
  control("POST", "/_test/disputes/:id/close", (p, id) =>
    store.closeDispute(id, str(p.status) as "won" | "lost"),
  );
  control("POST", "/_test/refunds", (p) => store.createRefund(p));
  control("POST", "/_test/refunds/:id/fail", (_p, id) => store.failRefund(id));
  control("GET", "/_test/events", () => store.events);
  control("GET", "/_test/payment_intents", () => [...store.paymentIntents.values()]);
  control("GET", "/_test/calls", () => calls);
  control("GET", "/_test/deliveries", () => deliveries);
  control("POST", "/_test/webhook", (p) => {
    setWebhook(str(p.url) || null, str(p.secret), str(p.deliver) !== "false");
    return { url: webhook?.url ?? null, deliver: webhook?.deliver ?? false };
  });
  control("POST", "/_test/clock", (p) => {
    store.clockOffset += int(p.advance, "advance") ?? 0;
    return { now: store.now() };
  });
  control("GET", "/_test/delivered", async () => {
    await whenDelivered();
    return { deliveries: deliveries.length };
  });
  control("POST", "/_test/reset", () => {
    reset();
    return { reset: true };
  });

  const whenDelivered = () =>
    new Promise<void>((resolve) => {
      waiters.push(resolve);
      settle();
    });

  await app.listen({ host: "127.0.0.1", port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : (options.port ?? 0);
  const values = <T>(map: Map<string, T>) => [...map.values()].map(clone);

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async close() {
      closed = true;
      await app.close();
      queue.length = 0;
      for (const resolve of waiters.splice(0)) resolve();
    },
    authenticate: (id, outcome) => clone(store.authenticate(id, outcome)),
    succeed: (id) => clone(store.succeed(id)),
    failLater: (id) => clone(store.failLater(id)),
    dashboardRefund: (id, amount) => clone(dashboardRefund(id, amount)),
    failRefund: (id) => clone(store.failRefund(id)),
    openDispute: (id) => clone(store.openDispute(id)),
    closeDispute: (id, status) => clone(store.closeDispute(id, status)),
    events: () => store.events.map(clone),
    paymentIntents: () => values(store.paymentIntents),
    charges: () => values(store.charges),
    refunds: () => values(store.refunds),
    customers: () => values(store.customers),
    paymentMethods: () => values(store.paymentMethods),
    deliveries,
    calls,
    setWebhook,
    whenDelivered,
    advanceClock(seconds) {
      store.clockOffset += seconds;
    },
    reset,
    store,
  };
}
