import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utcDateTime, utcMediumDate } from "./format";

describe("utcMediumDate", () => {
  const medium = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
  const parts = new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

  it("writes what Intl writes, day boundaries and offsets included", () => {
    const dates = [
      "2026-11-15T00:00:00.000Z",
      "2026-11-15T23:59:59.999Z",
      "2026-11-16T00:00:00.000Z",
      "2026-11-15T01:30:00+02:00",
      "1969-12-31T23:59:59.999Z",
      "2024-02-29T12:00:00Z",
      "2026-09-01T00:00:00Z",
    ];
    for (const iso of dates) {
      expect(utcMediumDate(new Date(iso))).toBe(medium.format(new Date(iso)));
      expect(utcMediumDate(new Date(iso))).toBe(parts.format(new Date(iso)));
    }
  });

  it("matches Intl for any date from year 1 to 9999", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("0001-01-01T00:00:00Z"),
          max: new Date("9999-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        (date) => {
          expect(utcMediumDate(date)).toBe(medium.format(date));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("throws on an invalid date, as Intl does", () => {
    expect(() => utcMediumDate(new Date("not a date"))).toThrow(RangeError);
  });
});

describe("utcDateTime", () => {
  const options = {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  } as const;
  const short = new Intl.DateTimeFormat("en-US", options);
  const long = new Intl.DateTimeFormat("en-US", { ...options, year: "numeric" });

  it("writes what Intl writes, midnight and noon included", () => {
    for (const iso of ["2026-11-26T00:04:00Z", "2026-11-26T12:30:00Z", "2026-11-26T15:04:59Z"]) {
      expect(utcDateTime(new Date(iso))).toBe(short.format(new Date(iso)));
      expect(utcDateTime(new Date(iso), true)).toBe(long.format(new Date(iso)));
    }
    expect(utcDateTime(new Date("2026-11-26T15:04:00Z"))).toBe("Nov 26, 3:04 PM UTC");
  });

  it("matches Intl for any date from year 1 to 9999, with and without the year", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("0001-01-01T00:00:00Z"),
          max: new Date("9999-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        fc.boolean(),
        (date, withYear) => {
          expect(utcDateTime(date, withYear)).toBe((withYear ? long : short).format(date));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("throws on an invalid date, as Intl does", () => {
    expect(() => utcDateTime(new Date("not a date"))).toThrow(RangeError);
  });
});
