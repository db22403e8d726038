import { eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  invoiceItems,
  licences,
  orders,
  paymentDisputes,
  paymentRefunds,
} from "../../server/db/schema";
import { addPlan, checkout, dealPlans, newBuyer } from "../helpers/commerce";
import { deliver, eventsOf, stripeApp } from "../helpers/stripe";
import type { StripeEvent } from "../support/stripe-stand-in/store";

// Issue 29: whatever order Stripe delivers a payment's events in, and however often, the order,
// its licence codes, its refunds and its disputes end in the same state.
const { app, standIn } = await stripeApp();
const db = app.database.db;
const taskflow = await dealPlans(app, "taskflow");

type Scenario = {
  name: string;
  /** Stripe's side: what happens to the payment after the buyer started paying. */
  run(pi: string): void;
  threeDs: boolean;
  expected: {
    orders: string[];
    codes: string[];
    refunds: string[];
    disputes: (string | null)[];
  };
};

const SCENARIOS: Scenario[] = [
  {
    name: "refunded in the dashboard, the refund failed, then a dispute was lost",
    threeDs: false,
    run(pi) {
      const refund = standIn.dashboardRefund(pi);
      standIn.failRefund(refund.id);
      standIn.closeDispute(standIn.openDispute(pi).id, "lost");
    },
    expected: { orders: ["paid"], codes: ["revoked"], refunds: ["failed"], disputes: ["lost"] },
  },
  {
    name: "a dispute won",
    threeDs: false,
    run(pi) {
      standIn.closeDispute(standIn.openDispute(pi).id, "won");
    },
    expected: { orders: ["paid"], codes: ["active"], refunds: [], disputes: ["won"] },
  },
  {
    name: "3-D Secure approved, then refunded in the dashboard",
    threeDs: true,
    run(pi) {
      standIn.authenticate(pi, "approve");
      standIn.dashboardRefund(pi);
    },
    expected: { orders: ["refunded"], codes: ["revoked"], refunds: ["succeeded"], disputes: [] },
  },
];

/** A payment made by a new buyer: paid at once, or waiting for 3-D Secure. */
async function startPayment(threeDs: boolean) {
  const buyer = await newBuyer(app, "prop");
  await addPlan(app, buyer.creds, taskflow);
  const res = await checkout(
    app,
    buyer.creds,
    { payment_method: threeDs ? "pm_card_authenticationRequired" : "pm_card_visa" },
    `property-${buyer.id}`,
  );
  expect(res.statusCode, res.body).toBe(threeDs ? 402 : 201);
  if (threeDs) return { buyer, pi: res.json().payment_intent as string };
  const [order] = await db.select().from(orders).where(eq(orders.userId, buyer.id));
  return { buyer, pi: order!.providerPaymentId! };
}

async function stateOf(userId: number) {
  const mine = await db.select().from(orders).where(eq(orders.userId, userId));
  const ids = mine.length ? mine.map((o) => o.id) : [0];
  const codes = await db
    .selectDistinct({ status: licences.status })
    .from(licences)
    .innerJoin(invoiceItems, eq(invoiceItems.id, licences.invoiceItemId))
    .where(inArray(invoiceItems.orderId, ids));
  const refunds = await db
    .select({ status: paymentRefunds.status })
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.orderId, ids));
  const disputes = await db
    .select({ outcome: paymentDisputes.outcome })
    .from(paymentDisputes)
    .where(inArray(paymentDisputes.orderId, ids));
  return {
    orders: mine.map((o) => o.status),
    codes: codes.map((c) => c.status).sort(),
    refunds: refunds.map((r) => r.status),
    disputes: disputes.map((d) => d.outcome),
  };
}

/** The events in the order the priorities give, with the chosen ones sent again. */
function arrival(events: StripeEvent[], priorities: number[], repeats: number[]) {
  const order = events
    .map((event, i) => ({ event, key: priorities[i % priorities.length] ?? 0 }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.event);
  return [...order, ...repeats.map((r) => events[r % events.length]!)];
}

describe("Stripe events in any order, any number of times", () => {
  it("end in the same state", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SCENARIOS),
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 12, maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        async (scenario, priorities, repeats) => {
          const { buyer, pi } = await startPayment(scenario.threeDs);
          const mark = standIn.events().length;
          scenario.run(pi);
          const events = eventsOf(standIn, pi, mark);
          expect(events.length).toBeGreaterThan(1);
          for (const event of arrival(events, priorities, repeats)) {
            expect((await deliver(app, event)).statusCode).toBe(200);
          }
          expect(await stateOf(buyer.id)).toEqual(scenario.expected);
        },
      ),
      { numRuns: 15 },
    );
  });
});
