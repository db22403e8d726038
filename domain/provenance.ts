/**
 * Where a review comes from (issue 33, decision 070): what the author's purchases of the deal say
 * about the review, computed by the read side from orders, invoice items, transfers and refunds
 * and the review's own edit and reply times. Pure: the labels a card shows.
 */
import {
  PROVENANCE_REFUNDED,
  PROVENANCE_TRANSFER,
  PROVENANCE_UPDATED_AFTER_REPLY,
  provenanceOwner,
} from "./messages";

export type ReviewProvenance = {
  /** The author owns the deal now (a paid, unrefunded plan or add-on: deal_owners). */
  verifiedPurchase: boolean;
  /** The public name of the highest-tier plan the author holds, null when none. */
  plan: string | null;
  /** Whole days from the author's first acquisition of the deal to the review; null if after. */
  daysOwned: number | null;
  /** The author held the deal when reviewing or before, and a refund took it back since. */
  refunded: boolean;
  /** The author's plan came to them by a product transfer. */
  byTransfer: boolean;
  /** The review was edited after the founder team's first approved reply to it. */
  updatedAfterReply: boolean;
};

/** A review's earlier rating, replaced by the reviewer's later one. */
export type EarlierRating = { rating: number; ratedAt: Date };

export const NO_PROVENANCE: ReviewProvenance = {
  verifiedPurchase: false,
  plan: null,
  daysOwned: null,
  refunded: false,
  byTransfer: false,
  updatedAfterReply: false,
};

/** Whole days between two instants (floor), or null when `to` is before `from`. */
export function daysBetween(from: Date | null, to: Date): number | null {
  if (!from) return null;
  const ms = to.getTime() - from.getTime();
  return ms < 0 ? null : Math.floor(ms / 86_400_000);
}

export type ProvenanceLabel = { text: string; tone: "green" | "amber" | "stone" };

/** The labels of a review card, most telling first. */
export function provenanceLabels(p: ReviewProvenance): ProvenanceLabel[] {
  const labels: ProvenanceLabel[] = [];
  if (p.verifiedPurchase)
    labels.push({ text: provenanceOwner(p.plan, p.daysOwned), tone: "green" });
  if (p.byTransfer && p.verifiedPurchase) labels.push({ text: PROVENANCE_TRANSFER, tone: "stone" });
  if (p.refunded) labels.push({ text: PROVENANCE_REFUNDED, tone: "amber" });
  if (p.updatedAfterReply) labels.push({ text: PROVENANCE_UPDATED_AFTER_REPLY, tone: "stone" });
  return labels;
}
