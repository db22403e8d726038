/**
 * The deal search of the header search box and /browse (contract.md: GET /api/v2/deals/ with
 * query, group, category, subcategory, plan_type, min_price, max_price, sort, page). One schema
 * validates the API's query string and the page's URL, so both agree on what is valid.
 */
import { z } from "zod";
import { PAGINATION_PAGE_SIZE, PLAN_TYPES } from "./constants";
import { toCents } from "./money";

export const SEARCH_SORTS = [
  "relevance",
  "newest",
  "price_asc",
  "price_desc",
  "rating",
  "popular",
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Labels of the sort menu (our wording). */
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  relevance: "Most relevant",
  newest: "Newest",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
  rating: "Top rated",
  popular: "Most popular",
};

/** Longer queries are not searches anyone types; they are refused rather than run. */
export const SEARCH_QUERY_MAX = 200;
/** Deep pages beyond this are not browsing either (and would be slow offsets). */
export const SEARCH_PAGE_MAX = 1000;
/** The price filter's ceiling, in major units. */
export const SEARCH_PRICE_MAX = 100_000;
export const SEARCH_PAGE_SIZE = PAGINATION_PAGE_SIZE;

/** Stored plan-type keys, as the spec's plan type names become them ("Lifetime Deal" -> lifetime_deal). */
export const planTypeKey = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, "_");
export const PLAN_TYPE_KEYS = PLAN_TYPES.map(planTypeKey);

// Our wording: the spec shows no messages for these.
export const SEARCH_MESSAGES = {
  query: `Ensure this field has no more than ${SEARCH_QUERY_MAX} characters.`,
  slug: "Enter a valid slug.",
  planType: "Select a valid plan type.",
  price: "Enter a price of 0 or more, with at most two decimals.",
  priceRange: "The minimum price must not be above the maximum price.",
  sort: `Choose one of: ${SEARCH_SORTS.join(", ")}.`,
  page: "A page number from 1 is required.",
} as const;

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const slug = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, { error: SEARCH_MESSAGES.slug })
    .optional(),
);

/** A price in major units ("59", "59.99") to cents. */
const price = z.preprocess(
  blankToUndefined,
  z
    .string({ error: SEARCH_MESSAGES.price })
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: SEARCH_MESSAGES.price })
    .transform(Number)
    .pipe(z.number().min(0).max(SEARCH_PRICE_MAX, { error: SEARCH_MESSAGES.price }))
    .transform(toCents)
    .optional(),
);

/** The search's query string: every value a string (URL), blanks meaning "not set". */
export const DealSearchSchema = z
  .object({
    query: z.preprocess(
      blankToUndefined,
      z.string().trim().max(SEARCH_QUERY_MAX, { error: SEARCH_MESSAGES.query }).optional(),
    ),
    group: slug,
    category: slug,
    subcategory: slug,
    // The spec's names ("Lifetime Deal") or their keys (lifetime_deal).
    plan_type: z.preprocess(
      blankToUndefined,
      z
        .string()
        .transform(planTypeKey)
        .pipe(z.enum(PLAN_TYPE_KEYS as [string, ...string[]], { error: SEARCH_MESSAGES.planType }))
        .optional(),
    ),
    min_price: price,
    max_price: price,
    sort: z.preprocess(
      blankToUndefined,
      z.enum(SEARCH_SORTS, { error: SEARCH_MESSAGES.sort }).optional(),
    ),
    page: z.preprocess(
      blankToUndefined,
      z
        .string({ error: SEARCH_MESSAGES.page })
        .regex(/^\d{1,6}$/, { error: SEARCH_MESSAGES.page })
        .transform(Number)
        .pipe(z.number().int().min(1, { error: SEARCH_MESSAGES.page }).max(SEARCH_PAGE_MAX))
        .optional(),
    ),
  })
  .refine((q) => q.min_price == null || q.max_price == null || q.min_price <= q.max_price, {
    error: SEARCH_MESSAGES.priceRange,
    path: ["min_price"],
  });

export type DealSearchInput = z.input<typeof DealSearchSchema>;
export type DealSearch = z.output<typeof DealSearchSchema>;

/** Without a query there is nothing to be relevant to: the default order is then popularity. */
export const effectiveSort = (search: Pick<DealSearch, "query" | "sort">): SearchSort =>
  search.sort ?? (search.query ? "relevance" : "popular");

export const SEARCH_PARAMS = [
  "query",
  "group",
  "category",
  "subcategory",
  "plan_type",
  "min_price",
  "max_price",
  "sort",
  "page",
] as const;

/**
 * The URL of a listing page with some parameters changed: blank values and page 1 are left out,
 * so every listing has one canonical URL per state. Changing a filter or the sort goes back to
 * page 1 (the caller passes page only when paging).
 */
export const listingHref = (
  path: string,
  current: URLSearchParams,
  changes: Partial<Record<(typeof SEARCH_PARAMS)[number], string | number | null>> = {},
): string => {
  const next = new URLSearchParams();
  for (const key of SEARCH_PARAMS) {
    const changed = key in changes;
    const value = changed ? changes[key] : current.get(key);
    if (value == null || String(value).trim() === "") continue;
    if (key === "page" && (String(value) === "1" || !("page" in changes))) continue;
    next.set(key, String(value));
  }
  const qs = next.toString();
  return qs ? `${path}?${qs}` : path;
};
