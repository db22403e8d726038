import { describe, expect, it } from "vitest";
import {
  abnError,
  cardAddressError,
  isPostalCodeRequired,
  isValidAbn,
  normalizeAbn,
  postalCodeError,
} from "./billing";

describe("postal codes", () => {
  it("are required for listed countries only", () => {
    expect(isPostalCodeRequired("US")).toBe(true);
    expect(isPostalCodeRequired("ca")).toBe(true);
    expect(isPostalCodeRequired("GB")).toBe(true);
    expect(isPostalCodeRequired("AU")).toBe(true);
    expect(isPostalCodeRequired("BR")).toBe(false);
    expect(isPostalCodeRequired(null)).toBe(false);
    expect(postalCodeError("BR", "")).toBeNull();
  });
  it("checks US codes", () => {
    expect(postalCodeError("US", "12345")).toBeNull();
    expect(postalCodeError("US", "12345-1234")).toBeNull();
    expect(postalCodeError("US", "1234")).toBe(
      "Invalid postal code. Use the format 12345 or 12345-1234.",
    );
    expect(postalCodeError("US", "12345-12")).not.toBeNull();
    expect(postalCodeError("US", "")).not.toBeNull();
  });
  it("checks Canadian codes", () => {
    expect(postalCodeError("CA", "K1A 0B1")).toBeNull();
    expect(postalCodeError("CA", "k1a0b1")).toBeNull();
    expect(postalCodeError("CA", "D1A 0B1")).toBe("Invalid postal code. Use the format A1A 1A1.");
    expect(postalCodeError("CA", "12345")).not.toBeNull();
  });
  it("checks UK postcodes", () => {
    for (const code of [
      "SW1A 1AA",
      "EC1A 1BB",
      "W1A 0AX",
      "M1 1AE",
      "B33 8TH",
      "CR2 6XH",
      "DN55 1PT",
      "sw1a1aa",
      "GIR 0AA",
    ]) {
      expect(postalCodeError("GB", code)).toBeNull();
    }
    expect(postalCodeError("GB", "12345")).toBe("Invalid postal code. Use the format AA11 1AA.");
    expect(postalCodeError("GB", "SW1A")).not.toBeNull();
  });
  it("only needs a value elsewhere on the list", () => {
    expect(postalCodeError("AU", "2000")).toBeNull();
    expect(postalCodeError("AU", " ")).toBe("Invalid postal code.");
  });
});

describe("ABN", () => {
  it("accepts valid numbers with or without spaces", () => {
    expect(isValidAbn("51 824 753 556")).toBe(true);
    expect(isValidAbn("51824753556")).toBe(true);
    expect(isValidAbn("53 004 085 616")).toBe(true);
    expect(normalizeAbn("51 824 753 556")).toBe("51824753556");
  });
  it("rejects a bad checksum, a leading 0 and the wrong length", () => {
    expect(isValidAbn("51824753557")).toBe(false);
    expect(isValidAbn("01824753556")).toBe(false);
    expect(isValidAbn("5182475355")).toBe(false);
    expect(isValidAbn("518247535561")).toBe(false);
    expect(isValidAbn("5182475355a")).toBe(false);
    expect(abnError("12345678910")).toBe(
      "Invalid ABN format, it should be in the form of 12 345 678 910 or 12345678910",
    );
    expect(abnError("51824753556")).toBeNull();
  });
});

describe("a card's country and postal code (cards page and checkout)", () => {
  it("needs a country, and a valid postal code where the country requires one", () => {
    expect(cardAddressError(null, null)).toEqual({
      field: "country",
      message: "Please select a country.",
    });
    expect(cardAddressError("U", "94107")).toMatchObject({ field: "country" });
    expect(cardAddressError("US", "")).toEqual({
      field: "postal_code",
      message: "Invalid postal code. Use the format 12345 or 12345-1234.",
    });
    expect(cardAddressError("US", "94107")).toBeNull();
    expect(cardAddressError("CA", "k1a 0b1")).toBeNull();
    // Off the list: no postal code asked.
    expect(cardAddressError("JP", null)).toBeNull();
  });
});
