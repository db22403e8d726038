import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoiceItems, licences, orders, outbox } from "../../server/db/schema";
import { createTestApp } from "../helpers/app";
import { addPlan, checkout, dealPlans, newBuyer } from "../helpers/commerce";

// The e-mails a sale sends say the truth (issue 30): absolute links, the codes, the seats bought,
// the receipt and the currency charged.
const PUBLIC_URL = "https://shop.payonce.example";
const app = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
const db = app.database.db;
const { send } = app;

const taskflow = await dealPlans(app, "taskflow");
const seats = await dealPlans(app, "taskflow-extra-seats");

/** The text of the latest e-mail of this template to this address. */
async function emailTo(to: string, template: string): Promise<string> {
  const rows = await db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, "email"),
        sql`${outbox.payload}->>'to' = ${to}`,
        sql`${outbox.payload}->>'template' = ${template}`,
      ),
    )
    .orderBy(asc(outbox.id));
  const last = rows.at(-1)?.payload as { text?: string } | undefined;
  return String(last?.text ?? "");
}

/** Every link in a text: each must be absolute, on the configured public origin. */
const links = (text: string) => text.match(/(?:https?:\/\/\S+|(?<![\w.])\/[a-z][\w\-/]*\/)/g) ?? [];

describe("the order e-mail", () => {
  it("links absolutely, lists the codes and the seats bought, links the receipt and names the currency charged and shown", async () => {
    const buyer = await newBuyer(app, "mail");
    expect(
      (await send("POST", "/api/sessions/set-currency/", { currency: "EUR" }, buyer.creds))
        .statusCode,
    ).toBe(200);
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
    const paid = await checkout(app, buyer.creds, { payment_method: "pm_card_visa" });
    expect(paid.statusCode).toBe(201);
    const orderId = (paid.json() as { order: { id: number } }).order.id;

    const text = await emailTo(buyer.email, "order_confirmation");
    expect(text).toContain(`Thanks for your order #${orderId}`);
    expect(text).toContain(`${PUBLIC_URL}/orders/${orderId}/`);
    expect(text).toContain(`${PUBLIC_URL}/api/orders/${orderId}/receipt/`);
    for (const link of links(text)) expect(link.startsWith(PUBLIC_URL), link).toBe(true);
    expect(text).toContain("TaskFlow Extra Seats, 10 seats");
    expect(text).not.toContain("5 seats");
    expect(text).toContain("Charged in US dollars (USD); prices were shown to you in euros.");

    const items = await db
      .select({ id: invoiceItems.id })
      .from(invoiceItems)
      .where(eq(invoiceItems.orderId, orderId));
    const codes = await db
      .select({ code: licences.code })
      .from(licences)
      .where(
        inArray(
          licences.invoiceItemId,
          items.map((i) => i.id),
        ),
      );
    expect(codes.length).toBeGreaterThan(0);
    for (const { code } of codes) expect(text).toContain(`Licence code: ${code}`);
  });

  it("names only the charged currency when the buyer's pages showed it too", async () => {
    const buyer = await newBuyer(app, "usd");
    const pixelforge = await dealPlans(app, "pixelforge");
    await addPlan(app, buyer.creds, pixelforge);
    expect((await checkout(app, buyer.creds, { payment_method: "pm_card_visa" })).statusCode).toBe(
      201,
    );
    const text = await emailTo(buyer.email, "order_confirmation");
    expect(text).toContain("Charged in US dollars (USD).");
    expect(text).not.toContain("shown to you in");
    const [order] = await db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(order?.currency).toBe("USD");
  });
});

describe("the transfer e-mail", () => {
  it("links the recipient's products absolutely", async () => {
    const giver = await newBuyer(app, "giver");
    const recipient = await newBuyer(app, "recipient");
    const pixelforge = await dealPlans(app, "pixelforge");
    await addPlan(app, giver.creds, pixelforge);
    const paid = await checkout(app, giver.creds, { payment_method: "pm_card_visa" });
    const orderId = (paid.json() as { order: { id: number } }).order.id;
    const [item] = await db
      .select({ id: invoiceItems.id })
      .from(invoiceItems)
      .where(eq(invoiceItems.orderId, orderId));
    const moved = await send(
      "POST",
      "/api/users/products/transfer/",
      { invoice_item: item?.id, email: recipient.email, action: "transfer" },
      giver.creds,
    );
    expect(moved.statusCode).toBe(200);
    const text = await emailTo(recipient.email, "product_transferred");
    expect(text).toContain(`${PUBLIC_URL}/account/products/`);
    for (const link of links(text)) expect(link.startsWith(PUBLIC_URL), link).toBe(true);
  });
});
