import { describe, expect, it } from "vitest";
import { BLOCK_TYPES } from "../../domain/constants";
import {
  blockTypeLabel,
  fieldsOf,
  fromLocalInput,
  otherData,
  splitErrors,
  toLocalInput,
} from "./block-fields";

describe("the block editor's form", () => {
  it("gives every block type the anchor and window fields, once each", () => {
    for (const type of BLOCK_TYPES) {
      const keys = fieldsOf(type).map((f) => f.key);
      expect(keys, type).toEqual(
        expect.arrayContaining(["anchor_tag_id", "start_date", "end_date"]),
      );
      expect(new Set(keys).size, type).toBe(keys.length);
    }
    expect(fieldsOf("hero").map((f) => f.key)).toContain("video_url");
    // A titled block without a title of its own gets the section title; a divider does not.
    expect(fieldsOf("faq")[0]).toEqual({ key: "title", label: "Section title" });
    expect(fieldsOf("horizontal_divider").map((f) => f.key)).not.toContain("title");
  });

  it("reads and writes dates as UTC datetime-local values", () => {
    expect(toLocalInput("2026-12-01T09:30:00Z")).toBe("2026-12-01T09:30");
    expect(toLocalInput("2026-12-01T10:30:00+01:00")).toBe("2026-12-01T09:30");
    expect(toLocalInput("not a date")).toBe("");
    expect(toLocalInput(42)).toBe("");
    expect(fromLocalInput("2026-12-01T09:30")).toBe("2026-12-01T09:30:00.000Z");
    expect(fromLocalInput("")).toBe("");
  });

  it("keeps the keys without an input for the JSON box", () => {
    expect(otherData("faq", { title: "T", anchor_tag_id: "a", faqs: [1] })).toEqual({ faqs: [1] });
  });

  it("labels types in words", () => {
    expect(blockTypeLabel("use_cases_carousel")).toBe("Use cases carousel");
    expect(blockTypeLabel("faq")).toBe("FAQ");
  });

  it("splits the API's field map per block, by position at save time", () => {
    const sent = [{ key: "b1" }, { key: "b2" }];
    expect(
      splitErrors(
        {
          "blocks.1.data.anchor_tag_id": ["Bad anchor."],
          "blocks.1.type": ["Bad type."],
          "blocks.7.type": ["No such block."],
          blocks: ["Send the page's blocks as a list."],
        },
        sent,
      ),
    ).toEqual({
      byKey: { b2: { "data.anchor_tag_id": ["Bad anchor."], type: ["Bad type."] } },
      general: ["No such block.", "Send the page's blocks as a list."],
    });
  });
});
