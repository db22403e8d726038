import { describe, expect, it } from "vitest";
import { dealTimerHeading, isComingSoonLocked } from "./deal-state";
import { DEAL_ENDS_IN, STARTS_IN } from "./messages";
import { seoTitle } from "./storefront";

describe("shopper copy (issue 15)", () => {
  it("never doubles the site name in a title", () => {
    expect(seoTitle("TaskFlow | Payonce")).toBe("TaskFlow | Payonce");
    expect(seoTitle("TaskFlow")).toBe("TaskFlow | Payonce");
  });
  it("a deal that has not started counts down to its start, not its end", () => {
    expect(dealTimerHeading(null, "coming_soon")).toBe(STARTS_IN);
    expect(dealTimerHeading(null, "live")).toBe(DEAL_ENDS_IN);
  });
  it("a coming-soon deal is locked unless early access or last call opens it", () => {
    const flags = { is_coming_soon: true, is_early_access: false, is_last_call: false };
    expect(isComingSoonLocked(flags)).toBe(true);
    expect(isComingSoonLocked({ ...flags, is_early_access: true })).toBe(false);
    expect(isComingSoonLocked({ ...flags, is_coming_soon: false })).toBe(false);
  });
});
