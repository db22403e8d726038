import { describe, expect, it } from "vitest";
import {
  billedToLines,
  buildReceipt,
  chargedInText,
  type ReceiptInput,
  type ReceiptLineInput,
  receiptText,
  unitsLabel,
} from "./receipt";

const line = (over: Partial<ReceiptLineInput> = {}): ReceiptLineInput => ({
  id: 1,
  dealName: "TaskFlow",
  planName: "Tier 1",
  isAddon: false,
  unitQuantity: null,
  unitName: null,
  priceCents: 5015,
  campaignDiscountCents: 885,
  plusDiscountCents: 0,
  couponDiscountCents: 0,
  refundedAt: null,
  upgradedFromPlan: null,
  ...over,
});

const order = (over: Partial<ReceiptInput> = {}): ReceiptInput => ({
  orderId: 42,
  kind: "purchase",
  status: "paid",
  date: new Date("2026-03-04T10:00:00Z"),
  currency: "USD",
  subtotalCents: 5015,
  couponCode: null,
  couponDiscountCents: 0,
  creditCents: 0,
  totalCents: 5015,
  card: { brand: "visa", last4: "4242" },
  billing: null,
  lines: [line()],
  ...over,
});

describe("unitsLabel", () => {
  it("counts an add-on in its unit, not by its pack's name", () => {
    expect(unitsLabel("5 seats", 10, "seats")).toBe("10 seats");
    expect(unitsLabel("5 seats", 10, null)).toBe("10 seats");
    expect(unitsLabel("Storage pack", 3, null)).toBe("Storage pack × 3");
    expect(unitsLabel("AI Assistant", null, null)).toBe("AI Assistant");
    expect(unitsLabel("AI Assistant", 1, null)).toBe("AI Assistant");
  });
});

describe("chargedInText", () => {
  it("names the charged currency, and the shown one when it differs", () => {
    expect(chargedInText("USD", "USD")).toBe("Charged in US dollars (USD).");
    expect(chargedInText("USD", null)).toBe("Charged in US dollars (USD).");
    expect(chargedInText("USD", "EUR")).toBe(
      "Charged in US dollars (USD); prices were shown to you in euros.",
    );
  });
});

describe("buildReceipt", () => {
  it("lists lines with their discounts, then subtotal, coupon, credits and total in the charged currency", () => {
    const text = receiptText(
      buildReceipt(
        order({
          subtotalCents: 9515,
          couponCode: "SAVE20",
          couponDiscountCents: 2000,
          creditCents: 2500,
          totalCents: 5015,
          lines: [
            line({ couponDiscountCents: 1055, plusDiscountCents: 500 }),
            line({
              id: 2,
              dealName: "TaskFlow Extra Seats",
              planName: "5 seats",
              isAddon: true,
              unitQuantity: 10,
              unitName: "seats",
              priceCents: 4500,
              campaignDiscountCents: 0,
              refundedAt: new Date("2026-03-10T00:00:00Z"),
            }),
          ],
        }),
      ),
    );
    expect(text).toEqual([
      "Receipt",
      "Receipt #42 (order #42)",
      "Date: March 4, 2026",
      "Payonce",
      "Lifetime software deals",
      "TaskFlow, Tier 1  $50.15",
      "Price $64.00",
      "Campaign discount -$8.85",
      "Plus member discount -$5.00",
      "Coupon's share of this line -$10.55",
      "Add-on: TaskFlow Extra Seats, 10 seats  $45.00",
      "REFUNDED on March 10, 2026",
      "Subtotal  $95.15",
      "Coupon SAVE20  -$20.00",
      "Credits  -$25.00",
      "Total paid (USD)  $50.15",
      "Charged in US dollars (USD).",
      "Paid by visa ending 4242.",
      "Lines marked REFUNDED were paid back after this purchase.",
    ]);
  });

  it("labels an upgrade and charges its difference", () => {
    const receipt = buildReceipt(
      order({
        kind: "upgrade",
        subtotalCents: 4000,
        totalCents: 4000,
        lines: [line({ planName: "Tier 2", priceCents: 9900, upgradedFromPlan: "Tier 1" })],
      }),
    );
    expect(receipt.title).toBe("Receipt for an upgrade");
    expect(receipt.lines[0]).toMatchObject({
      label: "Upgrade: TaskFlow, Tier 1 to Tier 2",
      amount: "$40.00",
    });
  });
});

describe("billedToLines", () => {
  it("prints the business, name, address, postal code, country and tax id given", () => {
    expect(
      billedToLines({
        email: "ada@example.test",
        billing_name: "Ada Lovelace",
        billing_address1: "1 George Street",
        billing_city: "Sydney",
        billing_state: "NSW",
        postal_code: "2000",
        country: "AU",
        tax_id: "51824753556",
        tax_business_name: "Engines Pty Ltd",
      }),
    ).toEqual([
      "Engines Pty Ltd",
      "Ada Lovelace",
      "1 George Street",
      "Sydney, NSW, 2000",
      "AU",
      "Tax ID: 51824753556",
      "ada@example.test",
    ]);
    expect(billedToLines(null)).toEqual([]);
    expect(billedToLines({ country: "FR", postal_code: "75001" })).toEqual(["75001", "FR"]);
  });
});
