import { ABN_LENGTH, ABN_MODULUS, ABN_WEIGHTS } from "./constants";
import { COUNTRY_REQUIRED, INVALID_ABN, INVALID_POSTAL_CODE, invalidPostalCode } from "./messages";

/**
 * Countries whose billing address carries a postal code. The spec keeps the list private; ours
 * holds the countries where card networks verify the postal code (address verification) and whose
 * codes are in everyday use on addresses: the three with format checks first.
 */
export const POSTAL_CODE_REQUIRED_COUNTRIES = [
  "US",
  "CA",
  "GB",
  "AU",
  "NZ",
  "IN",
  "DE",
  "FR",
  "NL",
  "ES",
  "IT",
] as const;

interface PostalFormat {
  pattern: RegExp;
  /** Shown in "Invalid postal code." plus the hint. */
  example: string;
}

/** Format checks exist for these three only (spec 001 section 5); other countries need a value. */
export const POSTAL_CODE_FORMATS: Readonly<Record<string, PostalFormat>> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, example: "12345 or 12345-1234" },
  // Canadian codes never use D, F, I, O, Q or U, and never start with W or Z.
  CA: {
    pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
    example: "A1A 1A1",
  },
  // UK outward code (A9, A99, AA9, AA99, A9A, AA9A) then inward code 9AA; GIR 0AA is Girobank's.
  GB: { pattern: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/, example: "AA11 1AA" },
};

export const isPostalCodeRequired = (country: unknown): boolean =>
  typeof country === "string" &&
  (POSTAL_CODE_REQUIRED_COUNTRIES as readonly string[]).includes(country.toUpperCase());

/** Upper-cases and trims, since people type "sw1a 1aa" and mean SW1A 1AA. */
export const normalizePostalCode = (postalCode: string): string => postalCode.trim().toUpperCase();

/**
 * The error for a postal code, or null when it is fine. Countries off the list need none (and the
 * form does not send it).
 */
export const postalCodeError = (country: unknown, postalCode: unknown): string | null => {
  if (typeof country !== "string" || !isPostalCodeRequired(country)) return null;
  const code = normalizePostalCode(typeof postalCode === "string" ? postalCode : "");
  const format = POSTAL_CODE_FORMATS[country.toUpperCase()];
  if (format) return format.pattern.test(code) ? null : invalidPostalCode(format.example);
  return code === "" ? INVALID_POSTAL_CODE : null;
};

/** Digits only: an ABN is written "12 345 678 910" or "12345678910". */
export const normalizeAbn = (abn: string): string => abn.replace(/\s+/g, "");

/**
 * An Australian business number: 11 digits, not starting with 0; subtract 1 from the first digit,
 * weight the digits 10, 1, 3, 5 ... 19, and the sum must divide by 89.
 */
export const isValidAbn = (abn: unknown): boolean => {
  if (typeof abn !== "string") return false;
  const digits = normalizeAbn(abn);
  if (!new RegExp(`^[1-9]\\d{${ABN_LENGTH - 1}}$`).test(digits)) return false;
  const sum = ABN_WEIGHTS.reduce((total, weight, i) => {
    const digit = Number(digits[i]) - (i === 0 ? 1 : 0);
    return total + digit * weight;
  }, 0);
  return sum % ABN_MODULUS === 0;
};

export const abnError = (abn: unknown): string | null => (isValidAbn(abn) ? null : INVALID_ABN);

/**
 * The rule for a card (spec 001 section 5, "A card payment method needs a country, and a postal
 * code for certain countries"), one home for the cards page and checkout: the field at fault and
 * its message, or null. `country` null means no country is known for the card at all.
 */
export const cardAddressError = (
  country: string | null,
  postalCode: string | null,
): { field: "country" | "postal_code"; message: string } | null => {
  if (!country || !/^[A-Z]{2}$/.test(country.toUpperCase())) {
    return { field: "country", message: COUNTRY_REQUIRED };
  }
  const postal = postalCodeError(country, postalCode ?? "");
  return postal ? { field: "postal_code", message: postal } : null;
};
