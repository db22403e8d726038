import { describe, expect, it } from "vitest";
import { unitLabel } from "../ui/countdown";
import { revalidateUnlessAnswering } from "./list-page";
import { responseTimeNote } from "./page-parts";

describe("countdown and response-time wording", () => {
  it("reads 1 DAY, not 1 DAYS (the clock upper-cases its unit)", () => {
    expect(unitLabel("days", "1")).toBe("day");
    expect(unitLabel("days", "2")).toBe("days");
    expect(unitLabel("hours", "01")).toBe("hrs");
  });

  it("promises an answer within 24 hours (spec 001 section 9)", () => {
    expect(responseTimeNote("question")).toBe("The founders aim to answer within 24 hours.");
    expect(responseTimeNote("review")).toBe("The founders aim to reply within 24 hours.");
  });
});

describe("Approve & answer under the Pending filter", () => {
  it("keeps the list's data (and the card's answer box) for that one submission", () => {
    const answering = new FormData();
    answering.set("intent", "approve");
    answering.set("next", "answer");
    expect(revalidateUnlessAnswering({ formData: answering, defaultShouldRevalidate: true })).toBe(
      false,
    );
    const approve = new FormData();
    approve.set("intent", "approve");
    expect(revalidateUnlessAnswering({ formData: approve, defaultShouldRevalidate: true })).toBe(
      true,
    );
    expect(revalidateUnlessAnswering({ defaultShouldRevalidate: false })).toBe(false);
  });
});
