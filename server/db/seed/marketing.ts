import {
  coupons,
  currencyRates,
  emailSubscriptions,
  giftCards,
  notificationSignups,
  rewardCampaigns,
  waitlistSignups,
} from "../schema";
import type { SeededDeal } from "./deals";
import { get, type Timeline, type Tx } from "./util";

/** Rates from USD (1 USD = rate units), with the symbol the currency selector shows. */
export const CURRENCY_RATES: [currency: string, rate: string, symbol: string][] = [
  ["USD", "1.00000000", "$"],
  ["EUR", "0.92000000", "€"],
  ["GBP", "0.79000000", "£"],
  ["AUD", "1.52000000", "A$"],
  ["INR", "83.20000000", "₹"],
  ["CAD", "1.36000000", "C$"],
];

export async function seedMarketing(
  tx: Tx,
  time: Timeline,
  deals: ReadonlyMap<string, SeededDeal>,
): Promise<void> {
  const taskflow = get(deals, "taskflow");
  await tx.insert(coupons).values([
    // 10% off anything (the default email-capture offer).
    {
      code: "WELCOME10",
      type: "percent",
      value: 10,
      startDate: time.ago(90),
      endDate: time.ahead(365),
      createdAt: time.ago(90),
    },
    // $20 off any order.
    {
      code: "SAVE20",
      type: "fixed",
      value: 2000,
      startDate: time.ago(30),
      endDate: time.ahead(60),
      createdAt: time.ago(30),
    },
    // 25% off taskflow only (a bundle coupon naming the deal).
    {
      code: "TASKFLOW25",
      type: "percent",
      value: 25,
      deals: [{ deal_id: taskflow.id, plan_id: null }],
      maxUses: 100,
      startDate: time.ago(5),
      endDate: time.ahead(30),
      createdAt: time.ago(5),
    },
    // Expired, for the error path.
    {
      code: "EXPIRED5",
      type: "percent",
      value: 5,
      startDate: time.ago(60),
      endDate: time.ago(30),
      createdAt: time.ago(60),
    },
  ]);
  await tx.insert(giftCards).values([
    {
      code: "DEMO-GIFT-25",
      amountCents: 2500,
      expiresAt: time.ahead(365),
      createdAt: time.ago(10),
    },
  ]);
  await tx.insert(rewardCampaigns).values([
    {
      name: "Give 10%",
      rewardType: "give",
      type: "percent",
      value: 10,
      discountDisplay: "10% off",
      startDate: time.ago(60),
      endDate: time.ahead(120),
      createdAt: time.ago(60),
    },
    {
      name: "Get $10",
      rewardType: "receive",
      type: "fixed",
      value: 1000,
      discountDisplay: "$10",
      startDate: time.ago(60),
      endDate: time.ahead(120),
      createdAt: time.ago(60),
    },
  ]);
  await tx.insert(currencyRates).values(
    CURRENCY_RATES.map(([currency, rate, symbol]) => ({
      currency,
      rate,
      symbol,
      updatedAt: time.ago(0, 2),
    })),
  );
  await tx.insert(waitlistSignups).values([
    {
      email: "early.bird@example.com",
      dealId: get(deals, "infohub").id,
      content: "waitlist",
      createdAt: time.ago(6),
    },
  ]);
  await tx.insert(notificationSignups).values([
    {
      email: "restock.fan@example.com",
      dealId: get(deals, "mailbeam").id,
      componentSlug: "sold_out_notification_signup",
      createdAt: time.ago(4),
    },
  ]);
  await tx.insert(emailSubscriptions).values([
    {
      email: "newsletter.reader@example.com",
      source: "homepage",
      component: "subscribe_form",
      couponCode: "WELCOME10",
      unsubscribeToken: "demo-unsubscribe-token-0001",
      createdAt: time.ago(12),
    },
  ]);
}
