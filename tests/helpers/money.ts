import { asc, eq } from "drizzle-orm";
import { deals, plans, users } from "../../server/db/schema";
import type { Credentials, TestApp } from "./app";

type Json = Record<string, unknown>;

/** Small API helpers shared by the money tests (cart, checkout, refunds, rewards). */
export function moneyClient(app: TestApp) {
  const db = app.database.db;
  const send = (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: unknown,
    creds?: Credentials,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Json }),
      ...(creds ? { cookies: creds.cookies } : {}),
      headers: { ...(creds?.headers ?? {}), ...headers },
    });
  const pay = (creds: Credentials, body: Json = { payment_method: "pm_card_visa" }, key?: string) =>
    send("POST", "/checkout/", body, creds, {
      accept: "application/json",
      ...(key ? { "idempotency-key": key } : {}),
    });
  async function dealPlans(slug: string) {
    const [deal] = await db.select().from(deals).where(eq(deals.slug, slug));
    if (!deal) throw new Error(`no deal ${slug}`);
    const ps = await db
      .select()
      .from(plans)
      .where(eq(plans.dealId, deal.id))
      .orderBy(asc(plans.position));
    return { deal, plan: (tier: number) => ps.find((p) => p.tier === tier) ?? ps[0]! };
  }
  const userId = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  async function freshCart(email: string): Promise<Credentials> {
    const creds = await app.login(email);
    const cart = (await send("GET", "/api/cart/", undefined, creds)).json() as {
      cart_items: { id: number }[];
    };
    for (const item of cart.cart_items)
      await send("DELETE", `/api/cart/items/${item.id}/`, undefined, creds);
    await send("DELETE", "/api/cart/coupon/", undefined, creds);
    await send("POST", "/api/cart/credits/", { use_credit: false }, creds);
    return creds;
  }
  return { db, send, pay, dealPlans, userId, freshCart };
}
