import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  couponRedemptions,
  coupons,
  credits,
  giftCards,
  invoiceItems,
  orders,
  rewardCampaigns,
} from "../../server/db/schema";
import type { Credentials } from "../helpers/app";
import { createTestApp } from "../helpers/app";
import { addPlan } from "../helpers/commerce";
import { moneyClient } from "../helpers/money";

// Money invariants over random sequences of cart, coupon, credit, gift card, reward, checkout and
// refund calls. MONEY_SEED=<n> replays a failing run; MONEY_RUNS / MONEY_STEPS change the size.
const app = await createTestApp();
const { db, send, pay, dealPlans, freshCart } = moneyClient(app);

/** mulberry32: a small seeded generator, so a failure can be replayed from its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A fixed seed keeps the run repeatable (553594 once found a single-use coupon spent twice after
// a refund); MONEY_SEED explores others.
const SEED = Number(process.env.MONEY_SEED ?? 553594);
const RUNS = Number(process.env.MONEY_RUNS ?? 30);
const STEPS = Number(process.env.MONEY_STEPS ?? 15);
const EMAILS = [
  "shopper@payonce.test",
  "buyer@payonce.test",
  "reviewer@payonce.test",
  "plus@payonce.test",
];

const refundKeys: [string, number][] = [];
const gateway = app.services.gateway;
const realRefund = gateway.refund.bind(gateway);
gateway.refund = async (id, cents, key) => {
  const result = await realRefund(id, cents, key);
  if (result.status === "succeeded") refundKeys.push([key, cents]);
  return result;
};

describe("money invariants", () => {
  it(`holds over ${RUNS} random sequences of ${STEPS} steps (seed ${SEED})`, {
    timeout: 240_000,
  }, async () => {
    const deals = await Promise.all(
      ["pixelforge", "taskflow", "mailbeam"].map((s) => dealPlans(s)),
    );
    await db.insert(coupons).values([
      { code: "LIMIT3", type: "fixed", value: 1500, maxUses: 3 },
      { code: "ONCEEACH", type: "percent", value: 50, singleUse: true },
    ]);
    await db.insert(giftCards).values(
      Array.from({ length: 20 }, (_, i) => ({
        code: `MONEY-GIFT-${i}`,
        amountCents: 1000 + 500 * (i % 5),
      })),
    );
    const campaigns = await db.select({ id: rewardCampaigns.id }).from(rewardCampaigns);
    const startOrder = Number(
      (await db.select({ n: sql<number>`coalesce(max(${orders.id}), 0)::int` }).from(orders))[0]
        ?.n ?? 0,
    );
    const sessions = new Map<string, Credentials>();
    for (const email of EMAILS) sessions.set(email, await freshCart(email));
    const rewardCodes: string[] = [];
    const log: string[] = [];

    for (let run = 0; run < RUNS; run += 1) {
      const rand = prng(SEED + run);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
      for (let step = 0; step < STEPS; step += 1) {
        const email = pick(EMAILS);
        const creds = sessions.get(email) as Credentials;
        const action = pick([
          "add",
          "add",
          "coupon",
          "uncoupon",
          "credits",
          "gift",
          "reward",
          "pay",
          "pay",
          "refund",
        ] as const);
        log.push(`${run}.${step} ${email} ${action}`);
        if (action === "add") {
          const d = pick(deals);
          await addPlan(app, creds, d);
        } else if (action === "coupon") {
          await send(
            "POST",
            "/api/cart/coupon/",
            { code: pick(["LIMIT3", "ONCEEACH", "SAVE20", ...rewardCodes]) },
            creds,
          );
        } else if (action === "uncoupon") {
          await send("DELETE", "/api/cart/coupon/", undefined, creds);
        } else if (action === "credits") {
          await send("POST", "/api/cart/credits/", { use_credit: rand() < 0.7 }, creds);
        } else if (action === "gift") {
          await send(
            "POST",
            `/api/giftcards/MONEY-GIFT-${Math.floor(rand() * 20)}/redeem/`,
            {},
            creds,
          );
        } else if (action === "reward") {
          const res = await send("POST", `/api/rewards/${pick(campaigns).id}/redeem/`, {}, creds);
          for (const c of (res.statusCode === 201 ? res.json().coupons : []) as { code: string }[])
            if (!rewardCodes.includes(c.code)) rewardCodes.push(c.code);
          if (rand() < 0.3 && rewardCodes.length)
            await send("POST", "/api/rewards/remove/", { code: pick(rewardCodes) }, creds);
        } else if (action === "pay") {
          await pay(
            creds,
            { payment_method: "pm_card_visa" },
            rand() < 0.2 ? `k${run}` : undefined,
          );
        } else {
          const owned = (
            await send("GET", "/api/users/products/?f=active", undefined, creds)
          ).json().results as { invoice_item: number; order_id: number }[];
          const mine = owned.filter((p) => p.order_id > startOrder);
          if (mine.length)
            await send("POST", `/api/users/products/${pick(mine).invoice_item}/refund/`, {}, creds);
        }
      }
    }

    const problems: string[] = [];
    const made = await db
      .select()
      .from(orders)
      .where(sql`${orders.id} > ${startOrder} and ${orders.status} in ('paid', 'refunded')`);
    const lines = made.length
      ? await db
          .select()
          .from(invoiceItems)
          .where(
            inArray(
              invoiceItems.orderId,
              made.map((o) => o.id),
            ),
          )
      : [];
    const creditBack = await db.select().from(credits).where(sql`${credits.reason} = 'refund'`);
    for (const o of made) {
      const own = lines.filter((l) => l.orderId === o.id);
      const net = (l: (typeof own)[number]) => l.priceCents - l.discountCents;
      const cardBack = refundKeys
        .filter(([k]) => k.startsWith(`refund:order${o.id}:`))
        .reduce((s, [, c]) => s + c, 0);
      const creditsBack = creditBack
        .filter((c) => c.orderId === o.id)
        .reduce((s, c) => s + c.amountCents, 0);
      const kept = own.filter((l) => l.refundedAt == null).reduce((s, l) => s + net(l), 0);
      if (own.reduce((s, l) => s + net(l), 0) !== o.totalCents + o.creditCents)
        problems.push(`order ${o.id}: lines do not add up to what it took`);
      if (o.totalCents + o.creditCents - cardBack - creditsBack !== kept)
        problems.push(
          `order ${o.id}: paid ${o.totalCents}+${o.creditCents}, back ${cardBack}+${creditsBack}, kept lines ${kept}`,
        );
    }
    const balances = await db.execute(
      sql`select user_id, sum(amount_cents)::int as n from credits group by user_id having sum(amount_cents) < 0`,
    );
    const negative = (
      Array.isArray(balances) ? balances : (balances as { rows: unknown[] }).rows
    ) as unknown[];
    if (negative.length) problems.push(`negative credit balances: ${JSON.stringify(negative)}`);
    const overused =
      await db.execute(sql`select c.code from coupons c where (c.max_uses is not null and
      (c.used_count > c.max_uses or (select count(*) from ${couponRedemptions} r where r.coupon_id = c.id) > c.max_uses))
      or (c.single_use and exists (select 1 from ${couponRedemptions} r where r.coupon_id = c.id
        group by lower(r.email) having count(*) > 1))`);
    const over = (
      Array.isArray(overused) ? overused : (overused as { rows: unknown[] }).rows
    ) as unknown[];
    if (over.length) problems.push(`coupons beyond their limit: ${JSON.stringify(over)}`);
    expect(
      problems,
      `seed ${SEED} (replay with MONEY_SEED=${SEED})\n${log.slice(-30).join("\n")}`,
    ).toEqual([]);
    expect(made.length).toBeGreaterThan(0);
  });
});
