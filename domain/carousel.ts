import { CAROUSEL_ITEMS_BEFORE_LOAD } from "./constants";

/**
 * A list repeated whole until it has at least `min` items (spotlight carousels repeat their deals
 * to 10, spec 001 section 2). Whole copies keep a looping carousel's order coherent: 3 items with
 * a minimum of 10 give 12. A list already long enough, or an empty one, comes back as a copy.
 */
export const repeatToMinimum = <T>(items: readonly T[], min: number): T[] => {
  if (items.length === 0 || !Number.isFinite(min) || items.length >= min) return [...items];
  const copies = Math.ceil(min / items.length);
  return Array.from({ length: copies }, () => items).flat() as T[];
};

/** The items a carousel shows before it has loaded (spec 001 section 4): the first 5. */
export const itemsBeforeLoad = <T>(items: readonly T[]): T[] =>
  items.slice(0, CAROUSEL_ITEMS_BEFORE_LOAD);

/** A slide's accessible label, "N of M" (1-based). */
export const slideLabel = (index: number, total: number): string => `${index + 1} of ${total}`;
