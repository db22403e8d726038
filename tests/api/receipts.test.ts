import { eq } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { invoiceItems, orders } from "../../server/db/schema";
import { type Credentials, createTestApp } from "../helpers/app";
import { addPlan, checkout, dealPlans, freshCart, newBuyer } from "../helpers/commerce";

// GET /api/orders/{id}/receipt/ (issue 30, "Receipts"; decision 014).
const app = await createTestApp({ config: { campaignPricingExperiment: true } });
const db = app.database.db;
const { send } = app;

const taskflow = await dealPlans(app, "taskflow");
const seats = await dealPlans(app, "taskflow-extra-seats");
const pixelforge = await dealPlans(app, "pixelforge");

async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const receipt = (orderId: number, creds?: Credentials) =>
  send("GET", `/api/orders/${orderId}/receipt/`, undefined, creds);

/** An Australian business buyer's order: TaskFlow with 10 extra seats, a coupon and credits. */
async function businessOrder() {
  const buyer = await newBuyer(app, "receipt");
  const saved = await send(
    "POST",
    "/api/users/update_billing_info/",
    {
      country: "AU",
      postal_code: "2000",
      billing_name: "Ada Lovelace",
      billing_address1: "1 George Street",
      billing_city: "Sydney",
      billing_state: "NSW",
      tax_id: "51 824 753 556",
      tax_business_name: "Analytical Engines Pty Ltd",
      set_billing_default: true,
      set_tax_default: true,
    },
    buyer.creds,
  );
  expect(saved.statusCode).toBe(200);
  await addPlan(app, buyer.creds, taskflow);
  const added = await send(
    "POST",
    "/api/cart/addons/",
    [
      {
        deal_id: seats.deal.id,
        plan_id: seats.plan(1).id,
        quantity: 2,
        unit_quantity: 10,
        primary_plan_id: taskflow.plan(1).id,
      },
    ],
    buyer.creds,
  );
  expect(added.statusCode).toBeLessThan(300);
  expect(
    (await send("POST", "/api/cart/coupon/", { code: "SAVE20" }, buyer.creds)).statusCode,
  ).toBe(200);
  const redeemed = await send("POST", "/api/giftcards/DEMO-GIFT-25/redeem/", {}, buyer.creds);
  expect(redeemed.statusCode).toBe(200);
  await send("POST", "/api/cart/credits/", { use_credit: true }, buyer.creds);
  const paid = await checkout(app, buyer.creds, { payment_method: "pm_card_visa" });
  expect(paid.statusCode).toBe(201);
  const orderId = (paid.json() as { order: { id: number } }).order.id;
  return { buyer, orderId };
}

const order = await businessOrder();

describe("GET /api/orders/{id}/receipt/", () => {
  it("gives the buyer a PDF with the order number, lines, discounts, credits, total, currency and billing details", async () => {
    const res = await receipt(order.orderId, order.buyer.creds);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `inline; filename="payonce-receipt-${order.orderId}.pdf"`,
    );
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(res.rawPayload);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.orderId));
    const items = await db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.orderId, order.orderId));
    expect(row?.discountCents).toBe(2000);
    expect(row?.creditCents).toBeGreaterThan(0);
    expect(text).toContain(`order #${order.orderId}`);
    expect(text).toContain("Payonce");
    expect(text).toContain("TaskFlow");
    expect(text).toContain("10 seats");
    expect(text).not.toContain("5 seats");
    expect(text).toContain("Coupon SAVE20");
    expect(text).toContain("-$20.00");
    expect(text).toContain("Credits");
    expect(text).toContain(`-$${((row?.creditCents ?? 0) / 100).toFixed(2)}`);
    expect(text).toContain("Total paid (USD)");
    expect(text).toContain(`$${((row?.totalCents ?? 0) / 100).toFixed(2)}`);
    expect(text).toContain("Charged in US dollars (USD).");
    expect(text).toContain("Analytical Engines Pty Ltd");
    expect(text).toContain("Ada Lovelace");
    expect(text).toContain("1 George Street");
    expect(text).toContain("Sydney, NSW, 2000");
    expect(text).toContain("Tax ID: 51824753556");
    // TaskFlow's line had the running campaign's price: its part is named on the line.
    const campaignCents = items.find((i) => i.dealId === taskflow.deal.id)?.campaignDiscountCents;
    expect(campaignCents).toBeGreaterThan(0);
    expect(text).toContain(`Campaign discount -$${((campaignCents ?? 0) / 100).toFixed(2)}`);
    expect(text).toContain("Coupon's share of this line -$");
    expect(text).not.toContain("REFUNDED");
  });

  it("is the buyer's and staff's only: another user 404, anonymous 401, staff 200", async () => {
    const other = await newBuyer(app, "other");
    expect((await receipt(order.orderId, other.creds)).statusCode).toBe(404);
    expect((await receipt(order.orderId)).statusCode).toBe(401);
    const staff = await app.login("staff@payonce.test");
    const asStaff = await receipt(order.orderId, staff);
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.headers["content-type"]).toContain("application/pdf");
    expect((await receipt(2147483000, order.buyer.creds)).statusCode).toBe(404);
  });

  it("is linked from the order JSON as receipt_url", async () => {
    const res = await send("GET", `/api/orders/${order.orderId}/`, undefined, order.buyer.creds);
    expect(res.json()).toMatchObject({
      receipt_url: `/api/orders/${order.orderId}/receipt/`,
      kind: "purchase",
      billing: { tax_business_name: "Analytical Engines Pty Ltd", country: "AU" },
    });
  });

  it("shows a Plus member's discount on each line", async () => {
    const plus = await freshCart(app, "plus@payonce.test");
    await addPlan(app, plus, pixelforge);
    const paid = await checkout(app, plus, { payment_method: "pm_card_visa" });
    expect(paid.statusCode).toBe(201);
    const orderId = (paid.json() as { order: { id: number } }).order.id;
    const [item] = await db.select().from(invoiceItems).where(eq(invoiceItems.orderId, orderId));
    expect(item?.plusDiscountCents).toBeGreaterThan(0);
    const text = await pdfText((await receipt(orderId, plus)).rawPayload);
    expect(text).toContain(
      `Plus member discount -$${((item?.plusDiscountCents ?? 0) / 100).toFixed(2)}`,
    );
    // The demo member's saved billing details are on it.
    expect(text).toContain("Lane Studio LLC");
  });

  it("marks a refunded line", async () => {
    const buyer = await newBuyer(app, "refunded");
    await addPlan(app, buyer.creds, pixelforge);
    const paid = await checkout(app, buyer.creds, { payment_method: "pm_card_visa" });
    const orderId = (paid.json() as { order: { id: number; items: { id: number }[] } }).order.id;
    const [item] = await db.select().from(invoiceItems).where(eq(invoiceItems.orderId, orderId));
    const refund = await send("POST", `/api/users/products/${item?.id}/refund/`, {}, buyer.creds);
    expect(refund.statusCode).toBe(200);
    const text = await pdfText((await receipt(orderId, buyer.creds)).rawPayload);
    expect(text).toContain("REFUNDED on");
    expect(text).toContain("PixelForge");
  });
});
