const BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  jcb: "JCB",
};

/** A card network's display name ("visa" -> "Visa"). */
export const brandName = (brand: string): string => BRAND_NAMES[brand] ?? brand;
