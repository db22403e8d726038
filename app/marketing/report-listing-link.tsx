import { reportListingHref } from "../../domain/growth";
import type { ProductPageDeal } from "../product/page-view";
import type { ProductViewer } from "../product/viewer";

export type ReportListingLinkProps = {
  deal: ProductPageDeal;
  viewer: ProductViewer;
  reportListingUrl: string;
};

/**
 * "Report listing" (spec 001 sections 5 and 7): the external form with deal_id, deal_slug and the
 * user's e-mail in the query; only for a signed-in user with an e-mail, on a deal that is not
 * informational. Opens in a new tab so the deal stays open.
 */
export function ReportListingLink({ deal, viewer, reportListingUrl }: ReportListingLinkProps) {
  const href = reportListingHref(reportListingUrl, deal, viewer);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1.5 text-sm text-ink-soft underline-offset-4 hover:text-ink hover:underline"
    >
      <svg
        viewBox="0 0 20 20"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <path d="M4 17V3m0 1h10l-2 3.5L14 11H4" strokeLinejoin="round" />
      </svg>
      Report listing
    </a>
  );
}
