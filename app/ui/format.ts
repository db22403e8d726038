import { formatPrice, toCents } from "../../domain/money";

/** API money is in major units (59.99); the domain formats cents. "$59", "$59.99". */
export const priceLabel = (major: number | null | undefined): string =>
  major == null ? "" : formatPrice(toCents(major));

export const ratingLabel = (rating: number) => rating.toFixed(1);

/** Joins class names, skipping falsy parts. */
export const cx = (...parts: (string | false | null | undefined)[]) =>
  parts.filter(Boolean).join(" ");
