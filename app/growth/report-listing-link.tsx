// PLACEHOLDER owned by the growth work: the Report listing link.
import type { DealDetailsJson } from "../../server/services/catalog";
import type { ProductViewer } from "../product/viewer";

export type ReportListingLinkProps = {
  deal: DealDetailsJson;
  viewer: ProductViewer;
  reportListingUrl: string;
};

export function ReportListingLink(_props: ReportListingLinkProps) {
  return null;
}
