import { conflict, forbidden, unauthenticated } from "../../../domain/errors";
import { canAskQuestion, canWriteReview, initialReplyStatus } from "../../../domain/permissions";
import type { AnswerType, CommentKind, CommentStatus } from "../../db/schema/discussions";
import type { SessionUser } from "../accounts/sessions";
import { isStaffModeratorUser } from "./ids";
import { type DealFacts2, domainFacts, domainViewer, MESSAGES } from "./write-context";

// Who may post what (spec 000 section 6, domain/permissions.ts) and the status and answer type a
// new item or reply starts with.

export function assertCreateAllowed(kind: CommentKind, user: SessionUser, facts: DealFacts2): void {
  const viewer = domainViewer(user, facts);
  const gate =
    kind === "review" ? canWriteReview(viewer, domainFacts(facts)) : canAskQuestion(viewer);
  if (gate.allowed) return;
  switch (gate.reason) {
    case "login":
      throw unauthenticated();
    case "verify":
      throw forbidden(MESSAGES.verify);
    case "blacklisted":
      throw forbidden(MESSAGES.blacklisted);
    case "buy":
      throw forbidden(MESSAGES.buy);
    case "already_reviewed":
      throw conflict(MESSAGES.alreadyReviewed);
  }
}

/** Whitelisted authors (staff's choice, per author) skip moderation of their top-level items. */
export const initialTopLevelStatus = (facts: DealFacts2): CommentStatus =>
  facts.whitelisted && !facts.blacklisted ? "approved" : "pending";

/**
 * answer_type comes from the author's role, never from the client. Bots answer as no one. An
 * owner of the deal answering a question answers as a verified owner (issue 33, decision 070).
 */
export function answerTypeFor(
  user: SessionUser,
  facts: DealFacts2,
  kind?: CommentKind,
): AnswerType | null {
  if (facts.isBot) return null;
  if (facts.partnerIds.includes(user.id)) return "founder_team";
  if (isStaffModeratorUser(user)) return "staff";
  if (kind === "question" && facts.purchased) return "verified_owner";
  return null;
}

/** A new or edited reply's status; a bot's replies always wait for a moderator. */
export const replyStatus = (user: SessionUser, facts: DealFacts2): CommentStatus =>
  facts.isBot
    ? "pending"
    : initialReplyStatus(domainViewer(user, facts), { partnerUserIds: facts.partnerIds });
