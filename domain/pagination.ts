import {
  MOBILE_MAX_WIDTH_PX,
  PAGINATION_EDGE_WINDOW_DESKTOP,
  PAGINATION_EDGE_WINDOW_MOBILE,
  PAGINATION_PAGE_SIZE,
  PAGINATION_VISIBLE_PAGES_DESKTOP,
  PAGINATION_VISIBLE_PAGES_MOBILE,
} from "./constants";

/** A page number, or an ellipsis standing for the pages it hides before or after the window. */
export type PageItem = number | "start-ellipsis" | "end-ellipsis";

export const isMobileWidth = (width: number): boolean => width <= MOBILE_MAX_WIDTH_PX;

export const pageCount = (totalItems: number, perPage: number = PAGINATION_PAGE_SIZE): number =>
  Math.max(1, Math.ceil(totalItems / perPage));

/**
 * The page buttons to show. At most `visible` page numbers (5 on phones, 10 on desktop). Near
 * either edge (within the edge window of 3 or 8) the run of pages touches that edge; elsewhere
 * the first and last page frame a run around the current page, with an ellipsis between.
 */
export const pageWindow = (current: number, totalPages: number, width: number): PageItem[] => {
  const mobile = isMobileWidth(width);
  const visible = mobile ? PAGINATION_VISIBLE_PAGES_MOBILE : PAGINATION_VISIBLE_PAGES_DESKTOP;
  const edge = mobile ? PAGINATION_EDGE_WINDOW_MOBILE : PAGINATION_EDGE_WINDOW_DESKTOP;
  const range = (from: number, to: number): number[] =>
    Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

  if (totalPages <= visible) return range(1, totalPages);
  const page = Math.min(Math.max(1, current), totalPages);
  if (page <= edge) return [...range(1, visible - 1), "end-ellipsis", totalPages];
  if (page > totalPages - edge)
    return [1, "start-ellipsis", ...range(totalPages - visible + 2, totalPages)];
  // The middle run holds visible - 2 pages, the current one placed just left of centre.
  const run = visible - 2;
  const from = page - Math.floor((run - 1) / 2);
  return [1, "start-ellipsis", ...range(from, from + run - 1), "end-ellipsis", totalPages];
};

/** Clicking an ellipsis, the current page, or anything while disabled never changes the page. */
export const nextPage = (current: number, clicked: PageItem, disabled = false): number =>
  disabled || typeof clicked !== "number" ? current : clicked;
