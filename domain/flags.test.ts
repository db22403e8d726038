import { describe, expect, it } from "vitest";
import {
  AUTHOR_LIST_REASON_MAX,
  AUTHOR_LISTS,
  declineReasonFromFlags,
  FLAG_DETAILS_MAX,
  FLAG_NOTE_MAX,
  FLAG_REASON_LABELS,
  FLAG_REASONS,
  FLAG_RESOLUTIONS,
  FLAG_STATUSES,
  reasonCounts,
} from "./flags";
import { FlagSchema } from "./schemas/discussions";
import { AuthorListSchema, FlagResolveSchema } from "./schemas/staff";

// Reports of abuse and the author lists (issue 33, decision 069): the fixed lists, their labels
// and limits, and the reason a declined author reads.
describe("report reasons", () => {
  it("are a short fixed list with labels, and limits of our choosing", () => {
    expect(FLAG_REASONS).toEqual(["spam", "abuse", "off_topic", "other"]);
    expect(FLAG_REASON_LABELS).toEqual({
      spam: "Spam or advertising",
      abuse: "Abusive, hateful or personal attack",
      off_topic: "Off-topic or not about this deal",
      other: "Something else",
    });
    expect(FLAG_STATUSES).toEqual(["open", "dismissed", "declined"]);
    expect(FLAG_RESOLUTIONS).toEqual(["dismiss", "decline"]);
    expect(AUTHOR_LISTS).toEqual(["blacklist", "whitelist"]);
    expect([FLAG_DETAILS_MAX, FLAG_NOTE_MAX, AUTHOR_LIST_REASON_MAX]).toEqual([500, 500, 500]);
  });

  it("count per reason in the list's order, leaving out the absent ones", () => {
    expect(reasonCounts(["other", "spam", "spam", "abuse"])).toEqual([
      { reason: "spam", count: 2 },
      { reason: "abuse", count: 1 },
      { reason: "other", count: 1 },
    ]);
    expect(reasonCounts([])).toEqual([]);
  });

  it("give a declined author staff's note, else the reason most reporters chose", () => {
    expect(declineReasonFromFlags("  Off-topic advert.  ", ["spam"])).toBe("Off-topic advert.");
    expect(declineReasonFromFlags("", ["abuse", "spam", "abuse"])).toBe(
      "Reported by readers: abusive, hateful or personal attack.",
    );
    // A tie goes to the list's order.
    expect(declineReasonFromFlags(null, ["off_topic", "spam"])).toBe(
      "Reported by readers: spam or advertising.",
    );
  });

  it("are checked by the report, resolution and author-list bodies", () => {
    expect(FlagSchema.safeParse({ reason: "spam" }).success).toBe(true);
    expect(FlagSchema.safeParse({ reason: "other", details: " " }).success).toBe(false);
    expect(FlagSchema.safeParse({ reason: "meh" }).success).toBe(false);
    expect(FlagResolveSchema.parse({ action: "dismiss" })).toEqual({ action: "dismiss", note: "" });
    expect(FlagResolveSchema.safeParse({ action: "delete" }).success).toBe(false);
    expect(AuthorListSchema.safeParse({ list: "blacklist", on: "0", reason: "" }).success).toBe(
      false,
    );
    expect(AuthorListSchema.parse({ list: "whitelist", on: "1", reason: " Helps. " })).toEqual({
      list: "whitelist",
      on: true,
      reason: "Helps.",
    });
  });
});
