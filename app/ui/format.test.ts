import { describe, expect, it } from "vitest";
import { utcDayFormat } from "./format";

describe("utcDayFormat", () => {
  const intl = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
  const kept = utcDayFormat(intl);

  it("answers what the formatter answers, day boundaries and offsets included", () => {
    const dates = [
      "2026-11-15T00:00:00.000Z",
      "2026-11-15T23:59:59.999Z",
      "2026-11-16T00:00:00.000Z",
      "2026-11-15T01:30:00+02:00",
      "1969-12-31T23:59:59.999Z",
      "2024-02-29T12:00:00Z",
    ];
    // Twice: the second pass is answered from what the first kept.
    for (const pass of [1, 2]) {
      for (const iso of dates)
        expect([pass, kept(new Date(iso))]).toEqual([pass, intl.format(new Date(iso))]);
    }
  });

  it("throws on an invalid date, as Intl does", () => {
    expect(() => kept(new Date("not a date"))).toThrow(RangeError);
  });
});
