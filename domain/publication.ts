/**
 * One publication rule (issue 31): who may read a deal, and everything under it (its discussions,
 * stats, summaries, media, og image, short links, sitemap entry, cached answers). A deal is public
 * when it is neither a draft nor private; staff, and the deal's own partners, see it as the staff
 * preview does. Everyone else gets the answer a missing id gets, so ids cannot be walked.
 * The SQL that mirrors it is server/services/storefront/publication.ts.
 */

/** deals.deal_status of a deal shown only by a direct link the public never gets. */
export const PRIVATE_DEAL_STATUS = "Private";

export type PublicationFacts = { isDraft: boolean; dealStatus: string };

/** A deal the public may see: not a draft and not private. */
export const isDealPublic = (deal: PublicationFacts): boolean =>
  !deal.isDraft && deal.dealStatus !== PRIVATE_DEAL_STATUS;

/** The reader as the rule needs them: anonymous (null), or a user with their staff flags. */
export type PublicationReader = { isStaff: boolean; isStaffModerator?: boolean } | null;

/**
 * What a reader may see of deals in general: every deal (staff, and staff moderators, who
 * moderate every deal), public deals plus those they are a partner of (any other signed-in user),
 * or public deals only (anonymous).
 */
export type PublicationScope = "all" | "public_or_partner" | "public";

export const publicationScope = (reader: PublicationReader): PublicationScope => {
  if (reader == null) return "public";
  if (reader.isStaff || reader.isStaffModerator === true) return "all";
  return "public_or_partner";
};

/** Whether `reader` may read `deal` (or anything under it); `isPartner`: a partner of the deal. */
export const mayReadDeal = (
  deal: PublicationFacts,
  reader: PublicationReader,
  isPartner: boolean,
): boolean => {
  const scope = publicationScope(reader);
  if (scope === "all" || isDealPublic(deal)) return true;
  return scope === "public_or_partner" && isPartner;
};
