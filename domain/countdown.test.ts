import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  clockText,
  countdown,
  daysLabel,
  mosaicCardStatus,
  relativeTime,
  remainingParts,
  showsHours,
} from "./countdown";

const now = new Date("2025-06-01T12:00:00Z");
const at = (ms: number): Date => new Date(now.getTime() + ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe("remainingParts", () => {
  it("splits the time left", () => {
    expect(remainingParts(at(2 * D + 3 * H + 4 * M + 5 * S), now)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });
  it("stops at zero", () => {
    expect(remainingParts(at(-5 * S), now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe("hours", () => {
  it("are hidden under 5 minutes", () => {
    expect(showsHours(at(5 * M), now)).toBe(true);
    expect(showsHours(at(5 * M - 1), now)).toBe(false);
  });
  it("read 24+ hours when exactly one day remains", () => {
    expect(daysLabel(1)).toBe("24+ hours");
    expect(daysLabel(2)).toBe("2 days");
  });
});

describe("countdown", () => {
  it("renders nothing without dates", () => {
    expect(countdown(null, null, now)).toEqual({ phase: "hidden" });
  });
  it("counts to the start before it", () => {
    const view = countdown(at(H), at(2 * H), now);
    expect(view.phase).toBe("before");
    if (view.phase !== "before") return;
    expect(view.header).toBe("Starts in");
    expect(view.remaining).toEqual({ days: 0, hours: 1, minutes: 0, seconds: 0 });
    expect(view.showHours).toBe(true);
    expect(view.text).toBeNull();
  });
  it("counts to the end while running", () => {
    const view = countdown(at(-H), at(4 * M), now);
    expect(view.phase).toBe("running");
    if (view.phase !== "running") return;
    expect(view.header).toBe("Ends in");
    expect(view.showHours).toBe(false);
  });
  it("is ended at the end", () => {
    expect(countdown(at(-H), now, now)).toEqual({ phase: "ended" });
    expect(countdown(null, at(-1), now)).toEqual({ phase: "ended" });
  });
  it("reads a bit! without a target", () => {
    const view = countdown(at(-H), null, now);
    expect(view.phase).toBe("running");
    if (view.phase !== "running") return;
    expect(view.text).toBe("a bit!");
    expect(view.remaining).toBeNull();
  });
});

describe("mosaicCardStatus", () => {
  it("is Coming Soon without a start date", () => {
    expect(mosaicCardStatus(null, at(D), now)).toEqual({
      status: "coming_soon",
      label: "Coming Soon",
      dropsIn: null,
    });
  });
  it("is Ended past the end", () => {
    expect(mosaicCardStatus(at(-2 * D), at(-D), now).label).toBe("Ended");
  });
  it("is Live once started", () => {
    expect(mosaicCardStatus(at(-D), at(D), now).label).toBe("Live");
    expect(mosaicCardStatus(now, null, now).label).toBe("Live");
  });
  it("drops soon with a clock under 24 hours, else in days", () => {
    expect(mosaicCardStatus(at(5 * H + 3 * M + 2 * S), null, now)).toEqual({
      status: "drops_soon",
      label: "Drops soon",
      dropsIn: "Drops in 05:03:02",
    });
    expect(mosaicCardStatus(at(D - S), null, now).dropsIn).toBe("Drops in 23:59:59");
    expect(mosaicCardStatus(at(D), null, now).dropsIn).toBe("Drops in 1 day");
    expect(mosaicCardStatus(at(3 * D + H), null, now).dropsIn).toBe("Drops in 3 days");
  });
});

describe("clockText and relativeTime", () => {
  it("formats a clock", () => {
    expect(clockText(0)).toBe("00:00:00");
    expect(clockText(H + 61 * S)).toBe("01:01:01");
  });
  it("uses the largest whole unit", () => {
    expect(relativeTime(at(3 * D + 2 * H), now)).toBe("in 3 days");
    expect(relativeTime(at(5 * H), now)).toBe("in 5 hours");
    // Exactly one whole day left: "24+ hours" (spec 000 section 4), never "in 1 day".
    expect(relativeTime(at(D), now)).toBe("in 24+ hours");
    expect(relativeTime(at(D + 23 * H), now)).toBe("in 24+ hours");
    expect(relativeTime(at(2 * D), now)).toBe("in 2 days");
    expect(relativeTime(at(M), now)).toBe("in 1 minute");
    expect(relativeTime(at(10 * S), now)).toBe("in 10 seconds");
  });
});

describe("relativeTime without Intl", () => {
  // en-US is written by hand (no ICU load in the browser): it must match what
  // Intl.RelativeTimeFormat writes, for any offset either side of now.
  const intl = new Intl.RelativeTimeFormat("en-US", { numeric: "always" });
  const units = [
    ["day", D],
    ["hour", H],
    ["minute", M],
    ["second", S],
  ] as const;
  const expected = (diff: number) => {
    if (Math.trunc(diff / D) === 1) return "in 24+ hours";
    for (const [unit, size] of units) {
      if (Math.abs(diff) >= size || unit === "second")
        return intl.format(Math.trunc(diff / size), unit);
    }
    return intl.format(0, "second");
  };

  it("matches Intl.RelativeTimeFormat for offsets up to ten thousand days either way", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000 * D, max: 10_000 * D }), (diff) => {
        expect(relativeTime(at(diff), now)).toBe(expected(diff));
      }),
      { numRuns: 3000 },
    );
    for (const diff of [0, -1, 1, -S, S, -D, 2 * D, 1_234 * D, -1_234 * D, 999 * S])
      expect(relativeTime(at(diff), now)).toBe(expected(diff));
  });
});
