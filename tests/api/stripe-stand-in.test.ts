import { runInNewContext } from "node:vm";
import Fastify from "fastify";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type StripeStandIn, startStripeStandIn } from "../support/stripe-stand-in/server";

// The Stripe stand-in, driven by the real `stripe` SDK over HTTP, as the app drives it.
let standIn: StripeStandIn;
let stripe: Stripe;
const connect = (key: string) =>
  new Stripe(key, {
    host: "127.0.0.1",
    port: standIn.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });

beforeAll(async () => {
  standIn = await startStripeStandIn({ retryDelayMs: 20 });
  stripe = connect("sk_test_stand_in");
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

const pay = (payment_method: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
  stripe.paymentIntents.create({
    amount: 1999,
    currency: "usd",
    payment_method,
    confirm: true,
    automatic_payment_methods: { enabled: true, allow_redirects: "never" },
    ...extra,
  });
const eventTypes = (objectId?: string) =>
  standIn
    .events()
    .filter((e) => !objectId || (e.data.object as { id: string }).id === objectId)
    .map((e) => e.type);
const control = (path: string, body: unknown = {}) =>
  fetch(`${standIn.url}/_test/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("payments", () => {
  it("charges 4242 with a charge and a balance transaction (fee and net)", async () => {
    const pi = await pay("pm_card_visa", {
      metadata: { user_id: "3" },
      description: "Order 12",
      expand: ["latest_charge.balance_transaction"],
    });
    expect(pi.status).toBe("succeeded");
    expect(pi.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(pi.metadata).toEqual({ user_id: "3" });
    expect(pi.amount_received).toBe(1999);
    expect(pi.payment_method).toMatch(/^pm_/);
    expect(pi.payment_method).not.toBe("pm_card_visa");
    const charge = pi.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({
      object: "charge",
      amount: 1999,
      amount_refunded: 0,
      refunded: false,
      captured: true,
      paid: true,
      status: "succeeded",
      payment_intent: pi.id,
      livemode: false,
    });
    expect(charge.payment_method_details?.card).toMatchObject({ brand: "visa", last4: "4242" });
    const txn = charge.balance_transaction as Stripe.BalanceTransaction;
    expect(txn).toMatchObject({ amount: 1999, fee: 88, net: 1911, currency: "usd" });

    // Unexpanded: ids, and the same objects by GET.
    const again = await stripe.paymentIntents.retrieve(pi.id);
    expect(again.latest_charge).toBe(charge.id);
    const fetched = await stripe.charges.retrieve(charge.id);
    expect(fetched.balance_transaction).toBe(txn.id);
    expect((await stripe.balanceTransactions.retrieve(txn.id)).net).toBe(1911);
    expect(eventTypes(pi.id)).toEqual(["payment_intent.created", "payment_intent.succeeded"]);
    expect(eventTypes(charge.id)).toEqual(["charge.succeeded"]);
  });

  it("creates payment methods from card numbers and tokens, with their test-card behaviour", async () => {
    const mastercard = await stripe.paymentMethods.create({
      type: "card",
      card: { number: "5555555555554444", exp_month: 12, exp_year: 2040, cvc: "123" },
    });
    expect(mastercard.card).toMatchObject({
      brand: "mastercard",
      last4: "4444",
      exp_month: 12,
      exp_year: 2040,
      country: "US",
    });
    expect(mastercard.card?.fingerprint).toBeTruthy();
    expect((await pay(mastercard.id)).status).toBe("succeeded");

    const token = await stripe.paymentMethods.create({ type: "card", card: { token: "tok_visa" } });
    expect(token.card?.last4).toBe("4242");
    expect((await stripe.paymentMethods.retrieve(token.id)).id).toBe(token.id);

    const declining = await stripe.paymentMethods.create({
      type: "card",
      card: { number: "4000000000000002", exp_month: 1, exp_year: 2039 },
    });
    await expect(pay(declining.id)).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);

    const unknown = stripe.paymentMethods.create({
      type: "card",
      card: { number: "4111111111111112", exp_month: 1, exp_year: 2039 },
    });
    await expect(unknown).rejects.toMatchObject({
      type: "StripeCardError",
      code: "incorrect_number",
      statusCode: 402,
    });
  });

  it("declines 0002 with a StripeCardError carrying the intent", async () => {
    const error = await pay("pm_card_chargeDeclined").then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const cardError = error as Stripe.errors.StripeCardError;
    expect(cardError.statusCode).toBe(402);
    expect(cardError.code).toBe("card_declined");
    expect(cardError.decline_code).toBe("generic_decline");
    expect(cardError.payment_intent?.status).toBe("requires_payment_method");
    expect(cardError.payment_intent?.last_payment_error?.code).toBe("card_declined");
    expect(eventTypes(cardError.payment_intent?.id)).toEqual([
      "payment_intent.created",
      "payment_intent.payment_failed",
    ]);
  });

  it("asks 3155 for 3-D Secure, then succeeds once authenticated", async () => {
    const pi = await pay("pm_card_authenticationRequired");
    expect(pi.status).toBe("requires_action");
    expect(pi.next_action?.type).toBe("use_stripe_sdk");
    expect(pi.client_secret).toMatch(new RegExp(`^${pi.id}_secret_\\w+$`));
    expect(pi.latest_charge).toBeNull();

    const approved = standIn.authenticate(pi.id, "approve");
    expect(approved.status).toBe("succeeded");
    const after = await stripe.paymentIntents.retrieve(pi.id, { expand: ["latest_charge"] });
    expect(after.status).toBe("succeeded");
    expect((after.latest_charge as Stripe.Charge).payment_method_details?.card?.last4).toBe("3155");
    expect(eventTypes(pi.id)).toEqual([
      "payment_intent.created",
      "payment_intent.requires_action",
      "payment_intent.succeeded",
    ]);
    expect(eventTypes().slice(-2)).toEqual(["payment_intent.succeeded", "charge.succeeded"]);
  });

  it("fails 3-D Secure through the HTTP control: requires_payment_method", async () => {
    const pi = await pay("pm_card_authenticationRequired");
    const res = await control(`payment_intents/${pi.id}/authenticate`, { outcome: "fail" });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const failed = await stripe.paymentIntents.retrieve(pi.id);
    expect(failed.status).toBe("requires_payment_method");
    expect(failed.last_payment_error?.code).toBe("payment_intent_authentication_failure");
    expect(failed.last_payment_error?.message).toBe(
      "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    );
    expect(eventTypes(pi.id).at(-1)).toBe("payment_intent.payment_failed");
  });

  it("refuses 3155 off session with authentication_required", async () => {
    const customer = await stripe.customers.create({ email: "a@example.com" });
    const pm = await stripe.paymentMethods.attach("pm_card_authenticationRequired", {
      customer: customer.id,
    });
    await expect(pay(pm.id, { customer: customer.id, off_session: true })).rejects.toMatchObject({
      type: "StripeCardError",
      code: "authentication_required",
    });
  });

  it("keeps pm_card_processing processing until a control settles it", async () => {
    const later = await pay("pm_card_processing");
    expect(later.status).toBe("processing");
    expect(standIn.failLater(later.id).status).toBe("requires_payment_method");
    expect(eventTypes(later.id)).toEqual([
      "payment_intent.created",
      "payment_intent.processing",
      "payment_intent.payment_failed",
    ]);

    const settled = await pay("pm_card_processing");
    expect((await control(`payment_intents/${settled.id}/succeed`)).status).toBe(200);
    expect((await stripe.paymentIntents.retrieve(settled.id)).status).toBe("succeeded");
  });

  it("confirms and cancels intents created without confirm", async () => {
    const open = await stripe.paymentIntents.create({ amount: 500, currency: "eur" });
    expect(open.status).toBe("requires_payment_method");
    const updated = await stripe.paymentIntents.update(open.id, { metadata: { order: "7" } });
    expect(updated.metadata).toEqual({ order: "7" });
    const confirmed = await stripe.paymentIntents.confirm(open.id, {
      payment_method: "pm_card_mastercard",
    });
    expect(confirmed.status).toBe("succeeded");

    const abandoned = await stripe.paymentIntents.create({ amount: 500, currency: "eur" });
    const canceled = await stripe.paymentIntents.cancel(abandoned.id);
    expect(canceled.status).toBe("canceled");
    expect(eventTypes(abandoned.id).at(-1)).toBe("payment_intent.canceled");
    await expect(stripe.paymentIntents.cancel(confirmed.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    await expect(stripe.paymentIntents.retrieve("pi_missing")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "resource_missing",
      statusCode: 404,
    });
  });
});

describe("idempotency", () => {
  it("replays the first answer for the same key and records a single intent", async () => {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 1200,
      currency: "usd",
      payment_method: "pm_card_visa",
      confirm: true,
    };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: "order-1" });
    const second = await stripe.paymentIntents.create(params, { idempotencyKey: "order-1" });
    expect(second.id).toBe(first.id);
    expect(second).toEqual(first);
    expect(standIn.paymentIntents()).toHaveLength(1);
    expect(standIn.charges()).toHaveLength(1);
    const keyed = standIn.calls.filter((c) => c.idempotencyKey === "order-1");
    expect(keyed.map((c) => [c.method, c.path, c.replayed])).toEqual([
      ["POST", "/v1/payment_intents", false],
      ["POST", "/v1/payment_intents", true],
    ]);

    await expect(
      stripe.paymentIntents.create({ ...params, amount: 1300 }, { idempotencyKey: "order-1" }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

    // A decline is replayed too, and charges nothing more.
    const declined = { ...params, payment_method: "pm_card_chargeDeclined" };
    const a = await stripe.paymentIntents
      .create(declined, { idempotencyKey: "order-2" })
      .catch((e: Stripe.errors.StripeCardError) => e.payment_intent?.id);
    const b = await stripe.paymentIntents
      .create(declined, { idempotencyKey: "order-2" })
      .catch((e: Stripe.errors.StripeCardError) => e.payment_intent?.id);
    expect(a).toBe(b);
    expect(standIn.paymentIntents()).toHaveLength(2);
  });
});

describe("refunds and disputes", () => {
  it("refunds in full once; a second refund fails", async () => {
    const pi = await pay("pm_card_visa");
    const refund = await stripe.refunds.create(
      { payment_intent: pi.id, reason: "requested_by_customer", metadata: { item: "4" } },
      { idempotencyKey: "refund-1" },
    );
    expect(refund).toMatchObject({
      object: "refund",
      amount: 1999,
      status: "succeeded",
      payment_intent: pi.id,
      charge: pi.latest_charge,
      metadata: { item: "4" },
    });
    expect(refund.id).toMatch(/^re_/);
    expect(refund.balance_transaction).toMatch(/^txn_/);
    const charge = await stripe.charges.retrieve(pi.latest_charge as string);
    expect(charge.amount_refunded).toBe(1999);
    expect(charge.refunded).toBe(true);
    expect(charge.refunds?.data.map((r) => r.id)).toEqual([refund.id]);

    await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "charge_already_refunded",
    });
    expect((await stripe.refunds.retrieve(refund.id)).status).toBe("succeeded");
    expect((await stripe.refunds.list({ payment_intent: pi.id })).data).toHaveLength(1);
  });

  it("refunds in parts, never more than is left", async () => {
    const pi = await pay("pm_card_visa", { amount: 1000 });
    await stripe.refunds.create({ payment_intent: pi.id, amount: 400 });
    await expect(
      stripe.refunds.create({ payment_intent: pi.id, amount: 700 }),
    ).rejects.toMatchObject({ type: "StripeInvalidRequestError", param: "amount" });
    const rest = await stripe.refunds.create({ charge: pi.latest_charge as string });
    expect(rest.amount).toBe(600);
  });

  it("makes a dashboard refund, then fails it", async () => {
    const pi = await pay("pm_card_visa");
    const refund = standIn.dashboardRefund(pi.id, 500);
    expect(refund.status).toBe("succeeded");
    expect(eventTypes().slice(-2)).toEqual(["charge.refunded", "refund.created"]);
    const refundedEvent = standIn.events().at(-2)!;
    expect(refundedEvent.request.id).toBeNull();
    expect((refundedEvent.data.object as { amount_refunded: number }).amount_refunded).toBe(500);

    const failed = standIn.failRefund(refund.id);
    expect(failed.status).toBe("failed");
    expect(failed.failure_reason).toBeTruthy();
    expect(eventTypes().slice(-2)).toEqual(["refund.updated", "refund.failed"]);
    const charge = await stripe.charges.retrieve(pi.latest_charge as string);
    expect(charge.amount_refunded).toBe(0);

    const res = await control("refunds", { payment_intent: pi.id, amount: 250 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { amount: number }).amount).toBe(250);
  });

  it("opens and closes a dispute", async () => {
    const pi = await pay("pm_card_visa");
    const dispute = standIn.openDispute(pi.id);
    expect(dispute).toMatchObject({
      object: "dispute",
      charge: pi.latest_charge,
      payment_intent: pi.id,
      amount: 1999,
      status: "needs_response",
      reason: "fraudulent",
    });
    expect(dispute.id).toMatch(/^dp_/);
    expect(eventTypes().at(-1)).toBe("charge.dispute.created");
    const res = await control(`disputes/${dispute.id}/close`, { status: "lost" });
    expect(res.status).toBe(200);
    const closed = standIn.events().at(-1)!;
    expect(closed.type).toBe("charge.dispute.closed");
    expect((closed.data.object as { status: string }).status).toBe("lost");
    await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({
      code: "charge_disputed",
    });
  });
});

describe("events", () => {
  it("lists newest first with created[gte], type filters and pagination", async () => {
    const early = await pay("pm_card_visa");
    standIn.advanceClock(60);
    const cut = Math.floor(Date.now() / 1000) + 60;
    const late = await pay("pm_card_mastercard");

    const all = await stripe.events.list({ limit: 100 });
    expect(all.data.map((e) => e.type)).toEqual([
      "charge.succeeded",
      "payment_intent.succeeded",
      "payment_intent.created",
      "charge.succeeded",
      "payment_intent.succeeded",
      "payment_intent.created",
    ]);
    expect(all.has_more).toBe(false);

    const recent = await stripe.events.list({ created: { gte: cut } });
    expect(recent.data).toHaveLength(3);
    expect(recent.data.every((e) => (e.data.object as { id: string }).id !== early.id)).toBe(true);

    const page1 = await stripe.events.list({ limit: 4 });
    expect(page1.has_more).toBe(true);
    const page2 = await stripe.events.list({ limit: 4, starting_after: page1.data.at(-1)!.id });
    expect(page2.has_more).toBe(false);
    expect([...page1.data, ...page2.data].map((e) => e.id)).toEqual(all.data.map((e) => e.id));

    const succeeded = await stripe.events.list({ type: "payment_intent.succeeded" });
    expect(succeeded.data.map((e) => (e.data.object as Stripe.PaymentIntent).id)).toEqual([
      late.id,
      early.id,
    ]);
    const some = await stripe.events.list({
      types: ["charge.succeeded", "payment_intent.created"],
    });
    expect(some.data).toHaveLength(4);
    const one = await stripe.events.retrieve(succeeded.data[0]!.id);
    expect(one).toMatchObject({
      object: "event",
      livemode: false,
      type: "payment_intent.succeeded",
    });
    expect(one.api_version).toBeTruthy();

    const intents = await stripe.paymentIntents.list({ limit: 1 });
    expect(intents.data[0]!.id).toBe(late.id);
    expect(intents.has_more).toBe(true);
  });
});

describe("webhooks", () => {
  it("posts signed events in order after the answer, retrying a failed post", async () => {
    const secret = "whsec_stand_in_test";
    const received: string[] = [];
    let refuseFirst = true;
    // Like the app holding a database lock while it waits for Stripe's answer: the receiver does
    // not answer until the API call has returned, so a stand-in that delivered before answering
    // would hang here.
    let markAnswered = () => {};
    const answered = new Promise<void>((resolve) => {
      markAnswered = resolve;
    });
    const receiver = Fastify();
    receiver.addContentTypeParser("application/json", { parseAs: "string" }, (_r, body, done) =>
      done(null, body),
    );
    receiver.post("/webhooks/stripe", async (req, reply) => {
      await answered;
      if (refuseFirst) {
        refuseFirst = false;
        return reply.code(503).send("busy");
      }
      // How the app verifies it (tolerance 300 s).
      const event = stripe.webhooks.constructEvent(
        req.body as string,
        req.headers["stripe-signature"] as string,
        secret,
      );
      received.push(event.type);
      return { received: true };
    });
    const address = await receiver.listen({ host: "127.0.0.1", port: 0 });
    try {
      standIn.setWebhook(`${address}/webhooks/stripe`, secret);
      const pi = await pay("pm_card_visa");
      markAnswered();
      await standIn.whenDelivered();
      expect(received).toEqual([
        "payment_intent.created",
        "payment_intent.succeeded",
        "charge.succeeded",
      ]);
      const firstEvent = standIn.events()[0]!;
      expect(
        standIn.deliveries.filter((d) => d.eventId === firstEvent.id).map((d) => d.status),
      ).toEqual([503, 200]);
      expect(firstEvent.request.id).toMatch(/^req_/);
      expect((firstEvent.data.object as { id: string }).id).toBe(pi.id);

      // Turned off: events are kept but not posted.
      standIn.setWebhook(`${address}/webhooks/stripe`, secret, false);
      await stripe.customers.create({ email: "b@example.com" });
      await standIn.whenDelivered();
      expect(received).toHaveLength(3);
      expect(eventTypes().at(-1)).toBe("customer.created");
    } finally {
      standIn.setWebhook(null);
      await receiver.close();
    }
  });
});

describe("customers, payment methods and setup intents", () => {
  it("attaching pm_card_visa makes a new payment method for the customer", async () => {
    const customer = await stripe.customers.create({
      email: "buyer@example.com",
      metadata: { user_id: "9" },
    });
    expect(customer.id).toMatch(/^cus_/);
    expect(customer.metadata).toEqual({ user_id: "9" });
    const pm = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    expect(pm.id).toMatch(/^pm_/);
    expect(pm.id).not.toBe("pm_card_visa");
    expect(pm.customer).toBe(customer.id);
    expect(eventTypes(pm.id)).toEqual(["payment_method.attached"]);

    const listed = await stripe.customers.listPaymentMethods(customer.id);
    expect(listed.data.map((p) => p.id)).toEqual([pm.id]);
    const updated = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: pm.id },
    });
    expect(updated.invoice_settings.default_payment_method).toBe(pm.id);
    const off = await pay(pm.id, { customer: customer.id, off_session: true });
    expect(off.status).toBe("succeeded");
    const detached = await stripe.paymentMethods.detach(pm.id);
    expect(detached.customer).toBeNull();
  });

  it("sets up cards: visa succeeds and attaches, 3155 requires action", async () => {
    const customer = await stripe.customers.create({ email: "c@example.com" });
    const ok = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: "pm_card_visa",
      confirm: true,
      usage: "off_session",
    });
    expect(ok.status).toBe("succeeded");
    const attached = await stripe.paymentMethods.retrieve(ok.payment_method as string);
    expect(attached.customer).toBe(customer.id);
    expect(eventTypes(ok.id).at(-1)).toBe("setup_intent.succeeded");

    const challenge = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: "pm_card_authenticationRequired",
      confirm: true,
    });
    expect(challenge.status).toBe("requires_action");
    expect(challenge.client_secret).toMatch(/^seti_\w+_secret_\w+$/);
    standIn.authenticate(challenge.id, "approve");
    expect((await stripe.setupIntents.retrieve(challenge.id)).status).toBe("succeeded");
  });

  it("lets the publishable key create payment methods and read an intent by client secret only", async () => {
    const browser = connect("pk_test_stand_in");
    const pm = await browser.paymentMethods.create({
      type: "card",
      card: { number: "4242424242424242", exp_month: 4, exp_year: 2044, cvc: "424" },
    });
    expect(pm.card?.last4).toBe("4242");
    await expect(
      browser.paymentIntents.create({ amount: 1000, currency: "usd" }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);

    const pi = await pay(pm.id);
    const seen = await browser.paymentIntents.retrieve(pi.id, { client_secret: pi.client_secret! });
    expect(seen.status).toBe("succeeded");
    await expect(
      browser.paymentIntents.retrieve(pi.id, { client_secret: "wrong" }),
    ).rejects.toMatchObject({ statusCode: 404 });
    // Used once without a customer: Stripe refuses it again.
    await expect(pay(pm.id)).rejects.toMatchObject({ code: "payment_method_unexpected_state" });
  });
});

describe("stand-in Stripe.js", () => {
  it("is served at /v3 (and /endive/stripe.js for loadStripe) with CORS for the browser", async () => {
    for (const path of ["/v3", "/v3/", "/endive/stripe.js"]) {
      const res = await fetch(`${standIn.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/javascript");
      const body = await res.text();
      expect(body).toContain("window.Stripe");
      expect(() => new Function(body)).not.toThrow();
    }
    const preflight = await fetch(`${standIn.url}/v1/payment_methods`, {
      method: "OPTIONS",
      headers: {
        origin: "http://127.0.0.1:3000",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Authorization");
  });

  it("confirms and retrieves intents through https://api.stripe.com (routed here)", async () => {
    const { stripeJs } = await loadStripeJs();
    const open = await stripe.paymentIntents.create({ amount: 800, currency: "usd" });
    const confirmed = await stripeJs.confirmCardPayment(open.client_secret!, {
      payment_method: "pm_card_visa",
    });
    expect(confirmed.paymentIntent?.status).toBe("succeeded");
    expect(standIn.calls.some((c) => c.path === `/v1/payment_intents/${open.id}/confirm`)).toBe(
      true,
    );

    const declined = await stripe.paymentIntents.create({ amount: 800, currency: "usd" });
    const refused = await stripeJs.confirmCardPayment(declined.client_secret!, {
      payment_method: "pm_card_chargeDeclined",
    });
    expect(refused.error?.code).toBe("card_declined");
    expect(refused.error?.payment_intent?.status).toBe("requires_payment_method");

    const done = await stripeJs.retrievePaymentIntent(open.client_secret!);
    expect(done.paymentIntent?.id).toBe(open.id);
  });

  it("reads the card fields, creates the payment method and shows 3-D Secure", async () => {
    const { stripeJs, body, host } = await loadStripeJs();
    const card = stripeJs.elements().create("card");
    const changes: { complete: boolean; error?: { message: string } }[] = [];
    card.on("change", (e) => changes.push(e as (typeof changes)[number]));
    card.mount(host);
    const field = (label: string) => host.all().find((n) => n.attributes["aria-label"] === label)!;
    expect(host.all().some((n) => n.attributes["data-stripe-stand-in"] === "card")).toBe(true);

    const incomplete = await stripeJs.createPaymentMethod({ type: "card", card });
    expect(incomplete.error).toMatchObject({
      code: "incomplete_number",
      message: "Your card number is incomplete.",
    });
    field("Card number").enter("4242 4242 4242 4241");
    expect(changes.at(-1)?.error?.message).toBe("Your card number is invalid.");
    field("Card number").enter("4000 0025 0000 3155");
    field("Expiration date (MM / YY)").enter("12 / 40");
    field("CVC").enter("123");
    expect(changes.at(-1)).toMatchObject({ complete: true });
    const created = await stripeJs.createPaymentMethod({ type: "card", card });
    expect(created.paymentMethod?.card?.last4).toBe("3155");

    // The app confirms on the server; the page finishes 3-D Secure.
    const pi = await pay(created.paymentMethod!.id);
    expect(pi.status).toBe("requires_action");
    const pending = stripeJs.handleNextAction({ clientSecret: pi.client_secret! });
    const dialog = await waitFor(() => body.all().find((n) => n.attributes.role === "dialog"));
    expect(dialog.attributes["aria-label"]).toBe("3D Secure authentication");
    expect(dialog.all().some((n) => n.textContent === "Test 3D Secure 2 payment")).toBe(true);
    dialog
      .all()
      .find((n) => n.textContent === "Complete authentication")!
      .click();
    const result = await pending;
    expect(result.paymentIntent?.status).toBe("succeeded");
    expect(body.all().some((n) => n.attributes.role === "dialog")).toBe(false);

    // Failing it: confirmCardPayment with the card element.
    const second = await stripe.paymentIntents.create({ amount: 900, currency: "usd" });
    const failing = stripeJs.confirmCardPayment(second.client_secret!, {
      payment_method: { card },
    });
    const again = await waitFor(() => body.all().find((n) => n.attributes.role === "dialog"));
    again
      .all()
      .find((n) => n.textContent === "Fail authentication")!
      .click();
    const failed = await failing;
    expect(failed.error).toMatchObject({
      code: "payment_intent_authentication_failure",
      message:
        "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    });
    expect(failed.error?.payment_intent?.status).toBe("requires_payment_method");

    // Saving the card: confirmCardSetup through the SetupIntent confirm endpoint.
    const customer = await stripe.customers.create({ email: "d@example.com" });
    const setup = await stripe.setupIntents.create({ customer: customer.id });
    field("Card number").enter("4242424242424242");
    const saved = await stripeJs.confirmCardSetup(setup.client_secret!, {
      payment_method: { card },
    });
    expect(saved.setupIntent?.status).toBe("succeeded");
    const pm = await stripe.paymentMethods.retrieve(saved.setupIntent!.payment_method as string);
    expect(pm.customer).toBe(customer.id);
  });
});

// ------------------------------------------------------------------ Stripe.js without a browser

type JsResult = {
  paymentIntent?: Stripe.PaymentIntent;
  setupIntent?: Stripe.SetupIntent;
  paymentMethod?: Stripe.PaymentMethod;
  error?: { type: string; code: string; message: string; payment_intent?: Stripe.PaymentIntent };
};
type CardElement = {
  mount(target: unknown): CardElement;
  on(event: string, handler: (e: unknown) => void): CardElement;
};
type StripeJs = {
  elements(): { create(type: string): CardElement };
  createPaymentMethod(arg: unknown): Promise<JsResult>;
  confirmCardPayment(clientSecret: string, data?: unknown): Promise<JsResult>;
  confirmCardSetup(clientSecret: string, data?: unknown): Promise<JsResult>;
  handleNextAction(arg: { clientSecret: string }): Promise<JsResult>;
  retrievePaymentIntent(clientSecret: string): Promise<JsResult>;
};

/** Just enough DOM for the stand-in Stripe.js: elements, attributes, events. */
class FakeNode {
  children: FakeNode[] = [];
  parentNode: FakeNode | null = null;
  attributes: Record<string, string> = {};
  listeners: Record<string, (() => void)[]> = {};
  style = { cssText: "" };
  classList = { add() {}, remove() {} };
  value = "";
  textContent = "";
  disabled = false;
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: string) {
    this.attributes[name] = String(value);
  }
  appendChild(child: FakeNode) {
    child.parentNode = this;
    this.children.push(child);
    return child;
  }
  removeChild(child: FakeNode) {
    this.children = this.children.filter((c) => c !== child);
    child.parentNode = null;
    return child;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners[type] = [...(this.listeners[type] ?? []), listener];
  }
  focus() {}
  blur() {}
  click() {
    for (const listener of this.listeners.click ?? []) listener();
  }
  enter(value: string) {
    this.value = value;
    for (const listener of this.listeners.input ?? []) listener();
  }
  all(): FakeNode[] {
    return [this, ...this.children.flatMap((c) => c.all())];
  }
}

async function loadStripeJs() {
  const script = await (await fetch(`${standIn.url}/v3`)).text();
  const body = new FakeNode("body");
  const host = body.appendChild(new FakeNode("div"));
  const document = {
    body,
    createElement: (tag: string) => new FakeNode(tag),
    querySelector: (selector: string) => (selector === "#card" ? host : null),
  };
  const window: { Stripe?: (key: string) => StripeJs } = {};
  // What the browser tests' routing does: api.stripe.com is the stand-in.
  const routedFetch = (url: string, init?: RequestInit) =>
    fetch(url.replace("https://api.stripe.com", standIn.url), init);
  runInNewContext(script, { window, document, fetch: routedFetch, setTimeout });
  return { stripeJs: window.Stripe!("pk_test_stand_in"), body, host };
}

async function waitFor<T>(find: () => T | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const found = find();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("waited 2 s for it");
}
