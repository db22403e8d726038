import { describe, expect, it } from "vitest";
import { fieldErrors } from "./common";
import {
  EmailCaptureSchema,
  EmailSignupSchema,
  emailCaptureSchema,
  SetCurrencySchema,
  WaitlistSchema,
} from "./marketing";

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

describe("sign-up schemas", () => {
  it("validates the waitlist email", () => {
    expect(WaitlistSchema.parse({ waitlist_email: " a@b.co ", deal_slug: "tool" })).toEqual({
      waitlist_email: "a@b.co",
      deal_slug: "tool",
    });
    expect(
      errorsOf(WaitlistSchema.safeParse({ waitlist_email: "nope", deal_slug: "tool" })),
    ).toEqual({
      waitlist_email: ["A valid email address is required."],
    });
  });
  it("names the discount in the email capture message", () => {
    expect(errorsOf(EmailCaptureSchema.safeParse({ email: "x" }))).toEqual({
      email: ["A valid email address is required to get 10% off."],
    });
    expect(errorsOf(emailCaptureSchema("15%").safeParse({}))).toEqual({
      email: ["A valid email address is required to get 15% off."],
    });
  });
  it("validates the email signup", () => {
    expect(
      EmailSignupSchema.parse({ email: "a@b.co", allow_duplicate: "true", content: "sub" }),
    ).toEqual({
      email: "a@b.co",
      allow_duplicate: true,
      content: "sub",
    });
    expect(errorsOf(EmailSignupSchema.safeParse({ email: "a@" }))).toEqual({
      email: ["Please enter a valid email address."],
    });
  });
  it("takes a currency code", () => {
    expect(SetCurrencySchema.parse({ currency: "eur" })).toEqual({ currency: "EUR" });
    expect(SetCurrencySchema.safeParse({ currency: "euro" }).success).toBe(false);
  });
});
