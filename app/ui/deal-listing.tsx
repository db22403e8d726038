import { Link } from "react-router";
import type { DealCardJson } from "../../server/services/storefront/deal-json";
import type { DealListing } from "../../server/services/storefront/search";
import { DealCard } from "./deal-card";
import { Pagination } from "./pagination";

/** Deal cards in a grid: 1 column on small phones, 2 from 480 px, 3 on tablets, 4 on desktop. */
export function DealGrid({ deals, now }: { deals: DealCardJson[]; now: Date }) {
  return (
    <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
      {deals.map((deal, i) => (
        <li key={deal.id} className="flex">
          <DealCard deal={deal} now={now} className="w-full" eager={i < 4} />
        </li>
      ))}
    </ul>
  );
}

export type Crumb = { label: string; url: string };

/** `inheritColor`: on a data-given background the crumbs take the header's readable colour. */
export function Breadcrumbs({
  crumbs,
  inheritColor = false,
}: {
  crumbs: Crumb[];
  inheritColor?: boolean;
}) {
  return (
    <nav aria-label="Breadcrumb" className={inheritColor ? "text-sm" : "text-sm text-ink-soft"}>
      <ol className="flex flex-wrap items-center gap-1.5">
        {crumbs.map((c, i) => (
          <li key={c.url} className="flex items-center gap-1.5">
            {i > 0 ? <span aria-hidden="true">/</span> : null}
            {i === crumbs.length - 1 ? (
              <span
                aria-current="page"
                className={inheritColor ? "font-semibold" : "font-semibold text-ink"}
              >
                {c.label}
              </span>
            ) : (
              <Link
                to={c.url}
                className={inheritColor ? "hover:underline" : "hover:text-ink hover:underline"}
              >
                {c.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** "1 deal", "20,100 deals"; "1,000+ deals" when the count stopped at its cap (a text search). */
export const dealCount = (n: number, capped = false) =>
  `${n.toLocaleString("en-US")}${capped ? "+" : ""} ${n === 1 && !capped ? "deal" : "deals"}`;

/** The cards of one page, its pagination, or an empty state. */
export function ListingResults({
  listing,
  now,
  href,
  empty,
}: {
  listing: DealListing;
  now: Date;
  href: (page: number) => string;
  empty: React.ReactNode;
}) {
  if (listing.results.length === 0) return <>{empty}</>;
  return (
    <>
      {/* The cards' headings are h3: this keeps the outline whole under the page's h1. */}
      <h2 className="sr-only">Deals</h2>
      <DealGrid deals={listing.results} now={now} />
      <Pagination page={listing.page} totalPages={listing.total_pages} href={href} />
    </>
  );
}

export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-3xl border border-dashed border-black/15 bg-stone-50 px-6 py-14 text-center">
      <p className="text-4xl" aria-hidden="true">
        🔍
      </p>
      <h2 className="mt-3 text-xl font-bold text-ink">{title}</h2>
      <div className="mt-2 text-ink-soft">{children}</div>
    </div>
  );
}

/** ?page=n links of a listing path, page 1 being the path itself (one URL per page). */
export const pageHref = (path: string) => (page: number) =>
  page <= 1 ? path : `${path}?page=${page}`;
