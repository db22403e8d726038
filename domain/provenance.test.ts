import { describe, expect, it } from "vitest";
import { daysBetween, NO_PROVENANCE, provenanceLabels } from "./provenance";

describe("review provenance labels (issue 33)", () => {
  it("say the plan and the days owned, a transfer, a refund and an update after the reply", () => {
    expect(
      provenanceLabels({ ...NO_PROVENANCE, verifiedPurchase: true, plan: "Tier 2", daysOwned: 34 }),
    ).toEqual([{ text: "Tier 2 owner, reviewed after 34 days", tone: "green" }]);
    expect(
      provenanceLabels({
        ...NO_PROVENANCE,
        verifiedPurchase: true,
        plan: "Tier 1",
        daysOwned: null,
        byTransfer: true,
        updatedAfterReply: true,
      }).map((l) => l.text),
    ).toEqual(["Tier 1 owner", "Received by transfer", "Updated after the founder's reply"]);
    expect(provenanceLabels({ ...NO_PROVENANCE, refunded: true }).map((l) => l.text)).toEqual([
      "Refunded since",
    ]);
    expect(provenanceLabels(NO_PROVENANCE)).toEqual([]);
  });

  it("count whole days, and none when the review came first", () => {
    const bought = new Date("2026-01-01T10:00:00Z");
    expect(daysBetween(bought, new Date("2026-02-04T09:00:00Z"))).toBe(33);
    expect(daysBetween(bought, new Date("2025-12-31T10:00:00Z"))).toBeNull();
    expect(daysBetween(null, bought)).toBeNull();
  });
});
