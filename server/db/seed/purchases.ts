import {
  billingDetails,
  credits,
  invoiceItems,
  licences,
  orders,
  paymentMethods,
  plusSubscriptions,
} from "../schema";
import { COMMUNITY } from "./accounts";
import type { SeededDeal } from "./deals";
import { get, licenceCode, prng, type Timeline, type Tx } from "./util";

/** An order to seed: who, when, and which plan tier of which deal. */
export type PlannedOrder = { username: string; at: Date; items: { slug: string; tier: number }[] };

/** The named accounts' purchases (README: buyer, reviewer, blocked bought taskflow; plus bought 3 deals). */
export function namedOrders(time: Timeline): PlannedOrder[] {
  return [
    { username: "demo-buyer", at: time.ago(15), items: [{ slug: "taskflow", tier: 1 }] },
    { username: "demo-reviewer", at: time.ago(13), items: [{ slug: "taskflow", tier: 2 }] },
    { username: "demo-blocked", at: time.ago(12), items: [{ slug: "taskflow", tier: 1 }] },
    { username: "demo-plus", at: time.ago(40), items: [{ slug: "mailbeam", tier: 1 }] },
    {
      username: "demo-plus",
      at: time.ago(9),
      items: [
        { slug: "pixelforge", tier: 1 },
        { slug: "quickcrm", tier: 2 },
      ],
    },
  ];
}

export async function seedPurchases(
  tx: Tx,
  time: Timeline,
  planned: PlannedOrder[],
  dealsBySlug: ReadonlyMap<string, SeededDeal>,
  userIds: ReadonlyMap<string, number>,
): Promise<{ orders: number; items: number }> {
  const rand = prng(4242);
  const plusUser = get(userIds, "demo-plus");
  const buyerUser = get(userIds, "demo-buyer");
  const year = time.now.getUTCFullYear();

  // Cards: plus@ has a default card and an expired one; buyer@ one default card.
  const cards = await tx
    .insert(paymentMethods)
    .values([
      {
        userId: plusUser,
        providerId: "pm_demo_plus_visa",
        fingerprint: "fp_demo_plus_visa",
        brand: "visa",
        last4: "4242",
        expMonth: 12,
        expYear: year + 3,
        isDefault: true,
        country: "US",
        postalCode: "94107",
        createdAt: time.ago(400),
      },
      {
        userId: plusUser,
        providerId: "pm_demo_plus_mc",
        fingerprint: "fp_demo_plus_mc",
        brand: "mastercard",
        last4: "4444",
        expMonth: 1,
        expYear: year - 1,
        isDefault: false,
        country: "US",
        postalCode: "94107",
        createdAt: time.ago(800),
      },
      {
        userId: buyerUser,
        providerId: "pm_demo_buyer_visa",
        fingerprint: "fp_demo_buyer_visa",
        brand: "visa",
        last4: "1881",
        expMonth: 8,
        expYear: year + 2,
        isDefault: true,
        country: "GB",
        postalCode: "EC1A 1BB",
        createdAt: time.ago(16),
      },
    ])
    .returning({
      id: paymentMethods.id,
      userId: paymentMethods.userId,
      isDefault: paymentMethods.isDefault,
    });
  const defaultCard = new Map(cards.filter((c) => c.isDefault).map((c) => [c.userId, c.id]));

  await tx.insert(billingDetails).values([
    {
      userId: plusUser,
      billingName: "Lane Studio LLC",
      billingAddress1: "500 Howard Street",
      billingAddress2: "Suite 300",
      billingCity: "San Francisco",
      billingState: "CA",
      country: "US",
      postalCode: "94105",
      isDefault: true,
      createdAt: time.ago(400),
    },
    {
      userId: buyerUser,
      billingAddress1: "1 Poultry",
      billingCity: "London",
      country: "GB",
      postalCode: "EC1A 1BB",
      isDefault: true,
      createdAt: time.ago(16),
    },
  ]);

  // Plus: plus@ renews a year ahead; every sixth community member is a member too.
  await tx.insert(plusSubscriptions).values([
    {
      userId: plusUser,
      stripeSubscriptionId: "sub_demo_plus",
      status: "active",
      priceCents: 9900,
      currentPeriodStart: time.now,
      currentPeriodEnd: time.ahead(365),
      paymentMethodId: defaultCard.get(plusUser) ?? null,
      createdAt: time.ago(395),
    },
    ...COMMUNITY.filter((c) => c.plus).map((c, i) => ({
      userId: get(userIds, c.username),
      stripeSubscriptionId: `sub_demo_${c.username}`,
      status: "active" as const,
      priceCents: 9900,
      currentPeriodStart: time.ago(365 - (40 + i * 37)),
      currentPeriodEnd: time.ahead(40 + i * 37),
      createdAt: time.ago(365 - (40 + i * 37)),
    })),
  ]);
  await tx.insert(credits).values([
    {
      userId: plusUser,
      amountCents: 1000,
      reason: "reward",
      note: "Refer-a-friend reward",
      createdAt: time.ago(20),
    },
  ]);

  // Orders, then their invoice items, then one licence per item: three statements.
  const resolved = planned.map((o) => ({
    ...o,
    userId: get(userIds, o.username, "buyer"),
    lines: o.items.map((it) => {
      const deal = get(dealsBySlug, it.slug, "deal");
      const plan = deal.plans.find((p) => p.tier === it.tier) ?? deal.plans[0];
      if (!plan) throw new Error(`seed: ${it.slug} has no plans`);
      return { deal, plan };
    }),
  }));
  const orderRows = await tx
    .insert(orders)
    .values(
      resolved.map((o, i) => {
        const subtotal = o.lines.reduce((sum, l) => sum + l.plan.priceCents, 0);
        return {
          userId: o.userId,
          status: "paid" as const,
          subtotalCents: subtotal,
          totalCents: subtotal,
          currency: "USD",
          paymentMethodId: defaultCard.get(o.userId) ?? null,
          paymentProvider: subtotal === 0 ? "free" : "test",
          providerPaymentId: subtotal === 0 ? null : `pi_demo_${String(i + 1).padStart(5, "0")}`,
          billing: { country: o.userId === buyerUser ? "GB" : "US" },
          createdAt: o.at,
          paidAt: o.at,
        };
      }),
    )
    .returning({ id: orders.id });
  const itemSpecs = resolved.flatMap((o, i) =>
    o.lines.map((l) => ({ orderId: orderRows[i]?.id as number, userId: o.userId, at: o.at, ...l })),
  );
  const itemRows = await tx
    .insert(invoiceItems)
    .values(
      itemSpecs.map((s) => ({
        orderId: s.orderId,
        userId: s.userId,
        dealId: s.deal.id,
        planId: s.plan.id,
        priceCents: s.plan.priceCents,
        originalPriceCents: s.plan.originalPriceCents,
        quantity: 1,
        createdAt: s.at,
      })),
    )
    .returning({ id: invoiceItems.id });
  const seen = new Set<string>();
  await tx.insert(licences).values(
    itemSpecs.map((s, i) => {
      const prefix = s.deal.slug
        .replace(/[^a-z]/g, "")
        .slice(0, 4)
        .toUpperCase();
      let code = licenceCode(rand, prefix);
      while (seen.has(code)) code = licenceCode(rand, prefix);
      seen.add(code);
      return {
        invoiceItemId: itemRows[i]?.id as number,
        code,
        redeemedAt: i % 3 === 0 ? new Date(s.at.getTime() + 3600_000) : null,
        createdAt: s.at,
      };
    }),
  );
  return { orders: orderRows.length, items: itemRows.length };
}
