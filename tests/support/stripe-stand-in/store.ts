import { randomBytes } from "node:crypto";
import {
  type CardBehaviour,
  cardByNumber,
  fingerprint,
  magicPaymentMethod,
  type TestCard,
  testToken,
} from "./cards";
import type { FormValue, Params } from "./form";

// The stand-in's state and everything that changes it. Every operation is synchronous, so two
// requests never interleave inside one; errors are thrown as StripeApiError and turned into
// Stripe's `{ error: {...} }` bodies by the server.

type Json = Record<string, unknown>;
type Metadata = Record<string, string>;

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json & { type: string; message: string },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, extra: Json = {}) =>
  new StripeApiError(400, { type: "invalid_request_error", message, ...extra });
/** A GET of an id that does not exist. */
const notFound = (kind: string, id: string) =>
  new StripeApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    param: "id",
  });
/** A parameter naming an object that does not exist. */
const noSuchParam = (kind: string, id: string, param: string) =>
  invalid(`No such ${kind}: '${id}'`, { code: "resource_missing", param });
const unexpectedState = (message: string, extra: Json = {}) =>
  invalid(message, { code: "payment_intent_unexpected_state", ...extra });

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const randomId = (prefix: string, length = 24) =>
  `${prefix}_${Array.from(randomBytes(length), (b) => ALPHABET[b % ALPHABET.length]).join("")}`;

const AUTH_FAILURE =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";
const DECLINES: Record<"decline" | "insufficient_funds" | "authentication_required", Json> = {
  decline: {
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined.",
  },
  insufficient_funds: {
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  authentication_required: {
    code: "authentication_required",
    decline_code: "authentication_required",
    message: "Your card was declined. This transaction requires authentication.",
  },
};

// ---------------------------------------------------------------- reading parameters

export const str = (v: FormValue | undefined): string | undefined =>
  typeof v === "string" ? v : undefined;
const obj = (v: FormValue | undefined): Params | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? v : undefined;
export const strings = (v: FormValue | undefined): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : v ? [String(v)] : [];

export function int(v: FormValue | undefined, param: string): number | undefined {
  if (v === undefined || v === "") return undefined;
  if (typeof v !== "string" || !/^-?\d+$/.test(v)) {
    throw invalid(`Invalid integer: ${typeof v === "string" ? v : "object"}`, { param });
  }
  return Number(v);
}
const bool = (v: FormValue | undefined) => v === "true" || v === "1";

/** Stripe's metadata update: keys set to "" are removed; metadata="" clears all. */
function mergeMetadata(current: Metadata, v: FormValue | undefined): Metadata {
  if (v === undefined) return current;
  if (v === "") return {};
  const next = { ...current };
  for (const [k, value] of Object.entries(obj(v) ?? {})) {
    if (value === "") delete next[k];
    else next[k] = String(value);
  }
  return next;
}

// ---------------------------------------------------------------- the objects

export type Customer = {
  id: string;
  object: "customer";
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  address: null;
  balance: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  invoice_settings: { default_payment_method: string | null; custom_fields: null; footer: null };
  livemode: false;
  metadata: Metadata;
};

export type PaymentMethod = {
  id: string;
  object: "payment_method";
  type: "card";
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  allow_redisplay: "unspecified";
  billing_details: Json;
  card: {
    brand: string;
    display_brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    fingerprint: string;
    country: "US";
    funding: "credit";
    checks: Json;
    networks: Json;
    three_d_secure_usage: { supported: true };
    wallet: null;
    generated_from: null;
  };
};

export type PaymentIntent = {
  id: string;
  object: "payment_intent";
  created: number;
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  description: string | null;
  receipt_email: string | null;
  metadata: Metadata;
  status:
    | "requires_payment_method"
    | "requires_confirmation"
    | "requires_action"
    | "processing"
    | "succeeded"
    | "canceled";
  payment_method: string | null;
  payment_method_types: string[];
  automatic_payment_methods: { enabled: boolean; allow_redirects: string } | null;
  latest_charge: string | null;
  last_payment_error: Json | null;
  next_action: Json | null;
  client_secret: string;
  capture_method: "automatic";
  confirmation_method: "automatic";
  setup_future_usage: string | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  statement_descriptor: null;
  livemode: false;
};

export type Charge = {
  id: string;
  object: "charge";
  created: number;
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: string | null;
  billing_details: Json;
  captured: boolean;
  currency: string;
  customer: string | null;
  description: string | null;
  disputed: boolean;
  failure_code: string | null;
  failure_message: string | null;
  livemode: false;
  metadata: Metadata;
  outcome: Json;
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: "card"; card: Json };
  receipt_email: string | null;
  refunded: boolean;
  refunds: { object: "list"; data: Refund[]; has_more: false; total_count: number; url: string };
  status: "succeeded" | "pending" | "failed";
};

export type BalanceTransaction = {
  id: string;
  object: "balance_transaction";
  created: number;
  available_on: number;
  amount: number;
  currency: string;
  description: string | null;
  fee: number;
  fee_details: Json[];
  net: number;
  reporting_category: string;
  source: string;
  status: "pending" | "available";
  type: string;
};

export type Refund = {
  id: string;
  object: "refund";
  created: number;
  amount: number;
  balance_transaction: string | null;
  failure_balance_transaction?: string;
  failure_reason?: string;
  charge: string;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  status: "pending" | "succeeded" | "failed" | "canceled";
};

export type Dispute = {
  id: string;
  object: "dispute";
  created: number;
  amount: number;
  balance_transactions: BalanceTransaction[];
  charge: string;
  currency: string;
  evidence_details: Json;
  is_charge_refundable: boolean;
  livemode: false;
  metadata: Metadata;
  payment_intent: string;
  reason: string;
  status: "needs_response" | "under_review" | "won" | "lost";
};

export type SetupIntent = {
  id: string;
  object: "setup_intent";
  created: number;
  client_secret: string;
  customer: string | null;
  description: string | null;
  last_setup_error: Json | null;
  livemode: false;
  metadata: Metadata;
  next_action: Json | null;
  payment_method: string | null;
  payment_method_types: string[];
  status:
    | "requires_payment_method"
    | "requires_confirmation"
    | "requires_action"
    | "succeeded"
    | "canceled";
  usage: string;
};

export type StripeEvent = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: Json; previous_attributes?: Json };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

export type StripeList<T> = { object: "list"; data: T[]; has_more: boolean; url: string };

type AnyObject =
  | Customer
  | PaymentMethod
  | PaymentIntent
  | Charge
  | BalanceTransaction
  | Refund
  | Dispute
  | SetupIntent
  | StripeEvent;

const clone = <T>(value: T): T => structuredClone(value);

// ---------------------------------------------------------------- the store

export type RequestContext = {
  requestId: string;
  idempotencyKey: string | null;
  apiVersion: string;
};

export class Store {
  customers = new Map<string, Customer>();
  paymentMethods = new Map<string, PaymentMethod>();
  paymentIntents = new Map<string, PaymentIntent>();
  charges = new Map<string, Charge>();
  balanceTransactions = new Map<string, BalanceTransaction>();
  refunds = new Map<string, Refund>();
  disputes = new Map<string, Dispute>();
  setupIntents = new Map<string, SetupIntent>();
  events: StripeEvent[] = [];
  /** What each payment method does when charged (not part of the JSON). */
  private cardOf = new Map<string, TestCard>();
  /** Payment intents confirmed off_session. */
  private offSession = new Set<string>();
  /** A payment method used by a payment without a customer can't be used again (as on Stripe). */
  private consumedBy = new Map<string, string>();
  /** Seconds added to the clock, so tests can create objects at different times. */
  clockOffset = 0;
  /** Set by the server around each request: events name the request that caused them. */
  context: RequestContext | null = null;

  constructor(
    private readonly defaultApiVersion: string,
    /** Called for every new event; returns its pending_webhooks count. */
    private readonly onEvent: (event: StripeEvent) => void,
    private readonly webhookActive: () => boolean,
  ) {}

  reset() {
    for (const map of [
      this.customers,
      this.paymentMethods,
      this.paymentIntents,
      this.charges,
      this.balanceTransactions,
      this.refunds,
      this.disputes,
      this.setupIntents,
      this.cardOf,
      this.consumedBy,
    ]) {
      map.clear();
    }
    this.offSession.clear();
    this.events.length = 0;
    this.clockOffset = 0;
  }

  now() {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  /** Any object by its id, from its prefix. */
  lookup(id: string): AnyObject | undefined {
    const prefix = id.slice(0, id.indexOf("_"));
    const maps: Record<string, Map<string, AnyObject>> = {
      cus: this.customers,
      pm: this.paymentMethods,
      pi: this.paymentIntents,
      ch: this.charges,
      txn: this.balanceTransactions,
      re: this.refunds,
      dp: this.disputes,
      seti: this.setupIntents,
    };
    if (prefix === "evt") return this.events.find((e) => e.id === id);
    return maps[prefix]?.get(id);
  }

  emit(type: string, object: AnyObject, previous?: Json) {
    const event: StripeEvent = {
      id: randomId("evt"),
      object: "event",
      api_version: this.context?.apiVersion ?? this.defaultApiVersion,
      created: this.now(),
      data: { object: clone(object) as unknown as Json },
      livemode: false,
      pending_webhooks: this.webhookActive() ? 1 : 0,
      request: {
        id: this.context?.requestId ?? null,
        idempotency_key: this.context?.idempotencyKey ?? null,
      },
      type,
    };
    if (previous) event.data.previous_attributes = previous;
    this.events.push(event);
    this.onEvent(event);
  }

  // -------------------------------------------------------------- reading

  /** The object of that kind, or Stripe's 404 resource_missing. */
  find<K extends keyof StoreMaps>(kind: K, id: string): StoreMaps[K] {
    const names: Record<keyof StoreMaps, string> = {
      customers: "customer",
      paymentMethods: "PaymentMethod",
      paymentIntents: "payment_intent",
      charges: "charge",
      balanceTransactions: "balance_transaction",
      refunds: "refund",
      disputes: "dispute",
      setupIntents: "setup_intent",
    };
    const found = (this[kind] as Map<string, StoreMaps[K]>).get(id);
    if (!found) throw notFound(names[kind], id);
    return found;
  }

  /** Stripe's `expand[]`: ids at the given paths become the objects (`data.` for lists). */
  expand<T>(value: T, paths: string[]): T {
    const out = clone(value);
    const walk = (target: unknown, parts: string[]) => {
      const [head, ...rest] = parts;
      if (!head || !target || typeof target !== "object") return;
      const record = target as Json;
      if (head === "data" && Array.isArray(record.data)) {
        for (const item of record.data) walk(item, rest);
        return;
      }
      let next = record[head];
      if (typeof next === "string") {
        const found = this.lookup(next);
        if (found) record[head] = next = clone(found);
      }
      walk(next, rest);
    };
    for (const path of paths) walk(out, path.split("."));
    return out;
  }

  /** Newest first, Stripe's cursor pagination and `created` filter. */
  list<T extends { id: string; created: number }>(
    items: Iterable<T>,
    p: Params,
    url: string,
    filter: (item: T) => boolean = () => true,
  ): StripeList<T> {
    const limit = int(p.limit, "limit") ?? 10;
    if (limit < 1 || limit > 100) {
      throw invalid(`This value must be between 1 and 100 (it currently is ${limit}).`, {
        param: "limit",
      });
    }
    const created = p.created;
    const range = obj(created) ?? (str(created) ? { eq: str(created)! } : {});
    const bound = (k: string) => int(range[k], `created[${k}]`);
    const [gt, gte, lt, lte, eq] = ["gt", "gte", "lt", "lte", "eq"].map(bound);
    let rows = [...items].reverse().filter((item) => {
      const c = item.created;
      return (
        (gt === undefined || c > gt) &&
        (gte === undefined || c >= gte) &&
        (lt === undefined || c < lt) &&
        (lte === undefined || c <= lte) &&
        (eq === undefined || c === eq) &&
        filter(item)
      );
    });
    const cursor = (param: string) => {
      const id = str(p[param]);
      if (!id) return undefined;
      const at = rows.findIndex((r) => r.id === id);
      if (at === -1) throw invalid(`No such object: '${id}'`, { code: "resource_missing", param });
      return at;
    };
    const after = cursor("starting_after");
    const before = cursor("ending_before");
    let hasMore: boolean;
    if (after !== undefined) {
      rows = rows.slice(after + 1);
      hasMore = rows.length > limit;
      rows = rows.slice(0, limit);
    } else if (before !== undefined) {
      rows = rows.slice(0, before);
      hasMore = rows.length > limit;
      rows = rows.slice(Math.max(0, rows.length - limit));
    } else {
      hasMore = rows.length > limit;
      rows = rows.slice(0, limit);
    }
    return { object: "list", data: rows.map(clone), has_more: hasMore, url };
  }

  // -------------------------------------------------------------- customers

  createCustomer(p: Params): Customer {
    const customer: Customer = {
      id: randomId("cus", 14),
      object: "customer",
      created: this.now(),
      email: str(p.email) ?? null,
      name: str(p.name) ?? null,
      description: str(p.description) ?? null,
      phone: str(p.phone) ?? null,
      address: null,
      balance: 0,
      currency: null,
      default_source: null,
      delinquent: false,
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null },
      livemode: false,
      metadata: mergeMetadata({}, p.metadata),
    };
    this.customers.set(customer.id, customer);
    this.emit("customer.created", customer);
    if (str(p.payment_method)) {
      this.attachPaymentMethod(str(p.payment_method)!, { customer: customer.id });
    }
    return customer;
  }

  updateCustomer(id: string, p: Params): Customer {
    const customer = this.find("customers", id);
    const previous: Json = {};
    for (const field of ["email", "name", "description", "phone"] as const) {
      if (p[field] !== undefined) {
        previous[field] = customer[field];
        customer[field] = str(p[field]) || null;
      }
    }
    if (p.metadata !== undefined) {
      previous.metadata = customer.metadata;
      customer.metadata = mergeMetadata(customer.metadata, p.metadata);
    }
    const settings = obj(p.invoice_settings);
    if (settings && settings.default_payment_method !== undefined) {
      const pmId = str(settings.default_payment_method) || null;
      if (pmId) {
        const pm = this.paymentMethods.get(pmId);
        if (!pm || pm.customer !== id) {
          throw invalid(`No such PaymentMethod: '${pmId}'`, {
            code: "resource_missing",
            param: "invoice_settings[default_payment_method]",
          });
        }
      }
      previous.invoice_settings = clone(customer.invoice_settings);
      customer.invoice_settings.default_payment_method = pmId;
    }
    this.emit("customer.updated", customer, previous);
    return customer;
  }

  // -------------------------------------------------------------- payment methods

  private newPaymentMethod(card: TestCard, p: Params, expMonth?: number, expYear?: number) {
    const today = new Date(this.now() * 1000);
    const billing = obj(p.billing_details) ?? {};
    const address = obj(billing.address) ?? {};
    const pm: PaymentMethod = {
      id: randomId("pm"),
      object: "payment_method",
      type: "card",
      created: this.now(),
      customer: null,
      livemode: false,
      metadata: mergeMetadata({}, p.metadata),
      allow_redisplay: "unspecified",
      billing_details: {
        address: Object.fromEntries(
          ["city", "country", "line1", "line2", "postal_code", "state"].map((k) => [
            k,
            str(address[k]) ?? null,
          ]),
        ),
        email: str(billing.email) ?? null,
        name: str(billing.name) ?? null,
        phone: str(billing.phone) ?? null,
      },
      card: {
        brand: card.brand,
        display_brand: card.brand,
        last4: card.number.slice(-4),
        exp_month: expMonth ?? today.getUTCMonth() + 1,
        exp_year: expYear ?? today.getUTCFullYear() + 1,
        fingerprint: fingerprint(card.number),
        country: "US",
        funding: "credit",
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: null },
        networks: { available: [card.brand], preferred: null },
        three_d_secure_usage: { supported: true },
        wallet: null,
        generated_from: null,
      },
    };
    this.paymentMethods.set(pm.id, pm);
    this.cardOf.set(pm.id, card);
    return pm;
  }

  createPaymentMethod(p: Params): PaymentMethod {
    const type = str(p.type);
    if (type !== "card") {
      throw invalid(
        type ? `Invalid payment method type: ${type}` : "Missing required param: type.",
        {
          code: type ? "parameter_invalid_string" : "parameter_missing",
          param: "type",
        },
      );
    }
    const card = obj(p.card);
    if (!card)
      throw invalid("Missing required param: card.", { code: "parameter_missing", param: "card" });
    const token = str(card.token);
    if (token) {
      const tokenCard = testToken(token);
      if (!tokenCard) throw noSuchParam("token", token, "card[token]");
      return this.newPaymentMethod(tokenCard, p);
    }
    const number = str(card.number);
    if (!number) {
      throw invalid("Missing required param: card[number].", {
        code: "parameter_missing",
        param: "card[number]",
      });
    }
    const known = cardByNumber(number);
    if (!known) {
      throw new StripeApiError(402, {
        type: "card_error",
        code: "incorrect_number",
        message: "Your card number is incorrect.",
        param: "number",
      });
    }
    const month = int(card.exp_month, "card[exp_month]");
    let year = int(card.exp_year, "card[exp_year]");
    if (month === undefined || month < 1 || month > 12) {
      throw new StripeApiError(402, {
        type: "card_error",
        code: "invalid_expiry_month",
        message: "Your card's expiration month is invalid.",
        param: "exp_month",
      });
    }
    if (year !== undefined && year < 100) year += 2000;
    const today = new Date(this.now() * 1000);
    const past =
      year === undefined ||
      year < today.getUTCFullYear() ||
      (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1);
    if (past) {
      throw new StripeApiError(402, {
        type: "card_error",
        code: "invalid_expiry_year",
        message: "Your card's expiration year is invalid.",
        param: "exp_year",
      });
    }
    const pm = this.newPaymentMethod(known, p, month, year);
    if (str(card.cvc)) pm.card.checks.cvc_check = "unchecked";
    return pm;
  }

  /** A pm id given as a parameter: magic `pm_card_*` ids become a new payment method. */
  resolvePaymentMethod(id: string, param = "payment_method"): PaymentMethod {
    const magic = magicPaymentMethod(id);
    if (magic) return this.newPaymentMethod(magic, {});
    const pm = this.paymentMethods.get(id);
    if (!pm) throw noSuchParam("PaymentMethod", id, param);
    return pm;
  }

  retrievePaymentMethod(id: string): PaymentMethod {
    const magic = magicPaymentMethod(id);
    if (magic) return this.newPaymentMethod(magic, {});
    return this.find("paymentMethods", id);
  }

  attachPaymentMethod(id: string, p: Params): PaymentMethod {
    const customerId = str(p.customer);
    if (!customerId) {
      throw invalid("Missing required param: customer.", {
        code: "parameter_missing",
        param: "customer",
      });
    }
    if (!this.customers.has(customerId)) throw noSuchParam("customer", customerId, "customer");
    const pm = magicPaymentMethod(id)
      ? this.resolvePaymentMethod(id)
      : this.find("paymentMethods", id);
    if (pm.customer === customerId) return pm;
    if (pm.customer) {
      throw invalid("The payment method you provided has already been attached to a customer.", {
        code: "payment_method_unexpected_state",
      });
    }
    if (this.consumedBy.has(pm.id)) throw this.consumedError();
    pm.customer = customerId;
    this.emit("payment_method.attached", pm);
    return pm;
  }

  detachPaymentMethod(id: string): PaymentMethod {
    const pm = this.find("paymentMethods", id);
    if (!pm.customer) {
      throw invalid(
        "The payment method you provided is not attached to a customer so detachment is impossible.",
        {
          code: "payment_method_unexpected_state",
        },
      );
    }
    const customer = this.customers.get(pm.customer);
    if (customer?.invoice_settings.default_payment_method === pm.id) {
      customer.invoice_settings.default_payment_method = null;
    }
    const previous = { customer: pm.customer };
    pm.customer = null;
    this.consumedBy.set(pm.id, "detached");
    this.emit("payment_method.detached", pm, previous);
    return pm;
  }

  private consumedError() {
    return invalid(
      "This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.",
      { code: "payment_method_unexpected_state", param: "payment_method" },
    );
  }

  /** The rules Stripe applies before charging a payment method for a customer (or none). */
  private checkUsable(pm: PaymentMethod, customer: string | null, user: string) {
    if (pm.customer && pm.customer !== customer) {
      throw invalid(
        customer
          ? `The provided PaymentMethod ${pm.id} belongs to a different Customer.`
          : `The provided PaymentMethod was previously attached to a Customer. To use it, provide the Customer's ID (${pm.customer}).`,
        { code: "payment_method_unexpected_state", param: "payment_method" },
      );
    }
    const usedBy = this.consumedBy.get(pm.id);
    if (usedBy && usedBy !== user) throw this.consumedError();
  }

  // -------------------------------------------------------------- setup intents

  createSetupIntent(p: Params): SetupIntent {
    const customer = str(p.customer) ?? null;
    if (customer && !this.customers.has(customer)) {
      throw noSuchParam("customer", customer, "customer");
    }
    const pm = str(p.payment_method) ? this.resolvePaymentMethod(str(p.payment_method)!) : null;
    const id = randomId("seti");
    const si: SetupIntent = {
      id,
      object: "setup_intent",
      created: this.now(),
      client_secret: `${id}_secret_${randomId("x").slice(2)}`,
      customer,
      description: str(p.description) ?? null,
      last_setup_error: null,
      livemode: false,
      metadata: mergeMetadata({}, p.metadata),
      next_action: null,
      payment_method: pm?.id ?? null,
      payment_method_types: ["card"],
      status: pm ? "requires_confirmation" : "requires_payment_method",
      usage: str(p.usage) ?? "off_session",
    };
    this.setupIntents.set(id, si);
    this.emit("setup_intent.created", si);
    if (bool(p.confirm)) this.confirmSetupIntent(id, {});
    return si;
  }

  confirmSetupIntent(id: string, p: Params): SetupIntent {
    const si = this.find("setupIntents", id);
    if (str(p.payment_method))
      si.payment_method = this.resolvePaymentMethod(str(p.payment_method)!).id;
    if (
      !["requires_payment_method", "requires_confirmation", "requires_action"].includes(si.status)
    ) {
      throw invalid(
        `You cannot confirm this SetupIntent because it has a status of ${si.status}.`,
        { code: "setup_intent_unexpected_state", setup_intent: clone(si) },
      );
    }
    if (!si.payment_method) {
      throw invalid("You cannot confirm this SetupIntent because it's missing a payment method.", {
        code: "setup_intent_unexpected_state",
        param: "payment_method",
        setup_intent: clone(si),
      });
    }
    const pm = this.find("paymentMethods", si.payment_method);
    this.checkUsable(pm, si.customer, si.id);
    const behaviour = this.cardOf.get(pm.id)!.behaviour;
    if (behaviour === "decline" || behaviour === "insufficient_funds") {
      const error = { type: "card_error", ...DECLINES[behaviour], payment_method: clone(pm) };
      si.status = "requires_payment_method";
      si.last_setup_error = error;
      si.payment_method = null;
      this.emit("setup_intent.setup_failed", si);
      throw new StripeApiError(402, { ...error, setup_intent: clone(si) } as never);
    }
    if (behaviour === "authenticate") {
      si.status = "requires_action";
      si.next_action = {
        type: "use_stripe_sdk",
        use_stripe_sdk: { type: "three_d_secure_redirect" },
      };
      this.emit("setup_intent.requires_action", si);
      return si;
    }
    this.setupSucceeded(si);
    return si;
  }

  private setupSucceeded(si: SetupIntent) {
    const pm = this.find("paymentMethods", si.payment_method!);
    if (si.customer && pm.customer !== si.customer) {
      pm.customer = si.customer;
      this.emit("payment_method.attached", pm);
    }
    si.status = "succeeded";
    si.next_action = null;
    si.last_setup_error = null;
    this.emit("setup_intent.succeeded", si);
  }

  // -------------------------------------------------------------- payment intents

  createPaymentIntent(p: Params): PaymentIntent {
    const amount = int(p.amount, "amount");
    if (amount === undefined) {
      throw invalid("Missing required param: amount.", {
        code: "parameter_missing",
        param: "amount",
      });
    }
    const currency = str(p.currency)?.toLowerCase();
    if (!currency) {
      throw invalid("Missing required param: currency.", {
        code: "parameter_missing",
        param: "currency",
      });
    }
    if (amount < 50) {
      throw invalid(`Amount must be at least $0.50 ${currency}`, {
        code: "amount_too_small",
        param: "amount",
      });
    }
    const customer = str(p.customer) || null;
    if (customer && !this.customers.has(customer)) {
      throw noSuchParam("customer", customer, "customer");
    }
    const pm = str(p.payment_method) ? this.resolvePaymentMethod(str(p.payment_method)!) : null;
    const apm = obj(p.automatic_payment_methods);
    const id = randomId("pi");
    const pi: PaymentIntent = {
      id,
      object: "payment_intent",
      created: this.now(),
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency,
      customer,
      description: str(p.description) || null,
      receipt_email: str(p.receipt_email) || null,
      metadata: mergeMetadata({}, p.metadata),
      status: pm ? "requires_confirmation" : "requires_payment_method",
      payment_method: pm?.id ?? null,
      payment_method_types: ["card"],
      automatic_payment_methods: apm
        ? { enabled: bool(apm.enabled), allow_redirects: str(apm.allow_redirects) ?? "always" }
        : null,
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      client_secret: `${id}_secret_${randomId("x").slice(2)}`,
      capture_method: "automatic",
      confirmation_method: "automatic",
      setup_future_usage: str(p.setup_future_usage) || null,
      canceled_at: null,
      cancellation_reason: null,
      statement_descriptor: null,
      livemode: false,
    };
    this.paymentIntents.set(id, pi);
    this.emit("payment_intent.created", pi);
    if (bool(p.confirm)) {
      this.confirmPaymentIntent(id, { off_session: p.off_session ?? "" });
    }
    return pi;
  }

  updatePaymentIntent(id: string, p: Params): PaymentIntent {
    const pi = this.find("paymentIntents", id);
    const final = pi.status === "succeeded" || pi.status === "canceled";
    if (final && (p.amount !== undefined || p.payment_method !== undefined)) {
      throw unexpectedState(
        `This PaymentIntent's amount could not be updated because it has a status of ${pi.status}.`,
        { payment_intent: clone(pi) },
      );
    }
    const amount = int(p.amount, "amount");
    if (amount !== undefined) pi.amount = amount;
    if (p.description !== undefined) pi.description = str(p.description) || null;
    if (p.receipt_email !== undefined) pi.receipt_email = str(p.receipt_email) || null;
    if (p.metadata !== undefined) pi.metadata = mergeMetadata(pi.metadata, p.metadata);
    if (str(p.customer)) {
      if (!this.customers.has(str(p.customer)!)) {
        throw noSuchParam("customer", str(p.customer)!, "customer");
      }
      pi.customer = str(p.customer)!;
    }
    if (str(p.payment_method)) {
      pi.payment_method = this.resolvePaymentMethod(str(p.payment_method)!).id;
      pi.status = "requires_confirmation";
    }
    return pi;
  }

  confirmPaymentIntent(id: string, p: Params): PaymentIntent {
    const pi = this.find("paymentIntents", id);
    if (
      !["requires_payment_method", "requires_confirmation", "requires_action"].includes(pi.status)
    ) {
      throw unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`,
        { payment_intent: clone(pi) },
      );
    }
    if (str(p.payment_method))
      pi.payment_method = this.resolvePaymentMethod(str(p.payment_method)!).id;
    if (p.receipt_email !== undefined) pi.receipt_email = str(p.receipt_email) || null;
    if (str(p.setup_future_usage)) pi.setup_future_usage = str(p.setup_future_usage)!;
    if (p.off_session !== undefined && p.off_session !== "") {
      if (bool(p.off_session)) this.offSession.add(pi.id);
      else this.offSession.delete(pi.id);
    }
    if (!pi.payment_method) {
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, specify a payment method.",
        { param: "payment_method", payment_intent: clone(pi) },
      );
    }
    const pm = this.find("paymentMethods", pi.payment_method);
    this.checkUsable(pm, pi.customer, pi.id);
    const behaviour: CardBehaviour = this.cardOf.get(pm.id)!.behaviour;
    if (behaviour === "decline" || behaviour === "insufficient_funds") {
      this.decline(pi, pm, behaviour);
    }
    if (behaviour === "authenticate") {
      if (this.offSession.has(pi.id)) this.decline(pi, pm, "authentication_required");
      pi.status = "requires_action";
      pi.last_payment_error = null;
      pi.next_action = {
        type: "use_stripe_sdk",
        use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: "", source: randomId("src") },
      };
      this.emit("payment_intent.requires_action", pi);
      return pi;
    }
    const charge = this.newCharge(pi, pm);
    if (behaviour === "processing") {
      charge.status = "pending";
      pi.status = "processing";
      pi.last_payment_error = null;
      pi.next_action = null;
      this.emit("charge.pending", charge);
      this.emit("payment_intent.processing", pi);
      return pi;
    }
    this.chargeSucceeded(pi, charge);
    return pi;
  }

  /** A failed charge; throws the 402 card error that Stripe answers with. */
  private decline(
    pi: PaymentIntent,
    pm: PaymentMethod,
    kind: "decline" | "insufficient_funds" | "authentication_required",
  ): never {
    const details = DECLINES[kind];
    const charge = this.newCharge(pi, pm);
    charge.status = "failed";
    charge.failure_code = details.code as string;
    charge.failure_message = details.message as string;
    charge.outcome = {
      network_status: "declined_by_network",
      reason: details.decline_code,
      risk_level: "normal",
      seller_message: "The bank did not return any further details with this decline.",
      type: "issuer_declined",
    };
    const error = {
      type: "card_error",
      ...details,
      charge: charge.id,
      doc_url: `https://stripe.com/docs/error-codes/${details.code}`,
      payment_method: clone(pm),
    };
    pi.status = "requires_payment_method";
    pi.last_payment_error = error;
    pi.payment_method = null;
    pi.next_action = null;
    this.emit("charge.failed", charge);
    this.emit("payment_intent.payment_failed", pi);
    throw new StripeApiError(402, { ...error, payment_intent: clone(pi) } as never);
  }

  private newCharge(pi: PaymentIntent, pm: PaymentMethod): Charge {
    const id = randomId("ch");
    const charge: Charge = {
      id,
      object: "charge",
      created: this.now(),
      amount: pi.amount,
      amount_captured: 0,
      amount_refunded: 0,
      balance_transaction: null,
      billing_details: clone(pm.billing_details),
      captured: false,
      currency: pi.currency,
      customer: pi.customer,
      description: pi.description,
      disputed: false,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: { ...pi.metadata },
      outcome: {
        network_status: "approved_by_network",
        reason: null,
        risk_level: "normal",
        seller_message: "Payment complete.",
        type: "authorized",
      },
      paid: false,
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details: {
        type: "card",
        card: {
          brand: pm.card.brand,
          last4: pm.card.last4,
          exp_month: pm.card.exp_month,
          exp_year: pm.card.exp_year,
          fingerprint: pm.card.fingerprint,
          country: pm.card.country,
          funding: pm.card.funding,
          network: pm.card.brand,
        },
      },
      receipt_email: pi.receipt_email,
      refunded: false,
      refunds: {
        object: "list",
        data: [],
        has_more: false,
        total_count: 0,
        url: `/v1/charges/${id}/refunds`,
      },
      status: "pending",
    };
    this.charges.set(id, charge);
    pi.latest_charge = id;
    return charge;
  }

  private newBalanceTransaction(
    source: string,
    amount: number,
    currency: string,
    type: string,
    fee = 0,
  ): BalanceTransaction {
    const txn: BalanceTransaction = {
      id: randomId("txn"),
      object: "balance_transaction",
      created: this.now(),
      available_on: this.now() + 2 * 86_400,
      amount,
      currency,
      description: null,
      fee,
      fee_details: fee
        ? [
            {
              amount: fee,
              application: null,
              currency,
              description: "Stripe processing fees",
              type: "stripe_fee",
            },
          ]
        : [],
      net: amount - fee,
      reporting_category: type === "charge" ? "charge" : type === "refund" ? "refund" : type,
      source,
      status: "pending",
      type,
    };
    this.balanceTransactions.set(txn.id, txn);
    return txn;
  }

  private chargeSucceeded(pi: PaymentIntent, charge: Charge) {
    const txn = this.newBalanceTransaction(
      charge.id,
      charge.amount,
      charge.currency,
      "charge",
      Math.round(charge.amount * 0.029) + 30,
    );
    Object.assign(charge, {
      status: "succeeded",
      paid: true,
      captured: true,
      amount_captured: charge.amount,
      balance_transaction: txn.id,
    });
    pi.status = "succeeded";
    pi.amount_received = pi.amount;
    pi.next_action = null;
    pi.last_payment_error = null;
    const pm = this.paymentMethods.get(charge.payment_method);
    if (pm && !pm.customer) {
      if (pi.customer && pi.setup_future_usage) {
        pm.customer = pi.customer;
        this.emit("payment_method.attached", pm);
      } else {
        this.consumedBy.set(pm.id, pi.id);
      }
    }
    this.emit("payment_intent.succeeded", pi);
    this.emit("charge.succeeded", charge);
  }

  cancelPaymentIntent(id: string, p: Params): PaymentIntent {
    const pi = this.find("paymentIntents", id);
    const cancelable = ["requires_payment_method", "requires_confirmation", "requires_action"];
    if (!cancelable.includes(pi.status)) {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancelable.join(", ")}.`,
        { payment_intent: clone(pi) },
      );
    }
    pi.status = "canceled";
    pi.canceled_at = this.now();
    pi.cancellation_reason = str(p.cancellation_reason) ?? null;
    pi.next_action = null;
    this.emit("payment_intent.canceled", pi);
    return pi;
  }

  /** The buyer's answer to the 3-D Secure challenge (a payment or a setup intent). */
  authenticate(id: string, outcome: "approve" | "fail"): PaymentIntent | SetupIntent {
    if (id.startsWith("seti_")) {
      const si = this.find("setupIntents", id);
      if (si.status !== "requires_action") {
        throw invalid(`This SetupIntent has a status of ${si.status}, not requires_action.`, {
          code: "setup_intent_unexpected_state",
        });
      }
      if (outcome === "approve") {
        this.setupSucceeded(si);
      } else {
        const pm = this.paymentMethods.get(si.payment_method!);
        si.status = "requires_payment_method";
        si.next_action = null;
        si.last_setup_error = {
          type: "invalid_request_error",
          code: "setup_intent_authentication_failure",
          message: AUTH_FAILURE,
          payment_method: pm ? clone(pm) : null,
        };
        si.payment_method = null;
        this.emit("setup_intent.setup_failed", si);
      }
      return si;
    }
    const pi = this.find("paymentIntents", id);
    if (pi.status !== "requires_action") {
      throw unexpectedState(
        `This PaymentIntent has a status of ${pi.status}, not requires_action.`,
      );
    }
    const pm = this.find("paymentMethods", pi.payment_method!);
    if (outcome === "approve") {
      this.chargeSucceeded(pi, this.newCharge(pi, pm));
    } else {
      pi.status = "requires_payment_method";
      pi.next_action = null;
      pi.last_payment_error = {
        type: "invalid_request_error",
        code: "payment_intent_authentication_failure",
        message: AUTH_FAILURE,
        doc_url: "https://stripe.com/docs/error-codes/payment-intent-authentication-failure",
        payment_method: clone(pm),
      };
      pi.payment_method = null;
      this.emit("payment_intent.payment_failed", pi);
    }
    return pi;
  }

  /** A `processing` intent settles. */
  succeed(id: string): PaymentIntent {
    const pi = this.find("paymentIntents", id);
    if (pi.status !== "processing") {
      throw unexpectedState(`This PaymentIntent has a status of ${pi.status}, not processing.`);
    }
    this.chargeSucceeded(pi, this.find("charges", pi.latest_charge!));
    return pi;
  }

  /** A `processing` (or even `succeeded`) intent fails after the fact. */
  failLater(id: string): PaymentIntent {
    const pi = this.find("paymentIntents", id);
    if (pi.status !== "processing" && pi.status !== "succeeded") {
      throw unexpectedState(
        `Only a processing or succeeded PaymentIntent can fail later; this one is ${pi.status}.`,
      );
    }
    const charge = this.find("charges", pi.latest_charge!);
    const details = DECLINES.decline;
    Object.assign(charge, {
      status: "failed",
      paid: false,
      failure_code: details.code,
      failure_message: details.message,
    });
    pi.status = "requires_payment_method";
    pi.amount_received = 0;
    pi.last_payment_error = {
      type: "card_error",
      ...details,
      charge: charge.id,
      payment_method: clone(this.find("paymentMethods", charge.payment_method)),
    };
    pi.payment_method = null;
    this.emit("charge.failed", charge);
    this.emit("payment_intent.payment_failed", pi);
    return pi;
  }

  // -------------------------------------------------------------- charges and refunds

  private syncRefunds(charge: Charge) {
    const data = [...this.refunds.values()].filter((r) => r.charge === charge.id).reverse();
    charge.refunds = { ...charge.refunds, data: data.map(clone), total_count: data.length };
  }

  createRefund(p: Params): Refund {
    let charge: Charge | undefined;
    const chargeId = str(p.charge);
    const piId = str(p.payment_intent);
    if (chargeId) {
      charge = this.charges.get(chargeId);
      if (!charge) throw noSuchParam("charge", chargeId, "charge");
    } else if (piId) {
      const pi = this.paymentIntents.get(piId);
      if (!pi) throw noSuchParam("payment_intent", piId, "payment_intent");
      charge = pi.latest_charge ? this.charges.get(pi.latest_charge) : undefined;
      if (charge?.status !== "succeeded") {
        throw invalid(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, {
          code: "charge_not_refundable",
          param: "payment_intent",
        });
      }
    } else {
      throw invalid(
        "One of the following params should be provided for this request: payment_intent or charge.",
        {
          code: "parameter_missing",
        },
      );
    }
    if (charge.status !== "succeeded") {
      throw invalid(`Charge ${charge.id} has not succeeded and cannot be refunded.`, {
        code: "charge_not_refundable",
      });
    }
    if (charge.disputed) {
      throw invalid(`Charge ${charge.id} has been charged back; cannot issue a refund.`, {
        code: "charge_disputed",
      });
    }
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) {
      throw invalid(`Charge ${charge.id} has already been refunded.`, {
        code: "charge_already_refunded",
      });
    }
    const amount = int(p.amount, "amount") ?? left;
    if (amount <= 0) throw invalid("Invalid positive integer", { param: "amount" });
    if (amount > left) {
      const money = (n: number) => `$${(n / 100).toFixed(2)}`;
      throw invalid(
        `Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(left)})`,
        { code: "amount_too_large", param: "amount" },
      );
    }
    const reason = str(p.reason) || null;
    if (reason && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason)) {
      throw invalid(
        `Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`,
        {
          code: "parameter_invalid_string",
          param: "reason",
        },
      );
    }
    const id = randomId("re");
    const txn = this.newBalanceTransaction(id, -amount, charge.currency, "refund");
    const refund: Refund = {
      id,
      object: "refund",
      created: this.now(),
      amount,
      balance_transaction: txn.id,
      charge: charge.id,
      currency: charge.currency,
      metadata: mergeMetadata({}, p.metadata),
      payment_intent: charge.payment_intent,
      reason,
      receipt_number: null,
      status: "succeeded",
    };
    this.refunds.set(id, refund);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    this.syncRefunds(charge);
    this.emit("charge.refunded", charge, previous);
    this.emit("refund.created", refund);
    return refund;
  }

  /** The bank sends the money back: the refund fails and the charge is unrefunded again. */
  failRefund(id: string): Refund {
    const refund = this.find("refunds", id);
    if (refund.status !== "succeeded" && refund.status !== "pending") {
      throw invalid(`Refund ${id} has a status of ${refund.status} and cannot fail.`);
    }
    const charge = this.find("charges", refund.charge);
    const previous = { status: refund.status };
    refund.status = "failed";
    refund.failure_reason = "expired_or_canceled_card";
    refund.failure_balance_transaction = this.newBalanceTransaction(
      id,
      refund.amount,
      refund.currency,
      "refund_failure",
    ).id;
    charge.amount_refunded -= refund.amount;
    charge.refunded = false;
    this.syncRefunds(charge);
    this.emit("refund.updated", refund, previous);
    this.emit("refund.failed", refund);
    return refund;
  }

  // -------------------------------------------------------------- disputes

  openDispute(id: string): Dispute {
    const chargeId = id.startsWith("pi_") ? this.find("paymentIntents", id).latest_charge : id;
    const charge = chargeId ? this.charges.get(chargeId) : undefined;
    if (charge?.status !== "succeeded") {
      throw invalid(`${id} has no successful charge to dispute.`);
    }
    if (charge.disputed) throw invalid(`Charge ${charge.id} is already disputed.`);
    const disputeId = randomId("dp");
    const txn = this.newBalanceTransaction(
      disputeId,
      -charge.amount,
      charge.currency,
      "adjustment",
      1500,
    );
    const dispute: Dispute = {
      id: disputeId,
      object: "dispute",
      created: this.now(),
      amount: charge.amount,
      balance_transactions: [clone(txn)],
      charge: charge.id,
      currency: charge.currency,
      evidence_details: {
        due_by: this.now() + 7 * 86_400,
        has_evidence: false,
        past_due: false,
        submission_count: 0,
      },
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: charge.payment_intent,
      reason: "fraudulent",
      status: "needs_response",
    };
    this.disputes.set(disputeId, dispute);
    charge.disputed = true;
    this.emit("charge.dispute.created", dispute);
    return dispute;
  }

  closeDispute(id: string, status: "won" | "lost"): Dispute {
    const dispute = this.find("disputes", id);
    if (dispute.status === "won" || dispute.status === "lost") {
      throw invalid(`Dispute ${id} is already closed (${dispute.status}).`);
    }
    if (status !== "won" && status !== "lost") {
      throw invalid("status must be won or lost", { param: "status" });
    }
    const previous = { status: dispute.status };
    if (status === "won") {
      const txn = this.newBalanceTransaction(
        id,
        dispute.amount,
        dispute.currency,
        "adjustment",
        -1500,
      );
      dispute.balance_transactions.push(clone(txn));
    }
    dispute.status = status;
    this.emit("charge.dispute.closed", dispute, previous);
    return dispute;
  }
}

type StoreMaps = {
  customers: Customer;
  paymentMethods: PaymentMethod;
  paymentIntents: PaymentIntent;
  charges: Charge;
  balanceTransactions: BalanceTransaction;
  refunds: Refund;
  disputes: Dispute;
  setupIntents: SetupIntent;
};
