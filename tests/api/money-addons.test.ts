import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADDONS_ADD_FAILED } from "../../domain/messages";
import { invoiceItems } from "../../server/db/schema";
import { createTestApp } from "../helpers/app";
import { addAddons, addPlan } from "../helpers/commerce";
import { moneyClient } from "../helpers/money";

// Add-on quantities come from the catalogue's offer, never from the client.
const app = await createTestApp();
const { db, send, pay, dealPlans, freshCart } = moneyClient(app);
const taskflow = await dealPlans("taskflow");
const seats = await dealPlans("taskflow-extra-seats");
const ai = await dealPlans("taskflow-ai-assistant");

const seatLine = (over: Record<string, unknown>) => ({
  deal_id: seats.deal.id,
  plan_id: seats.plan(1).id,
  primary_plan_id: taskflow.plan(1).id,
  ...over,
});

describe("POST /api/cart/addons/ quantities", () => {
  it("refuses a range quantity that is not an offered tier, and a boolean bought many times", async () => {
    const creds = await freshCart("shopper@payonce.test");
    await addPlan(app, creds, taskflow);
    const attempts = [
      [seatLine({ unit_quantity: 100000 })],
      [seatLine({ quantity: 1, unit_quantity: 100000 })],
      [seatLine({ unit_quantity: 7 })],
      [seatLine({ unit_quantity: 0 })],
      [seatLine({})],
      // 50 seats are 10 packs: one pack's count is refused, not priced at one pack.
      [seatLine({ quantity: 1, unit_quantity: 50 })],
      [
        {
          deal_id: ai.deal.id,
          plan_id: ai.plan(1).id,
          quantity: 1000,
          primary_plan_id: taskflow.plan(1).id,
        },
      ],
      [
        {
          deal_id: ai.deal.id,
          plan_id: ai.plan(1).id,
          unit_quantity: 100000,
          primary_plan_id: taskflow.plan(1).id,
        },
      ],
    ];
    for (const body of attempts) {
      const res = await addAddons(app, body, creds);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ detail: ADDONS_ADD_FAILED });
    }
    expect((await send("GET", "/api/cart/", undefined, creds)).json().cart_items[0].addons).toEqual(
      [],
    );
  });

  it("keeps offered tiers, records the seats bought, and prices them from the tier", async () => {
    const creds = await freshCart("shopper@payonce.test");
    await addPlan(app, creds, taskflow);
    const res = await addAddons(app, [seatLine({ unit_quantity: 50 })], creds);
    expect(res.statusCode).toBe(201);
    const [line] = res.json().cart_items[0].addons;
    expect(line).toMatchObject({ price: 180, quantity: 10, unit_quantity: 50 });
    const paid = await pay(creds);
    expect(paid.statusCode).toBe(201);
    const items = await db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.orderId, paid.json().order.id));
    expect(items.find((i) => i.dealId === seats.deal.id)).toMatchObject({
      priceCents: 18000,
      quantity: 10,
      unitQuantity: 50,
    });
  });
});
