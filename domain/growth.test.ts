import { describe, expect, it } from "vitest";
import {
  currencyOptions,
  incentivizedShareDiscount,
  inlineSignupStorageKey,
  reportListingHref,
  restockSignupVisible,
  SOLD_OUT_COMPONENT_SLUG,
  shareTargetUrl,
  withShareRef,
} from "./growth";

describe("report listing link", () => {
  const deal = { id: 7, slug: "taskflow", is_info: false };
  const signedIn = { isAuthenticated: true, email: "a+b@payonce.test" };
  it("adds deal_id, deal_slug and the e-mail to the form's URL", () => {
    const href = reportListingHref("https://forms.example/report?lang=en", deal, signedIn);
    const url = new URL(href ?? "");
    expect(url.origin + url.pathname).toBe("https://forms.example/report");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lang: "en",
      deal_id: "7",
      deal_slug: "taskflow",
      email: "a+b@payonce.test",
    });
  });
  it("is absent for visitors, users without an e-mail and informational deals", () => {
    expect(
      reportListingHref("https://f.example/", deal, { isAuthenticated: false, email: null }),
    ).toBeNull();
    expect(
      reportListingHref("https://f.example/", deal, { isAuthenticated: true, email: null }),
    ).toBeNull();
    expect(
      reportListingHref("https://f.example/", { ...deal, is_info: true }, signedIn),
    ).toBeNull();
  });
});

describe("sharing", () => {
  it("marks the referrer with ?ref=", () => {
    expect(withShareRef("/products/taskflow/", "reviews")).toBe("/products/taskflow/?ref=reviews");
    expect(withShareRef("https://x.test/products/a/?q=1", "questions")).toBe(
      "https://x.test/products/a/?q=1&ref=questions",
    );
    expect(withShareRef("/products/a/", null)).toBe("/products/a/");
  });
  it("builds each network's share URL with the link encoded", () => {
    const link = "https://payonce.test/s/ABCD2345";
    expect(shareTargetUrl("facebook", link, "T")).toBe(
      "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fpayonce.test%2Fs%2FABCD2345",
    );
    expect(shareTargetUrl("linkedin", link, "T")).toContain("linkedin.com");
    expect(shareTargetUrl("twitter", link, "A & B")).toContain("text=A%20%26%20B");
    expect(shareTargetUrl("email", link, "T")).toMatch(/^mailto:\?subject=T&body=/);
  });
  it("offers 'Share & get' from 2 purchases with both a give and a receive campaign", () => {
    const both = [
      { reward_type: "give", discount_display: "$10" },
      { reward_type: "receive", discount_display: "$20" },
    ];
    expect(incentivizedShareDiscount(2, both)).toBe("$20");
    expect(incentivizedShareDiscount(1, both)).toBeNull();
    expect(incentivizedShareDiscount(5, both.slice(0, 1))).toBeNull();
    expect(incentivizedShareDiscount(5, [])).toBeNull();
  });
});

describe("restock sign-up visibility", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const base = { isEnded: true, dealSlug: "mailbeam", componentSlug: "sold-out", now };
  it("needs an ended deal and both slugs", () => {
    expect(restockSignupVisible(base)).toBe(true);
    expect(restockSignupVisible({ ...base, isEnded: false })).toBe(false);
    expect(restockSignupVisible({ ...base, componentSlug: "" })).toBe(false);
    expect(restockSignupVisible({ ...base, dealSlug: null })).toBe(false);
  });
  it("honours the optional window", () => {
    expect(restockSignupVisible({ ...base, startDate: "2026-06-02T00:00:00Z" })).toBe(false);
    expect(restockSignupVisible({ ...base, endDate: "2026-06-01T12:00:00Z" })).toBe(false);
    expect(
      restockSignupVisible({
        ...base,
        startDate: "2026-05-01T00:00:00Z",
        endDate: "2026-07-01T00:00:00Z",
      }),
    ).toBe(true);
  });
});

describe("currency options", () => {
  it("inserts the local currency second", () => {
    expect(currencyOptions("CAD")).toEqual(["USD", "CAD", "EUR", "GBP", "AUD", "INR"]);
  });
  it("keeps the defaults when the local currency is one of them or unknown", () => {
    expect(currencyOptions("EUR")).toEqual(["USD", "EUR", "GBP", "AUD", "INR"]);
    expect(currencyOptions(null)).toEqual(["USD", "EUR", "GBP", "AUD", "INR"]);
  });
});

describe("inline sign-up flag", () => {
  it("is kept per deal and component slug", () => {
    expect(inlineSignupStorageKey("mailbeam", SOLD_OUT_COMPONENT_SLUG)).toBe(
      "payonce:notification-signup:mailbeam:sold_out_notification_signup",
    );
    expect(inlineSignupStorageKey("a", "x")).not.toBe(inlineSignupStorageKey("b", "x"));
  });
});
