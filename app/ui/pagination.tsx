import { Link } from "react-router";
import { MOBILE_MAX_WIDTH_PX } from "../../domain/constants";
import { type PageItem, pageWindow } from "../../domain/pagination";
import { cx } from "./format";

// Widths standing for "a phone" and "a desktop" when asking pageWindow for each window; which
// one shows is decided by CSS at the spec's 768 px boundary, so the HTML needs no JavaScript.
const PHONE = MOBILE_MAX_WIDTH_PX;
const DESKTOP = MOBILE_MAX_WIDTH_PX + 1;

function Items({
  items,
  current,
  href,
  className,
}: {
  items: PageItem[];
  current: number;
  href: (page: number) => string;
  className: string;
}) {
  return (
    <ol className={cx("items-center gap-1", className)}>
      {items.map((item) =>
        typeof item === "number" ? (
          <li key={item}>
            {item === current ? (
              <span
                aria-current="page"
                className="grid h-10 min-w-10 place-items-center rounded-full bg-ink px-3 text-sm font-bold text-white"
              >
                {item}
              </span>
            ) : (
              <Link
                to={href(item)}
                aria-label={`Page ${item}`}
                className="grid h-10 min-w-10 place-items-center rounded-full px-3 text-sm font-semibold text-ink hover:bg-stone-100"
              >
                {item}
              </Link>
            )}
          </li>
        ) : (
          // The ellipsis is not a control: clicking it never changes the page.
          <li key={item} aria-hidden="true" className="px-1 text-ink-soft">
            …
          </li>
        ),
      )}
    </ol>
  );
}

/** ?page=n links: 5 visible pages on phones (up to 768 px wide), 10 on desktop. */
export function Pagination({
  page,
  totalPages,
  href,
}: {
  page: number;
  totalPages: number;
  href: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  const arrow =
    "grid h-10 place-items-center rounded-full border border-black/10 px-4 text-sm font-semibold";
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={cx(arrow, "hover:bg-stone-100")}>
          <span aria-hidden="true">←</span>
          <span className="sr-only">Previous page</span>
        </Link>
      ) : (
        <span className={cx(arrow, "text-ink-soft/50")} aria-disabled="true">
          <span aria-hidden="true">←</span>
        </span>
      )}
      <Items
        items={pageWindow(page, totalPages, PHONE)}
        current={page}
        href={href}
        className="flex min-[769px]:hidden"
      />
      <Items
        items={pageWindow(page, totalPages, DESKTOP)}
        current={page}
        href={href}
        className="hidden min-[769px]:flex"
      />
      {page < totalPages ? (
        <Link to={href(page + 1)} rel="next" className={cx(arrow, "hover:bg-stone-100")}>
          <span aria-hidden="true">→</span>
          <span className="sr-only">Next page</span>
        </Link>
      ) : (
        <span className={cx(arrow, "text-ink-soft/50")} aria-disabled="true">
          <span aria-hidden="true">→</span>
        </span>
      )}
    </nav>
  );
}
