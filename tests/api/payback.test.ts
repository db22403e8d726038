import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attributes, auditLog, dealAttributeValues } from "../../server/db/schema";
import type { PageEvent } from "../../server/services/cache/page-events";
import { createTestApp } from "../helpers/app";
import { staffActors } from "../helpers/staff";

// Issue 34: payback against the subscriptions a deal replaces. Each "Alternative to" tool has a
// monthly price (staff set it through PATCH /api/staff/alternatives/{id}/, audited, the pages of
// the deals naming it told); each plan of the deal details, and each card, carries
// `payback: {months, monthly_total, against}` at the price the reader pays, or null.

const app = await createTestApp({ config: { campaignPricingExperiment: true } });
const { db } = app.database;
const send = app.send;
const { staff, partner, shopper } = await staffActors(app);

type Json = Record<string, unknown>;
type Payback = { months: number; monthly_total: number; against: Json[] } | null;
type Plan = { public_name: string; price: number; plus_price: number; payback: Payback };

let counter = 0;
/** A tool of our own (type alternative_to unless told), with a monthly price in cents or none. */
async function tool(name: string, monthlyPriceCents: number | null, type = "alternative_to") {
  counter += 1;
  const [row] = await db
    .insert(attributes)
    .values({
      type: type as "alternative_to",
      slug: `payback-tool-${counter}`,
      name,
      monthlyPriceCents,
    })
    .returning();
  if (!row) throw new Error("no attribute");
  return row;
}

/** A published deal of our own with the given plans (USD) naming the given tools, in order. */
async function dealWith(planPrices: number[], tools: { id: number }[]) {
  counter += 1;
  const created = await send(
    "POST",
    "/api/staff/deals/",
    {
      name: `Payback deal ${counter}`,
      slug: `payback-deal-${counter}`,
      public_name: `Paybackdeal${counter}`,
      card_description: "Replaces your subscriptions",
      listing_type: "select",
    },
    staff,
  );
  expect(created.statusCode).toBe(201);
  const deal = created.json() as { id: number; slug: string; public_name: string };
  for (const [i, price] of planPrices.entries()) {
    const plan = await send(
      "POST",
      `/api/staff/deals/${deal.id}/plans/`,
      {
        name: `Tier ${i + 1}`,
        price,
        original_price: price * 5,
        plan_type: "lifetime_deal",
        codes: i + 1,
        features: [],
      },
      staff,
    );
    expect(plan.statusCode).toBe(201);
  }
  if (tools.length) {
    await db
      .insert(dealAttributeValues)
      .values(tools.map((t, position) => ({ dealId: deal.id, attributeId: t.id, position })));
  }
  expect((await send("POST", `/api/staff/deals/${deal.id}/publish/`, {}, staff)).statusCode).toBe(
    200,
  );
  return deal;
}

async function details(slug: string) {
  const res = await send("GET", `/api/v2/deals/${slug}/details/`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { deal: { plans: Plan[]; payback: Payback } }).deal;
}

async function card(deal: { slug: string; public_name: string }) {
  const res = await send("GET", `/api/v2/deals/?query=${deal.public_name}`);
  expect(res.statusCode).toBe(200);
  const found = (res.json() as { results: (Json & { slug: string; payback: Payback })[] }).results;
  const mine = found.find((c) => c.slug === deal.slug);
  expect(mine).toBeDefined();
  return mine as NonNullable<typeof mine>;
}

describe("payback in the deal details and the cards", () => {
  it("counts each plan's price against the priced alternatives, in the deal's order", async () => {
    const asana = await tool("Asana", 1349);
    const trello = await tool("Trello", 600);
    const unpriced = await tool("Unpriced", null);
    const deal = await dealWith([49, 118], [asana, unpriced, trello]);
    const got = await details(deal.slug);
    const against = [
      { name: "Asana", monthly_price: 13.49 },
      { name: "Trello", monthly_price: 6 },
    ];
    expect(got.plans.map((p) => [p.public_name, p.payback])).toEqual([
      ["Tier 1", { months: 3, monthly_total: 19.49, against }],
      ["Tier 2", { months: 7, monthly_total: 19.49, against }],
    ]);
    // Payback follows the price the page shows (the one price rule): months * total >= price.
    for (const p of got.plans) {
      const total = Math.round((p.payback?.monthly_total ?? 0) * 100);
      const months = p.payback?.months ?? 0;
      const price = Math.round(p.price * 100);
      expect(months * total).toBeGreaterThanOrEqual(price);
      expect(price).toBeGreaterThan((months - 1) * total);
    }
    // The card: the default (cheapest) plan's payback.
    expect((await card(deal)).payback).toEqual({ months: 3, monthly_total: 19.49, against });
  });

  it("follows the campaign price, as the page and the cart do (the one price rule)", async () => {
    const hubspot = await tool("HubSpot", 2000);
    const deal = await dealWith([100], [hubspot]);
    expect((await details(deal.slug)).plans[0]?.payback?.months).toBe(5);
    const hour = 3_600_000;
    const fest = await send(
      "POST",
      "/api/staff/campaigns/",
      {
        optin_slug: `payback-fest-${deal.id}`,
        name: "Payback fest",
        public_name: "Payback Fest",
        type: "percent",
        value: 50,
        deal_tiers: [1],
        deals: [deal.id],
        start_date: new Date(Date.now() - hour).toISOString(),
        end_date: new Date(Date.now() + 24 * hour).toISOString(),
      },
      staff,
    );
    expect(fest.statusCode, fest.body).toBe(201);
    const [plan] = (await details(deal.slug)).plans;
    expect(plan?.price).toBe(50);
    expect(plan?.payback).toMatchObject({ months: 3, monthly_total: 20 });
    expect((await card(deal)).payback?.months).toBe(3);
  });

  it("is null when no alternative has a price, or the deal names none", async () => {
    const unpriced = await tool("Nothing yet", null);
    const integration = await tool("An integration", null, "integrations");
    for (const deal of [await dealWith([49], [unpriced, integration]), await dealWith([49], [])]) {
      const got = await details(deal.slug);
      expect(got.plans.map((p) => p.payback)).toEqual([null]);
      expect((await card(deal)).payback).toBeNull();
    }
  });

  it("refuses a price on a tool that is not an alternative, and a price of 0, in the database", async () => {
    await expect(tool("Integration with price", 500, "integrations")).rejects.toThrow();
    await expect(tool("Free tool", 0)).rejects.toThrow();
  });
});

describe("staff set a tool's monthly price", () => {
  it("answers staff only: 401 anonymous, 403 shoppers and partners", async () => {
    const t = await tool("Guarded", 1000);
    for (const [method, url, body] of [
      ["GET", "/api/staff/alternatives/", undefined],
      ["PATCH", `/api/staff/alternatives/${t.id}/`, { monthly_price: 1 }],
    ] as const) {
      expect((await send(method, url, body)).statusCode).toBe(401);
      expect((await send(method, url, body, shopper)).statusCode).toBe(403);
      expect((await send(method, url, body, partner)).statusCode).toBe(403);
    }
    const [row] = await db.select().from(attributes).where(eq(attributes.id, t.id));
    expect(row?.monthlyPriceCents).toBe(1000);
  });

  it("changes every deal's payback at once, audited, telling each deal's page", async () => {
    const notion = await tool("Notion", 1200);
    const first = await dealWith([49], [notion]);
    const second = await dealWith([99], [notion]);
    // Read (and so cache) both anonymous answers before the change.
    expect((await details(first.slug)).plans[0]?.payback?.months).toBe(5);
    expect((await details(second.slug)).plans[0]?.payback?.months).toBe(9);

    const events: PageEvent[] = [];
    const stop = app.services.pageEvents.subscribe((e) => {
      events.push(e);
    });
    const res = await send(
      "PATCH",
      `/api/staff/alternatives/${notion.id}/`,
      { monthly_price: 24.5 },
      staff,
    );
    stop();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: notion.id,
      slug: notion.slug,
      name: "Notion",
      monthly_price: 24.5,
    });
    expect(events).toEqual([
      { kind: "deal", deal: first.slug },
      { kind: "deal", deal: second.slug },
    ]);
    expect((await details(first.slug)).plans[0]?.payback).toEqual({
      months: 2,
      monthly_total: 24.5,
      against: [{ name: "Notion", monthly_price: 24.5 }],
    });
    expect((await details(second.slug)).plans[0]?.payback?.months).toBe(5);
    expect((await card(second)).payback?.months).toBe(5);

    const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, notion.id));
    expect(
      audits.filter((a) => a.action === "alternative.update").map((a) => [a.before, a.after]),
    ).toEqual([
      [
        { id: notion.id, slug: notion.slug, name: "Notion", monthly_price: 12 },
        { id: notion.id, slug: notion.slug, name: "Notion", monthly_price: 24.5 },
      ],
    ]);

    // Cleared: no priced alternative left, no payback.
    const cleared = await send(
      "PATCH",
      `/api/staff/alternatives/${notion.id}/`,
      { monthly_price: null },
      staff,
    );
    expect(cleared.statusCode).toBe(200);
    expect((await details(first.slug)).plans[0]?.payback).toBeNull();
  });

  it("lists the tools with their prices and deal counts, and the deal's in its staff GET", async () => {
    const loom = await tool("Loom", 1800);
    const deal = await dealWith([49], [loom]);
    const list = await send("GET", "/api/staff/alternatives/", undefined, staff);
    expect(list.statusCode).toBe(200);
    const items = (list.json() as { items: Json[] }).items;
    expect(items.find((i) => i.id === loom.id)).toEqual({
      id: loom.id,
      slug: loom.slug,
      name: "Loom",
      monthly_price: 18,
      deal_count: 1,
    });
    const staffDeal = await send("GET", `/api/staff/deals/${deal.id}/`, undefined, staff);
    expect((staffDeal.json() as { alternatives: Json[] }).alternatives).toEqual([
      { id: loom.id, slug: loom.slug, name: "Loom", monthly_price: 18 },
    ]);
  });

  it("answers bad prices with a 400 on the field, and other attributes with a 404", async () => {
    const t = await tool("Strict", 1000);
    for (const monthly_price of [0, -5, 12.345, "12", 2_000_000]) {
      const res = await send("PATCH", `/api/staff/alternatives/${t.id}/`, { monthly_price }, staff);
      expect(res.statusCode, String(monthly_price)).toBe(400);
      expect(JSON.stringify(res.json())).toContain("monthly_price");
    }
    expect((await send("PATCH", `/api/staff/alternatives/${t.id}/`, {}, staff)).statusCode).toBe(
      400,
    );
    const integration = await tool("Not an alternative", null, "integrations");
    for (const id of [integration.id, 99_999_999]) {
      const res = await send(
        "PATCH",
        `/api/staff/alternatives/${id}/`,
        { monthly_price: 5 },
        staff,
      );
      expect(res.statusCode).toBe(404);
    }
    const [row] = await db.select().from(attributes).where(eq(attributes.id, t.id));
    expect(row?.monthlyPriceCents).toBe(1000);
  });
});
