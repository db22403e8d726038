import { asc, eq } from "drizzle-orm";
import { deals, plans } from "../../server/db/schema";
import type { Credentials, TestApp } from "./app";

/** A deal and its plans in page order; `plan(tier)` falls back to the first plan. */
export async function dealPlans(app: TestApp, slug: string) {
  const db = app.database.db;
  const [deal] = await db.select().from(deals).where(eq(deals.slug, slug));
  if (!deal) throw new Error(`no deal ${slug}`);
  const ps = await db
    .select()
    .from(plans)
    .where(eq(plans.dealId, deal.id))
    .orderBy(asc(plans.position));
  return { deal, plans: ps, plan: (tier: number) => ps.find((p) => p.tier === tier) ?? ps[0]! };
}

/** A fresh login per test keeps carts apart: the user's cart is emptied first. */
export async function freshCart(app: TestApp, email: string): Promise<Credentials> {
  const creds = await app.login(email);
  const cart = (await app.send("GET", "/api/cart/", undefined, creds)).json() as {
    cart_items: { id: number }[];
  };
  for (const item of cart.cart_items)
    await app.send("DELETE", `/api/cart/items/${item.id}/`, undefined, creds);
  await app.send("DELETE", "/api/cart/coupon/", undefined, creds);
  await app.send("POST", "/api/cart/credits/", { use_credit: false }, creds);
  return creds;
}

type DealPlans = Awaited<ReturnType<typeof dealPlans>>;

/** Puts the deal's plan of that tier in the cart (POST /api/cart/items/). */
export const addPlan = (app: TestApp, creds: Credentials, deal: DealPlans, tier = 1) =>
  app.send("POST", "/api/cart/items/", { dealId: deal.deal.id, planId: deal.plan(tier).id }, creds);

/** POST /checkout/ as the JSON client does; `key` is sent as the Idempotency-Key. */
export const checkout = (
  app: TestApp,
  creds: Credentials | undefined,
  body: Record<string, unknown>,
  key?: string,
) =>
  app.send("POST", "/checkout/", body, creds, {
    accept: "application/json",
    ...(key ? { "idempotency-key": key } : {}),
  });

/** One add-on line: a unit of `addon`'s first plan under `primary`'s first plan. */
export const addonLine = (addon: DealPlans, primary: DealPlans) => ({
  deal_id: addon.deal.id,
  plan_id: addon.plan(1).id,
  quantity: 1,
  primary_plan_id: primary.plan(1).id,
});

/** POST /api/cart/addons/ with these lines (or a malformed body, to see it refused). */
export const addAddons = (app: TestApp, lines: unknown, creds: Credentials) =>
  app.send("POST", "/api/cart/addons/", lines, creds);

let buyers = 0;

/**
 * A new account of the test's own (signed up through the API, from an address of its own so
 * sign-up limits never bite), signed in, with an empty cart.
 */
export async function newBuyer(app: TestApp, tag = "buyer") {
  buyers += 1;
  const email = `${tag}-${process.pid}-${Date.now()}-${buyers}@example.test`;
  const password = "correct horse 1";
  const res = await app.inject({
    method: "POST",
    url: "/api/users/signup/",
    remoteAddress: `10.29.${Math.floor(buyers / 250) % 250}.${buyers % 250}`,
    payload: { email, password, password_confirm: password },
  });
  if (res.statusCode >= 300) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const cookies: Record<string, string> = {};
  for (const c of res.cookies) cookies[c.name] = c.value;
  const creds: Credentials = { cookies, headers: { "x-csrftoken": cookies.csrftoken ?? "" } };
  return { email, creds, id: await app.userId(email) };
}
