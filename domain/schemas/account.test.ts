import { describe, expect, it } from "vitest";
import {
  CancelReasonSchema,
  CardCreateSchema,
  CardDefaultSchema,
  CardRemoveSchema,
  PlusSubscriptionPatchSchema,
  ProductsQuerySchema,
  TransferSchema,
} from "./account";
import { fieldErrors } from "./common";

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

describe("card schemas", () => {
  it("need a payment method, a card id, a fingerprint, with the spec's messages", () => {
    expect(errorsOf(CardCreateSchema.safeParse({ payment_method_id: " " }))).toEqual({
      payment_method_id: ["Missing payment method"],
    });
    expect(errorsOf(CardRemoveSchema.safeParse({}))).toEqual({
      fingerprint_id: ["Missing card id. Please try again later"],
    });
    expect(errorsOf(CardDefaultSchema.safeParse({ card: "abc" }))).toEqual({
      card: ["Missing card id. Please try again later"],
    });
    expect(CardDefaultSchema.parse({ card: "12" })).toEqual({ card: 12 });
  });
  it("read form checkboxes for set_default", () => {
    expect(
      CardCreateSchema.parse({ payment_method_id: "pm_card_visa", set_default: "on" }),
    ).toMatchObject({
      set_default: true,
      country: "",
      postal_code: "",
    });
  });
});

describe("Plus schemas", () => {
  it("take the three actions only", () => {
    expect(PlusSubscriptionPatchSchema.parse({ action: "reactivate" })).toEqual({
      action: "reactivate",
    });
    expect(errorsOf(PlusSubscriptionPatchSchema.safeParse({ action: "pause" }))).toEqual({
      action: ["Select a valid choice."],
    });
  });
  it("need a subscription and a listed reason", () => {
    expect(errorsOf(CancelReasonSchema.safeParse({ subscription: "x", reason: "bored" }))).toEqual({
      subscription: ["No subscription or reason found"],
      reason: ["No subscription or reason found"],
    });
    expect(CancelReasonSchema.parse({ subscription: "3", reason: "other" })).toEqual({
      subscription: 3,
      reason: "other",
      feedback: "",
    });
  });
});

describe("ProductsQuerySchema", () => {
  it("defaults to page 1 of all, and forgives bad values", () => {
    expect(ProductsQuerySchema.parse({})).toEqual({ page: 1, f: "all", q: "" });
    expect(ProductsQuerySchema.parse({ page: "0", f: "nope", q: "  crm " })).toEqual({
      page: 1,
      f: "all",
      q: "crm",
    });
    expect(ProductsQuerySchema.parse({ page: "3", f: "refunded" })).toMatchObject({
      page: 3,
      f: "refunded",
    });
    expect(ProductsQuerySchema.parse({ q: "x".repeat(300) }).q).toHaveLength(100);
  });
});

describe("TransferSchema", () => {
  it("needs an item, an e-mail and action=transfer", () => {
    expect(
      TransferSchema.parse({ invoice_item: "5", email: " a@b.co ", plan: "2", action: "transfer" }),
    ).toEqual({ invoice_item: 5, email: "a@b.co", plan: 2, action: "transfer" });
    expect(
      errorsOf(TransferSchema.safeParse({ invoice_item: "5", email: "nope", action: "gift" })),
    ).toEqual({
      email: ["A valid email address is required."],
      action: ["Select a valid choice."],
    });
  });
});
