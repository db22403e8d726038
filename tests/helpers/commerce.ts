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
