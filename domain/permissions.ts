/**
 * Who may do what in the discussion area, in one place (spec 000 section 6, contract.md
 * "Discussions"). The UI uses these to hide controls; services use the same functions to refuse.
 */

import type { COMMENT_STATUSES, STAFF_MESSAGE_USER_GROUPS } from "./constants";
import { INCENTIVIZED_SHARE_MIN_PURCHASES } from "./constants";

export type UserId = number | string;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
export type StaffMessageUserGroup = (typeof STAFF_MESSAGE_USER_GROUPS)[number];

/** The signed-in user, or null for an anonymous visitor. */
export type Viewer = {
  id: UserId;
  isStaff: boolean;
  emailVerified: boolean;
  commentBlacklist: boolean;
  hasPlus: boolean;
} | null;

/** What is known about the deal and the viewer's relation to it. */
export interface DealFacts {
  partnerUserIds: readonly UserId[];
  moderatorUserIds: readonly UserId[];
  hasPurchased: boolean;
  hasReviewed: boolean;
  isInfo: boolean;
  isInactiveIndefinitely: boolean;
}

export type Gate<Reason extends string> = { allowed: true } | { allowed: false; reason: Reason };

export type ReviewDeniedReason = "login" | "verify" | "buy" | "blacklisted" | "already_reviewed";
export type QuestionDeniedReason = "login" | "verify" | "blacklisted";
export type ReplyDeniedReason = "login" | "blacklisted" | "declined";

const allow = { allowed: true } as const;
const deny = <Reason extends string>(reason: Reason): { allowed: false; reason: Reason } => ({
  allowed: false,
  reason,
});

/** Staff count as verified. */
const isVerified = (viewer: NonNullable<Viewer>): boolean => viewer.emailVerified || viewer.isStaff;

/**
 * One review per deal, by a verified purchaser who is not comment-blacklisted. The gates are
 * checked in the order the user can fix them: log in, verify, then buy.
 *
 * For informational and inactive-indefinitely deals the spec hides the buy-now prompt but still
 * says the review button needs a purchase; the reason stays "buy" and buyPromptShown() tells the
 * UI not to offer the purchase.
 */
export const canWriteReview = (viewer: Viewer, deal: DealFacts): Gate<ReviewDeniedReason> => {
  if (!viewer) return deny("login");
  if (!isVerified(viewer)) return deny("verify");
  if (viewer.commentBlacklist) return deny("blacklisted");
  // Informational and inactive-indefinitely deals cannot be bought, so the purchase gate is
  // waived there (000 section 5, posting gate).
  if (!deal.hasPurchased && !deal.isInfo && !deal.isInactiveIndefinitely) return deny("buy");
  if (deal.hasReviewed) return deny("already_reviewed");
  return allow;
};

/** Non-purchasers see a buy-now prompt, except on info and inactive-indefinitely deals. */
export const buyPromptShown = (deal: DealFacts): boolean =>
  !deal.isInfo && !deal.isInactiveIndefinitely;

/** Asking needs a logged-in user with a verified e-mail (or staff); no purchase. */
export const canAskQuestion = (viewer: Viewer): Gate<QuestionDeniedReason> => {
  if (!viewer) return deny("login");
  if (!isVerified(viewer)) return deny("verify");
  if (viewer.commentBlacklist) return deny("blacklisted");
  return allow;
};

/**
 * Replies: authenticated users, never on declined items. The spec asks for no verified e-mail
 * here (only for reviews and questions); unverified users' replies still await moderation.
 */
export const canReply = (viewer: Viewer, parentStatus: CommentStatus): Gate<ReplyDeniedReason> => {
  if (!viewer) return deny("login");
  if (viewer.commentBlacklist) return deny("blacklisted");
  if (parentStatus === "declined") return deny("declined");
  return allow;
};

/**
 * An anonymous voter is sent to log in. Votes need a verified e-mail (or staff), like posting:
 * otherwise every throwaway sign-up is one more vote on a review's helpful count.
 */
export const canVote = (viewer: Viewer): Gate<"login" | "verify"> => {
  if (!viewer) return deny("login");
  if (!isVerified(viewer)) return deny("verify");
  return allow;
};

export const isPartner = (viewer: Viewer, deal: Pick<DealFacts, "partnerUserIds">): boolean =>
  viewer != null && deal.partnerUserIds.includes(viewer.id);

export const isUserModerator = (
  viewer: Viewer,
  deal: Pick<DealFacts, "moderatorUserIds">,
): boolean => viewer != null && deal.moderatorUserIds.includes(viewer.id);

/** Staff moderate every deal. */
export const isStaffModerator = (viewer: Viewer): boolean => viewer?.isStaff === true;

/** Staff, or this deal's partners and user moderators. */
export const canApproveOrDecline = (
  viewer: Viewer,
  deal: Pick<DealFacts, "partnerUserIds" | "moderatorUserIds">,
): boolean => isStaffModerator(viewer) || isPartner(viewer, deal) || isUserModerator(viewer, deal);

/** Undo, resolve, whitelist and blacklist are staff-only. */
export const canUndoResolveWhitelistBlacklist = (viewer: Viewer): boolean =>
  isStaffModerator(viewer);

/** Moderator controls (filters, needs-reply counts, show/hide all replies). */
export const seesModeratorControls = (
  viewer: Viewer,
  deal: Pick<DealFacts, "partnerUserIds" | "moderatorUserIds">,
): boolean => isStaffModerator(viewer) || isUserModerator(viewer, deal);

/** Owners edit their own items. */
export const canEdit = (viewer: Viewer, authorId: UserId): boolean =>
  viewer != null && viewer.id === authorId;

/** Owners delete their own items; staff may delete any, as moderation of last resort (our choice). */
export const canDelete = (viewer: Viewer, authorId: UserId): boolean =>
  canEdit(viewer, authorId) || isStaffModerator(viewer);

/**
 * A non-staff partner's new replies start approved; everyone else's await moderation. Taken
 * literally from the spec, so a staff reply also starts pending.
 */
export const initialReplyStatus = (
  viewer: Viewer,
  deal: Pick<DealFacts, "partnerUserIds">,
): CommentStatus =>
  viewer != null && !viewer.isStaff && isPartner(viewer, deal) ? "approved" : "pending";

/**
 * Staff see every staff message; otherwise by audience: all; paid (purchasers of the deal);
 * paid_plus and paid_non_plus split purchasers by Plus.
 */
export const canSeeStaffMessage = (
  group: StaffMessageUserGroup,
  viewer: Viewer,
  hasPurchased: boolean,
): boolean => {
  if (viewer?.isStaff) return true;
  switch (group) {
    case "all":
      return true;
    case "paid":
      return viewer != null && hasPurchased;
    case "paid_plus":
      return viewer != null && hasPurchased && viewer.hasPlus;
    case "paid_non_plus":
      return viewer != null && hasPurchased && !viewer.hasPlus;
  }
};

/** The Report listing link: a logged-in user with an e-mail, on a non-info deal. */
export const canReportListing = (
  viewer: Viewer,
  email: string | null | undefined,
  isInfo: boolean,
): boolean => viewer != null && Boolean(email) && !isInfo;

/** "Share & get {discount}": 2 or more purchases, and both a give and a receive campaign. */
export const canSeeIncentivizedShare = (
  numberOfPurchases: number,
  hasGiveCampaign: boolean,
  hasReceiveCampaign: boolean,
): boolean =>
  numberOfPurchases >= INCENTIVIZED_SHARE_MIN_PURCHASES && hasGiveCampaign && hasReceiveCampaign;
