import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertCents, formatMoney, formatPrice, toCents, toMajor } from "./money";

describe("money", () => {
  it("converts between cents and major units", () => {
    expect(toMajor(5999)).toBe(59.99);
    expect(toMajor(5900)).toBe(59);
    expect(toCents(59.99)).toBe(5999);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(toMajor(123456))).toBe(123456);
  });

  it("formats with two decimals", () => {
    expect(formatMoney(5999)).toBe("$59.99");
    expect(formatMoney(5900)).toBe("$59.00");
    expect(formatMoney(123456)).toBe("$1,234.56");
    expect(formatMoney(5900, "EUR", "en-US")).toBe("€59.00");
  });

  it("formats prices without cents when whole", () => {
    expect(formatPrice(5900)).toBe("$59");
    expect(formatPrice(5999)).toBe("$59.99");
    expect(formatPrice(5990)).toBe("$59.90");
    expect(formatPrice(0)).toBe("$0");
    expect(formatPrice(5900, "GBP", "en-GB")).toBe("£59");
  });

  it("converts currencies to whole cents", () => {
    expect(convertCents(5999, 0.92)).toBe(5519);
  });
});

describe("US dollars without Intl", () => {
  // formatMoney and formatPrice write USD in en-US by hand (no ICU load in the browser); they
  // must write exactly what Intl.NumberFormat writes, for any whole number of cents.
  const intl = (cents: number, digits?: number) =>
    new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      ...(digits === undefined
        ? {}
        : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    }).format(cents / 100);

  it("formatMoney matches Intl for any whole cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (cents) => {
        expect(formatMoney(cents)).toBe(intl(cents));
      }),
      { numRuns: 2000 },
    );
    for (const cents of [0, -0, 1, 5, 99, 100, 100_000, 123_456_789, -100, -5]) {
      expect(formatMoney(cents)).toBe(intl(cents));
    }
  });

  it("formatPrice matches Intl: no cents for whole dollars, two decimals otherwise", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (cents) => {
        expect(formatPrice(cents)).toBe(intl(cents, cents % 100 === 0 ? 0 : 2));
      }),
      { numRuns: 2000 },
    );
    expect(formatPrice(5900)).toBe("$59");
    expect(formatPrice(5999)).toBe("$59.99");
    expect(formatPrice(123_456_700)).toBe("$1,234,567");
  });

  it("fractions of a cent and other currencies still go through Intl", () => {
    expect(formatMoney(5999.5)).toBe(intl(5999.5));
    expect(formatMoney(5900, "EUR")).toBe("€59.00");
    expect(formatPrice(5900, "GBP")).toBe("£59");
  });
});
