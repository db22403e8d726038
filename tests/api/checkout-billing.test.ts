import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billingAction, loadBillingFields } from "../../app/cart/billing-fields.server";
import type { appContext } from "../../app/context";
import { COUNTRY_REQUIRED, INVALID_ABN, invalidPostalCode } from "../../domain/messages";
import { testConfig } from "../../server/config";
import {
  billingDetails,
  deals,
  orders,
  outbox,
  paymentMethods,
  payments,
  taxDetails,
} from "../../server/db/schema";
import { pageCookies } from "../../server/web/cookies";
import { createTestApp } from "../helpers/app";
import { addPlan, checkout, dealPlans, newBuyer } from "../helpers/commerce";

// Billing at checkout (issue 30; spec 001 sections 5 and 7; decision 014).
const app = await createTestApp();
const db = app.database.db;
const { send, services } = app;

const pixelforge = await dealPlans(app, "pixelforge");

type Buyer = Awaited<ReturnType<typeof newBuyer>>;

const saveBilling = (buyer: Buyer, body: Record<string, unknown>) =>
  send("POST", "/api/users/update_billing_info/", body, buyer.creds);

const ordersOf = (buyer: Buyer) => db.select().from(orders).where(eq(orders.userId, buyer.id));
const paymentsOf = (buyer: Buyer) =>
  db.select().from(payments).where(eq(payments.userId, buyer.id));

async function contextFor(buyer: Buyer, headers: Record<string, string> = {}) {
  const session = await services.sessions.load(buyer.creds.cookies.sessionid ?? "");
  const value = {
    services,
    session,
    publicConfig: { reportListingUrl: "", publicUrl: "http://localhost" },
    cookies: pageCookies(testConfig()),
    cspNonce: "test-nonce",
  };
  return {
    context: { get: (_key: typeof appContext) => value },
    request: (body?: Record<string, string>) =>
      new Request("http://localhost/cart", {
        method: body ? "POST" : "GET",
        headers,
        ...(body ? { body: new URLSearchParams(body) } : {}),
      }),
  };
}

type Answer = {
  data: { ok: boolean; errors?: Record<string, string[]> };
  init: { status?: number };
};

describe("the cart's billing details", () => {
  it("prefill from the country by IP (GET /api/geoip_country/) until details are saved, then from them", async () => {
    const buyer = await newBuyer(app, "prefill");
    const geo = await send("GET", "/api/geoip_country/", undefined, buyer.creds, {
      "cf-ipcountry": "CA",
    });
    expect(geo.json()).toEqual({ country: "CA" });
    const page = await contextFor(buyer, { "cf-ipcountry": "CA" });
    expect(await loadBillingFields(page.context, page.request())).toMatchObject({
      saved: false,
      business: false,
      values: { country: "CA", postal_code: "" },
    });
    expect(
      (
        await saveBilling(buyer, {
          country: "GB",
          postal_code: "sw1a 1aa",
          set_billing_default: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(await loadBillingFields(page.context, page.request())).toMatchObject({
      saved: true,
      values: { country: "GB", postal_code: "SW1A 1AA" },
    });
  });

  it("are saved by the cart page's action without JavaScript, through the same service", async () => {
    const buyer = await newBuyer(app, "nojs");
    const page = await contextFor(buyer);
    const bad = (await billingAction(
      page.context,
      page.request({ intent: "billing", country: "US", postal_code: "ABC" }),
    )) as Answer;
    expect(bad.init.status).toBe(400);
    expect(bad.data.errors).toEqual({ postal_code: [invalidPostalCode("12345 or 12345-1234")] });
    const ok = (await billingAction(
      page.context,
      page.request({
        intent: "billing",
        country: "US",
        postal_code: "94107",
        billing_name: "Grace Hopper",
        business: "on",
        tax_id: "US-123",
        tax_business_name: "Compilers Inc",
        set_billing_default: "on",
        set_tax_default: "on",
      }),
    )) as Answer;
    expect(ok.init.status).toBe(200);
    const [entry] = await db
      .select()
      .from(billingDetails)
      .where(eq(billingDetails.userId, buyer.id));
    expect(entry).toMatchObject({ country: "US", postalCode: "94107", isDefault: true });
    const [tax] = await db.select().from(taxDetails).where(eq(taxDetails.userId, buyer.id));
    expect(tax).toMatchObject({ taxId: "US-123", businessName: "Compilers Inc" });
    // Another of the cart's forms is not the billing form's: the cart's own action answers it.
    expect(await billingAction(page.context, page.request({ intent: "coupon" }))).toBeNull();
  });
});

describe("checkout and the card's country and postal code", () => {
  it("refuses a new card whose country (by IP) needs a postal code it lacks: the spec's message, nothing charged", async () => {
    const buyer = await newBuyer(app, "postal");
    await addPlan(app, buyer.creds, pixelforge);
    const [before] = await db.select().from(deals).where(eq(deals.id, pixelforge.deal.id));
    const res = await send("POST", "/checkout/", { payment_method: "pm_card_visa" }, buyer.creds, {
      accept: "application/json",
      "cf-ipcountry": "US",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ postal_code: [invalidPostalCode("12345 or 12345-1234")] });
    expect(await ordersOf(buyer)).toEqual([]);
    expect(await paymentsOf(buyer)).toEqual([]);
    const [after] = await db.select().from(deals).where(eq(deals.id, pixelforge.deal.id));
    expect(after?.quantitySold).toBe(before?.quantitySold);

    // The cart saves the postal code first: then the same card pays.
    expect((await saveBilling(buyer, { country: "US", postal_code: "94107" })).statusCode).toBe(
      200,
    );
    const paid = await send("POST", "/checkout/", { payment_method: "pm_card_visa" }, buyer.creds, {
      accept: "application/json",
      "cf-ipcountry": "US",
    });
    expect(paid.statusCode).toBe(201);
  });

  it("refuses a saved card without the postal code its country needs, until the buyer gives it", async () => {
    const buyer = await newBuyer(app, "savedcard");
    const [card] = await db
      .insert(paymentMethods)
      .values({
        userId: buyer.id,
        provider: "test",
        providerId: "pm_card_visa",
        fingerprint: `fp_legacy_${buyer.id}`,
        brand: "visa",
        last4: "4242",
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        country: "CA",
        postalCode: null,
      })
      .returning();
    await addPlan(app, buyer.creds, pixelforge);
    const res = await checkout(app, buyer.creds, { payment_method: String(card?.id) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ postal_code: [invalidPostalCode("A1A 1A1")] });
    expect(await paymentsOf(buyer)).toEqual([]);
    expect(await ordersOf(buyer)).toEqual([]);
    // Billing details in the card's country carry its postal code: the card pays.
    await saveBilling(buyer, { country: "CA", postal_code: "K1A 0B1" });
    expect(
      (await checkout(app, buyer.creds, { payment_method: String(card?.id) })).statusCode,
    ).toBe(201);
  });

  it("answers an invalid country at the billing call with the spec's messages", async () => {
    const buyer = await newBuyer(app, "country");
    const res = await saveBilling(buyer, { country: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ country: [COUNTRY_REQUIRED] });
  });
});

describe("an Australian business buyer", () => {
  it("needs a valid ABN, and the order keeps the tax id and business name", async () => {
    const buyer = await newBuyer(app, "abn");
    const bad = await saveBilling(buyer, {
      country: "AU",
      postal_code: "2000",
      tax_id: "12 345 678 901",
      tax_business_name: "Kangaroo Pty Ltd",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ tax_id: [INVALID_ABN] });
    const good = await saveBilling(buyer, {
      country: "AU",
      postal_code: "2000",
      tax_id: "51 824 753 556",
      tax_business_name: "Kangaroo Pty Ltd",
      set_billing_default: true,
      set_tax_default: true,
    });
    expect(good.statusCode).toBe(200);
    await addPlan(app, buyer.creds, pixelforge);
    const paid = await checkout(app, buyer.creds, { payment_method: "pm_card_visa" });
    expect(paid.statusCode).toBe(201);
    const [order] = await ordersOf(buyer);
    expect(order?.billing).toEqual({
      email: buyer.email,
      country: "AU",
      postal_code: "2000",
      tax_id: "51824753556",
      tax_business_name: "Kangaroo Pty Ltd",
    });
  });
});

describe("the order's billing snapshot", () => {
  it("is what the buyer gave at the moment of purchase, and later changes do not rewrite it", async () => {
    const buyer = await newBuyer(app, "snapshot");
    await saveBilling(buyer, {
      country: "GB",
      postal_code: "EC1A 1BB",
      billing_name: "Ada Lovelace",
      billing_address1: "12 St James's Square",
      billing_city: "London",
      tax_id: "GB123456789",
      tax_business_name: "Engines Ltd",
      set_billing_default: true,
      set_tax_default: true,
    });
    await addPlan(app, buyer.creds, pixelforge);
    expect((await checkout(app, buyer.creds, { payment_method: "pm_card_visa" })).statusCode).toBe(
      201,
    );
    const [first] = await ordersOf(buyer);
    expect(first?.billing).toEqual({
      email: buyer.email,
      country: "GB",
      postal_code: "EC1A 1BB",
      billing_name: "Ada Lovelace",
      billing_address1: "12 St James's Square",
      billing_city: "London",
      tax_id: "GB123456789",
      tax_business_name: "Engines Ltd",
    });

    // Next time as a private person, not as the default: this order has no business on it.
    await saveBilling(buyer, { country: "FR", postal_code: "75001", set_billing_default: false });
    const quickcrm = await dealPlans(app, "quickcrm");
    await addPlan(app, buyer.creds, quickcrm);
    expect((await checkout(app, buyer.creds, { payment_method: "pm_card_visa" })).statusCode).toBe(
      201,
    );
    const all = await ordersOf(buyer);
    const second = all.find((o) => o.id !== first?.id);
    expect(second?.billing).toEqual({ email: buyer.email, country: "FR", postal_code: "75001" });
    const [again] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, buyer.id), eq(orders.id, first?.id ?? 0)));
    expect(again?.billing?.tax_business_name).toBe("Engines Ltd");
  });

  it("is written too when the order is made after 3-D Secure, away from the buyer's request", async () => {
    const buyer = await newBuyer(app, "threeds");
    await send("POST", "/api/sessions/set-currency/", { currency: "GBP" }, buyer.creds);
    await saveBilling(buyer, {
      country: "AU",
      postal_code: "3000",
      tax_id: "51824753556",
      tax_business_name: "Secure Pty Ltd",
    });
    await addPlan(app, buyer.creds, pixelforge);
    const first = await checkout(
      app,
      buyer.creds,
      { payment_method: "pm_card_authenticationRequired" },
      "key-billing-3ds",
    );
    expect(first.statusCode).toBe(402);
    const answer = await services.payments.authenticateTestIntent(
      first.json().payment_intent,
      "approve",
      buyer.id,
    );
    const [order] = await ordersOf(buyer);
    expect(order?.id).toBe(answer.orderId);
    expect(order?.billing).toEqual({
      email: buyer.email,
      country: "AU",
      postal_code: "3000",
      tax_id: "51824753556",
      tax_business_name: "Secure Pty Ltd",
    });
    // The e-mail still names the currency the buyer's pages showed.
    const [mail] = await db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(
        and(
          sql`${outbox.payload}->>'to' = ${buyer.email}`,
          sql`${outbox.payload}->>'template' = 'order_confirmation'`,
        ),
      );
    expect(String((mail?.payload as { text?: string } | undefined)?.text)).toContain(
      "Charged in US dollars (USD); prices were shown to you in British pounds.",
    );
  });
});
