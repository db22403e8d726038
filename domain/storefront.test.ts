import { describe, expect, it } from "vitest";
import { countdown } from "./countdown";
import { SUBSCRIBE_BUTTON, SUBSCRIBE_NOTE, SUBSCRIBE_SUBTITLE, SUBSCRIBE_TITLE } from "./messages";
import {
  campaignDiscountLabel,
  clockSegments,
  isCampaignLive,
  seoDescription,
  seoTitle,
  subscribeCopy,
} from "./storefront";

const now = new Date("2030-01-01T12:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const MIN = 60_000;

describe("campaign discount", () => {
  it("shows percent and fixed discounts, floored at 0", () => {
    expect(campaignDiscountLabel({ type: "percent", value: 15 })).toBe("15%");
    expect(campaignDiscountLabel({ type: "fixed", value: 1000 })).toBe("$10");
    expect(campaignDiscountLabel({ type: "fixed", value: 1050 })).toBe("$10.50");
    expect(campaignDiscountLabel({ type: "percent", value: -5 })).toBeNull();
    expect(campaignDiscountLabel(null)).toBeNull();
  });

  it("is live only while active and inside its window", () => {
    const c = { isActive: true, startDate: at(-MIN), endDate: at(MIN) };
    expect(isCampaignLive(c, now)).toBe(true);
    expect(isCampaignLive({ ...c, isActive: false }, now)).toBe(false);
    expect(isCampaignLive({ ...c, endDate: now }, now)).toBe(false);
    expect(isCampaignLive({ ...c, startDate: at(1) }, now)).toBe(false);
  });
});

describe("subscribe banner copy", () => {
  it("uses the spec's defaults without a campaign", () => {
    const copy = subscribeCopy(null);
    expect(copy.title).toBe(SUBSCRIBE_TITLE);
    expect(copy.subtitle).toBe(SUBSCRIBE_SUBTITLE);
    expect(copy.button).toBe(SUBSCRIBE_BUTTON);
    expect(copy.note).toBe(SUBSCRIBE_NOTE);
  });

  it("replaces the discount with the active campaign's", () => {
    const copy = subscribeCopy({ type: "percent", value: 15 });
    expect(copy.title).toBe("Get 15% off your first order");
    expect(copy.button).toBe("Get 15% off");
  });
});

describe("clock segments", () => {
  it("shows days, hours, minutes and seconds", () => {
    const c = countdown(null, at(26 * 60 * MIN + 5 * MIN + 7000), now);
    expect(clockSegments(c).map((s) => s.value)).toEqual(["1", "02", "05", "07"]);
  });

  it("hides hours under 5 minutes", () => {
    const c = countdown(null, at(4 * MIN + 30_000), now);
    expect(clockSegments(c)).toEqual([
      { value: "04", unit: "minutes" },
      { value: "30", unit: "seconds" },
    ]);
  });

  it("has nothing to show without a target, without dates, or after the end", () => {
    expect(clockSegments(countdown(at(-MIN), null, now))).toEqual([]);
    expect(clockSegments(countdown(null, null, now))).toEqual([]);
    expect(clockSegments(countdown(null, at(-1), now))).toEqual([]);
  });
});

describe("SEO text", () => {
  it("cuts titles to 70 characters and descriptions to 160", () => {
    expect(seoTitle("Browse deals")).toBe("Browse deals | Payonce");
    const long = seoTitle("x".repeat(100));
    expect(long).toHaveLength(70);
    expect(long.endsWith("... | Payonce")).toBe(true);
    // A long title is cut at a word and keeps the site's name.
    expect(
      seoTitle("TaskFlow: Project management with Gantt charts, automations and client portals"),
    ).toBe("TaskFlow: Project management with Gantt charts... | Payonce");
    expect(seoDescription(`a  b\n${"c".repeat(200)}`)).toHaveLength(160);
  });
});
