/**
 * Rules of the staff back office and the partner portal (issue 16): what a partner may propose,
 * how prices are checked, the partner statistics. Pure; the staff services and the admin UI
 * share them.
 */
import { toCents } from "./money";

/** A staff table's page size (items, total, page in every list answer). */
export const STAFF_PAGE_SIZE = 25;
/** Pages beyond this are not browsing (and would be slow offsets). */
export const STAFF_PAGE_MAX = 10_000;
/** The highest price a plan may have, in major units (a typo guard, not a business rule). */
export const STAFF_PRICE_MAX = 1_000_000;

/** Days of sales the partner portal's chart covers. */
export const PARTNER_SALES_DAYS = 30;

export const CHANGE_PROPOSAL_STATUSES = ["pending", "approved", "declined"] as const;

/** The deal's copy a partner may propose changes to (never dates, status, slug or flags). */
export const PARTNER_EDITABLE_DEAL_FIELDS = [
  "public_name",
  "card_description",
  "product_url",
  "terms",
] as const;
/** A plan's fields a partner may propose changes to. */
export const PARTNER_EDITABLE_PLAN_FIELDS = [
  "name",
  "price",
  "original_price",
  "features",
] as const;

export const STAFF_MESSAGES = {
  slugTaken: "A deal with this slug already exists.",
  collectionSlugTaken: "A collection with this slug already exists.",
  codeTaken: "This code is already in use.",
  priceAboveOriginal: "The price must not be above the original price.",
  alreadyRefunded: "This order has nothing left to refund.",
  notPaid: "Only a paid order can be refunded.",
  proposalDecided: "This proposed change was already decided.",
  emptyProposal: "Propose at least one change.",
  planNotOfDeal: "This plan is not one of the deal's plans.",
  unknownUser: "No user with this id.",
  unknownDeal: "No deal with this id.",
  unknownCollection: "No collection with this id.",
  endBeforeStart: "The end date must be after the start date.",
  ownStaffFlag: "You cannot remove your own staff flag.",
  noOpenFlags: "This post has no open reports.",
} as const;

/** A price pair in cents, checked: both from 0, the price not above the original price. */
export function planPriceError(priceCents: number, originalPriceCents: number): string | null {
  if (priceCents > originalPriceCents) return STAFF_MESSAGES.priceAboveOriginal;
  return null;
}

export const majorToCents = (major: number) => toCents(major);

/** The median of the given durations (ms), or null without any. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** A list answer shaped for a table. */
export type TablePage<T> = {
  items: T[];
  total: number;
  page: number;
  page_size: number;
  pages: number;
};

export function tablePage<T>(
  items: T[],
  total: number,
  page: number,
  size = STAFF_PAGE_SIZE,
): TablePage<T> {
  return { items, total, page, page_size: size, pages: Math.max(1, Math.ceil(total / size)) };
}

/** Whether a window's end comes after its start (either missing is fine). */
export function windowValid(start: Date | null | undefined, end: Date | null | undefined): boolean {
  return !start || !end || start.getTime() < end.getTime();
}
