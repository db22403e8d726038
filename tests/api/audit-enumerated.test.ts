import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  attributes,
  auditLog,
  commentFlags,
  comments,
  dealChangeProposals,
  invoiceItems,
  licences,
} from "../../server/db/schema";
import { type Credentials, createTestApp, type Method } from "../helpers/app";
import { addPlan, checkout, dealPlans, newBuyer } from "../helpers/commerce";

// Issue 31, "Audited by construction": every mutating operation of the OpenAPI document that
// staff, a deal's partner or its user moderator may call is called here, as each of those roles,
// with a valid body, and must leave an audit row naming the caller and the role. The operations
// are read from the document, so a new staff or partner route without an entry below fails the
// coverage test until it has one (and with it, an audit row).
const app = await createTestApp({ config: { partnerWebhookAllowPrivate: true } });
const db = app.database.db;

type Role = "staff" | "partner" | "moderator";
const EMAIL: Record<Role, string> = {
  staff: "staff@payonce.test",
  partner: "partner@payonce.test",
  moderator: "moderator@payonce.test",
};
type Request = {
  url: string;
  body?: unknown;
  /** Instead of the role's session (the licence API takes the partner's API key). */
  creds?: Credentials;
  headers?: Record<string, string>;
};
type Call = { role: Role; action: string; request: () => Promise<Request> };

const taskflow = await dealPlans(app, "taskflow");
const creds = {
  staff: await app.login(EMAIL.staff),
  partner: await app.login(EMAIL.partner),
  moderator: await app.login(EMAIL.moderator),
};
/** What earlier calls made, for later ones (the deal created, its plan, a reply's id...). */
const made: Record<string, number | string> = {};
const got = (key: string) => {
  const value = made[key];
  if (value === undefined) throw new Error(`nothing made under ${key} yet`);
  return value;
};

/** A shopper's pending top-level item of taskflow (each review by a new buyer: one per buyer). */
async function pendingItem(kind: "review" | "question") {
  const author = await newBuyer(app, "author");
  const [row] = await db
    .insert(comments)
    .values({
      dealId: taskflow.deal.id,
      kind,
      userId: author.id,
      title: `A ${kind} to moderate`,
      comment: `Waiting for a moderator (${kind}).`,
      rating: kind === "review" ? 4 : null,
      status: "pending",
    })
    .returning({ id: comments.id });
  if (!row) throw new Error("no item");
  return row.id;
}

/** An approved question of taskflow with an open report (issue 33). */
async function reportedItem() {
  const id = await pendingItem("question");
  await db.update(comments).set({ status: "approved" }).where(eq(comments.id, id));
  const reader = await newBuyer(app, "reader");
  await db.insert(commentFlags).values({ commentId: id, userId: reader.id, reason: "spam" });
  return id;
}

async function proposal() {
  const [row] = await db
    .insert(dealChangeProposals)
    .values({
      dealId: taskflow.deal.id,
      proposedByUserId: await app.userId(EMAIL.partner),
      changes: { deal: { card_description: "Plan, track and ship." } },
    })
    .returning({ id: dealChangeProposals.id });
  if (!row) throw new Error("no proposal");
  return row.id;
}

/** A new buyer's paid taskflow order: its id and a licence code of it. */
async function paidOrder() {
  const buyer = await newBuyer(app, "buyer");
  expect((await addPlan(app, buyer.creds, taskflow)).statusCode).toBeLessThan(300);
  const res = await checkout(app, buyer.creds, { payment_method: "pm_card_visa" });
  expect(res.statusCode, res.body).toBe(201);
  const orderId = (res.json() as { order: { id: number } }).order.id;
  const [licence] = await db
    .select({ code: licences.code })
    .from(licences)
    .innerJoin(invoiceItems, eq(invoiceItems.id, licences.invoiceItemId))
    .where(eq(invoiceItems.orderId, orderId));
  return { orderId, code: licence?.code ?? "" };
}

const staffCall = (action: string, request: () => Promise<Request>): Call[] => [
  { role: "staff", action, request },
];

/** Every audited operation, by the document's method and path, with the calls that exercise it. */
const CALLS: Record<string, Call[]> = {
  "POST /api/staff/deals/": staffCall("deal.create", async () => ({
    url: "/api/staff/deals/",
    body: {
      name: "Audited deal",
      slug: "audited-deal",
      public_name: "Audited",
      card_description: "Made to be audited",
      listing_type: "select",
    },
  })),
  "PATCH /api/staff/deals/{id}/": staffCall("deal.update", async () => ({
    url: `/api/staff/deals/${got("deal")}/`,
    body: { card_description: "Audited twice" },
  })),
  "POST /api/staff/deals/{id}/plans/": staffCall("plan.create", async () => ({
    url: `/api/staff/deals/${got("deal")}/plans/`,
    body: {
      name: "Single",
      price: 49,
      original_price: 299,
      plan_type: "lifetime_deal",
      codes: 1,
      features: ["One seat"],
    },
  })),
  "PATCH /api/staff/plans/{id}/": staffCall("plan.update", async () => ({
    url: `/api/staff/plans/${got("plan")}/`,
    body: { price: 39 },
  })),
  "PATCH /api/staff/alternatives/{id}/": staffCall("alternative.update", async () => {
    const [tool] = await db
      .select({ id: attributes.id })
      .from(attributes)
      .where(and(eq(attributes.type, "alternative_to"), eq(attributes.slug, "asana")));
    return { url: `/api/staff/alternatives/${tool?.id}/`, body: { monthly_price: 14.99 } };
  }),
  "POST /api/staff/deals/{id}/publish/": staffCall("deal.publish", async () => ({
    url: `/api/staff/deals/${got("deal")}/publish/`,
  })),
  "POST /api/staff/deals/{id}/unpublish/": staffCall("deal.unpublish", async () => ({
    url: `/api/staff/deals/${got("deal")}/unpublish/`,
  })),
  "PUT /api/staff/deals/{id}/roles/": staffCall("deal.roles", async () => ({
    url: `/api/staff/deals/${got("deal")}/roles/`,
    body: { partners: [await app.userId(EMAIL.partner)], user_moderators: [] },
  })),
  "PUT /api/staff/deals/{id}/blocks/": staffCall("deal.blocks", async () => ({
    url: `/api/staff/deals/${got("deal")}/blocks/`,
    body: { blocks: [] },
  })),
  "PATCH /api/staff/pages/{slug}/": staffCall("page.update", async () => ({
    url: "/api/staff/pages/home/",
    body: { seo_meta: { title: "Payonce deals" } },
  })),
  "POST /api/staff/collections/": staffCall("collection.create", async () => ({
    url: "/api/staff/collections/",
    body: {
      slug: "audited-picks",
      title: "Audited picks",
      modular_component_type: "product_carousel",
      deals: [taskflow.deal.id],
    },
  })),
  "PATCH /api/staff/collections/{id}/": staffCall("collection.update", async () => ({
    url: `/api/staff/collections/${got("collection")}/`,
    body: { title: "Audited picks, renamed" },
  })),
  "POST /api/staff/campaigns/": staffCall("campaign.create", async () => ({
    url: "/api/staff/campaigns/",
    body: {
      optin_slug: "audited-sale",
      name: "Audited sale",
      public_name: "Audited sale",
      type: "percent",
      value: 20,
      deals: [taskflow.deal.id],
      is_active: false,
    },
  })),
  "PATCH /api/staff/campaigns/{id}/": staffCall("campaign.update", async () => ({
    url: `/api/staff/campaigns/${got("campaign")}/`,
    body: { name: "Audited sale, renamed" },
  })),
  "POST /api/staff/coupons/": staffCall("coupon.create", async () => ({
    url: "/api/staff/coupons/",
    body: { code: "AUDIT10", type: "fixed", value: 10 },
  })),
  "PATCH /api/staff/coupons/{id}/": staffCall("coupon.update", async () => ({
    url: `/api/staff/coupons/${got("coupon")}/`,
    body: { is_active: false },
  })),
  "POST /api/staff/giftcards/": staffCall("giftcard.create", async () => ({
    url: "/api/staff/giftcards/",
    body: { code: "GIFT-AUDIT-1", amount: 25 },
  })),
  "PATCH /api/staff/giftcards/{id}/": staffCall("giftcard.update", async () => ({
    url: `/api/staff/giftcards/${got("giftcard")}/`,
    body: { amount: 30 },
  })),
  "PATCH /api/staff/users/{id}/": staffCall("user.update", async () => ({
    url: `/api/staff/users/${(await newBuyer(app, "flagged")).id}/`,
    body: { verified: true },
  })),
  "POST /api/staff/orders/{id}/refund/": staffCall("order.refund", async () => ({
    url: `/api/staff/orders/${(await paidOrder()).orderId}/refund/`,
  })),
  "POST /api/staff/changes/{id}/approve/": staffCall("proposal.approve", async () => ({
    url: `/api/staff/changes/${await proposal()}/approve/`,
  })),
  "POST /api/staff/changes/{id}/decline/": staffCall("proposal.decline", async () => ({
    url: `/api/staff/changes/${await proposal()}/decline/`,
  })),
  "PUT /api/currency-rates/{code}/": staffCall("currency_rate.update", async () => ({
    url: "/api/currency-rates/CHF/",
    body: { rate: 0.9 },
  })),
  "POST /api/staff/deals/{slug}/restock/": staffCall("deal.restock", async () => ({
    url: "/api/staff/deals/mailbeam/restock/",
    body: {},
  })),
  "POST /api/partners/deals/{id}/changes/": [
    {
      role: "partner",
      action: "proposal.create",
      request: async () => ({
        url: `/api/partners/deals/${taskflow.deal.id}/changes/`,
        body: { deal: { card_description: "Plan, track and ship together." } },
      }),
    },
  ],
  "PUT /api/partners/webhook/": [
    {
      role: "partner",
      action: "partner.webhook.update",
      request: async () => ({
        url: "/api/partners/webhook/",
        body: { url: "http://127.0.0.1:9/" },
      }),
    },
  ],
  "POST /api/partners/api_key/": [
    {
      role: "partner",
      action: "partner.api_key.create",
      request: async () => ({ url: "/api/partners/api_key/", body: {} }),
    },
  ],
  "POST /api/partners/licences/redeem/": [
    {
      role: "partner",
      action: "licence.redeem",
      request: async () => ({
        url: "/api/partners/licences/redeem/",
        body: { licence_code: (await paidOrder()).code },
        // The partner's product calls with the key, not a session.
        creds: { cookies: {}, headers: {} },
        headers: { authorization: `Bearer ${got("apiKey")}` },
      }),
    },
  ],
  "POST /api/staff/flags/{id}/resolve/": staffCall("flags.dismiss", async () => ({
    url: `/api/staff/flags/${await reportedItem()}/resolve/`,
    body: { action: "dismiss" },
  })),
  "POST /api/staff/authors/{id}/": staffCall("user.blacklist", async () => ({
    url: `/api/staff/authors/${(await newBuyer(app, "listed")).id}/`,
    body: { list: "blacklist", on: true, reason: "Coupon spam." },
  })),
  "GET /comments/whitelist_author_ajx/": staffCall("user.whitelist", async () => ({
    url: `/comments/whitelist_author_ajx/?user_id=${(await newBuyer(app, "trusted")).id}&whitelist_action=1`,
  })),
  "GET /comments/blacklist_author_ajx/": staffCall("user.blacklist", async () => ({
    url: `/comments/blacklist_author_ajx/?user_id=${(await newBuyer(app, "noisy")).id}&blacklist_action=1`,
  })),
};

const ROLES: Role[] = ["staff", "partner", "moderator"];
for (const [path, kind] of [
  ["reviews", "review"],
  ["questions", "question"],
] as const) {
  const base = `/api/v2/deals/{dealId}/${path}`;
  const url = (id: number | string, tail = "") =>
    `/api/v2/deals/${taskflow.deal.id}/${path}/${id}/${tail}`;
  // Each role approves a pending item (the deal's partner and moderator may act on pending only).
  CALLS[`POST ${base}/{commentId}/approve/`] = ROLES.map((role) => ({
    role,
    action: `${kind}.moderate`,
    request: async () => ({
      url: url(await pendingItem(kind), "approve/"),
      body: { approved: "approved" },
    }),
  }));
  CALLS[`POST ${base}/{commentId}/resolve/`] = staffCall(`${kind}.resolve`, async () => ({
    url: url(await pendingItem(kind), "resolve/"),
    body: { resolved: true },
  }));
  CALLS[`POST ${base}/{id}/reply/`] = ROLES.map((role) => ({
    role,
    action: `${kind}.reply`,
    request: async () => {
      made[`${kind}Parent`] ??= await pendingItem(kind);
      return {
        url: url(got(`${kind}Parent`), "reply/"),
        body: { comment: `The ${role} answers.` },
      };
    },
  }));
  // Each edits their own reply (made just above).
  CALLS[`PUT ${base}/{id}/edit/`] = ROLES.map((role) => ({
    role,
    action: `${kind}.edit`,
    request: async () => ({
      url: url(got(`${kind}Reply:${role}`), "edit/"),
      body: { comment: `The ${role} answers, edited.` },
    }),
  }));
  // Staff delete a shopper's item; the partner and the moderator their own reply.
  CALLS[`DELETE ${base}/{id}/`] = ROLES.map((role) => ({
    role,
    action: `${kind}.delete`,
    request: async () => ({
      url: url(role === "staff" ? await pendingItem(kind) : got(`${kind}Reply:${role}`)),
    }),
  }));
}

/** What a call made that later calls use, read from its answer. */
function remember(key: string, role: Role, answer: Record<string, unknown>) {
  const id = answer.id as number;
  if (key === "POST /api/staff/deals/") made.deal = id;
  if (key === "POST /api/staff/deals/{id}/plans/") made.plan = id;
  if (key === "POST /api/staff/collections/") made.collection = id;
  if (key === "POST /api/staff/campaigns/") made.campaign = id;
  if (key === "POST /api/staff/coupons/") made.coupon = id;
  if (key === "POST /api/staff/giftcards/") made.giftcard = id;
  if (key === "POST /api/partners/api_key/") made.apiKey = answer.key as string;
  const reply = /^POST \/api\/v2\/deals\/\{dealId\}\/(review|question)s\/\{id\}\/reply\/$/.exec(
    key,
  );
  if (reply) made[`${reply[1]}Reply:${role}`] = id;
}

type Operation = { tags?: string[] };
const MUTATING = new Set(["post", "put", "patch", "delete"]);
const MODERATION =
  /^\/api\/v2\/deals\/\{dealId\}\/(reviews|questions)\/\{(id|commentId)\}\/((approve|resolve|reply|edit)\/)?$/;
/**
 * GETs that write: the spec gives the author white- and blacklists as GETs (with a CSRF header).
 * No method says they write, so they are named here.
 */
const WRITING_GETS = ["GET /comments/whitelist_author_ajx/", "GET /comments/blacklist_author_ajx/"];

/** The operations staff, partners and moderators may call that change something. */
async function auditedOperations() {
  const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
  const found: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      if (WRITING_GETS.includes(key)) found.push(key);
      if (!MUTATING.has(method)) continue;
      const staff = path.startsWith("/api/staff/") || (op.tags ?? []).includes("staff");
      const partner = path.startsWith("/api/partners/");
      if (staff || partner || MODERATION.test(path)) found.push(key);
    }
  }
  return found;
}

describe("every staff, partner and moderator write is audited", () => {
  it("has a call for every such operation of the OpenAPI document, and none for a gone one", async () => {
    const operations = await auditedOperations();
    expect(operations.filter((op) => !(op in CALLS))).toEqual([]);
    expect(Object.keys(CALLS).filter((key) => !operations.includes(key))).toEqual([]);
    expect(WRITING_GETS.every((key) => operations.includes(key))).toBe(true);
  });

  it("each call, as each role that may make it, leaves an audit row naming the caller and role", async () => {
    const missing: string[] = [];
    for (const [key, calls] of Object.entries(CALLS)) {
      const method = key.slice(0, key.indexOf(" ")) as Method;
      for (const call of calls) {
        const [last] = await db
          .select({ id: auditLog.id })
          .from(auditLog)
          .orderBy(desc(auditLog.id))
          .limit(1);
        const request = await call.request();
        const res = await app.send(
          method,
          request.url,
          request.body,
          request.creds ?? creds[call.role],
          request.headers ?? {},
        );
        expect(res.statusCode, `${key} as ${call.role}: ${res.body}`).toBeLessThan(300);
        if (res.statusCode !== 204 && res.body) remember(key, call.role, res.json());
        const rows = await db
          .select()
          .from(auditLog)
          .where(
            and(
              gt(auditLog.id, last?.id ?? 0),
              eq(auditLog.actorEmail, EMAIL[call.role]),
              eq(auditLog.actorRole, call.role),
              inArray(auditLog.action, [call.action]),
            ),
          );
        if (rows.length !== 1)
          missing.push(`${key} as ${call.role}: ${rows.length} ${call.action}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
