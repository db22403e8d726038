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
