import { describe, expect, it } from "vitest";
import type { DealFacts, Viewer } from "./permissions";
import {
  buyPromptShown,
  canApproveOrDecline,
  canAskQuestion,
  canDelete,
  canEdit,
  canReply,
  canReportListing,
  canSeeIncentivizedShare,
  canSeeStaffMessage,
  canUndoResolveWhitelistBlacklist,
  canVote,
  canWriteReview,
  initialReplyStatus,
  isPartner,
  isStaffModerator,
  isUserModerator,
  seesModeratorControls,
} from "./permissions";

const user = (overrides: Partial<NonNullable<Viewer>> = {}): NonNullable<Viewer> => ({
  id: 1,
  isStaff: false,
  emailVerified: true,
  commentBlacklist: false,
  hasPlus: false,
  ...overrides,
});
const staff = user({ id: 9, isStaff: true, emailVerified: false });
const partner = user({ id: 2 });
const moderator = user({ id: 3 });
const deal: DealFacts = {
  partnerUserIds: [2],
  moderatorUserIds: [3],
  hasPurchased: true,
  hasReviewed: false,
  isInfo: false,
  isInactiveIndefinitely: false,
};

describe("canWriteReview", () => {
  it("allows a verified purchaser who has not reviewed", () => {
    expect(canWriteReview(user(), deal)).toEqual({ allowed: true });
  });
  it("gives the reason in the order the user can fix it", () => {
    expect(canWriteReview(null, deal)).toEqual({ allowed: false, reason: "login" });
    expect(canWriteReview(user({ emailVerified: false, commentBlacklist: true }), deal)).toEqual({
      allowed: false,
      reason: "verify",
    });
    expect(canWriteReview(user({ commentBlacklist: true }), deal)).toEqual({
      allowed: false,
      reason: "blacklisted",
    });
    expect(canWriteReview(user(), { ...deal, hasPurchased: false })).toEqual({
      allowed: false,
      reason: "buy",
    });
    expect(canWriteReview(user(), { ...deal, hasReviewed: true })).toEqual({
      allowed: false,
      reason: "already_reviewed",
    });
  });
  it("waives the purchase gate on info and inactive-indefinitely deals", () => {
    const notBought = { ...deal, hasPurchased: false };
    expect(canWriteReview(user(), { ...notBought, isInfo: true })).toEqual({ allowed: true });
    expect(canWriteReview(user(), { ...notBought, isInactiveIndefinitely: true })).toEqual({
      allowed: true,
    });
    expect(canWriteReview(null, { ...notBought, isInfo: true })).toEqual({
      allowed: false,
      reason: "login",
    });
  });
  it("treats staff as verified", () => {
    expect(canWriteReview(staff, deal)).toEqual({ allowed: true });
  });
  it("hides the buy prompt on info and inactive-indefinitely deals", () => {
    expect(buyPromptShown(deal)).toBe(true);
    expect(buyPromptShown({ ...deal, isInfo: true })).toBe(false);
    expect(buyPromptShown({ ...deal, isInactiveIndefinitely: true })).toBe(false);
  });
});

describe("canAskQuestion, canReply, canVote", () => {
  it("asks need login and verification, no purchase", () => {
    expect(canAskQuestion(user())).toEqual({ allowed: true });
    expect(canAskQuestion(staff)).toEqual({ allowed: true });
    expect(canAskQuestion(null)).toEqual({ allowed: false, reason: "login" });
    expect(canAskQuestion(user({ emailVerified: false }))).toEqual({
      allowed: false,
      reason: "verify",
    });
    expect(canAskQuestion(user({ commentBlacklist: true }))).toEqual({
      allowed: false,
      reason: "blacklisted",
    });
  });
  it("replies need login and are never on declined items", () => {
    expect(canReply(user({ emailVerified: false }), "approved")).toEqual({ allowed: true });
    expect(canReply(user(), "pending")).toEqual({ allowed: true });
    expect(canReply(null, "approved")).toEqual({ allowed: false, reason: "login" });
    expect(canReply(user(), "declined")).toEqual({ allowed: false, reason: "declined" });
    expect(canReply(user({ commentBlacklist: true }), "approved")).toEqual({
      allowed: false,
      reason: "blacklisted",
    });
  });
  it("votes need login and verification", () => {
    expect(canVote(user())).toEqual({ allowed: true });
    expect(canVote(staff)).toEqual({ allowed: true });
    expect(canVote(null)).toEqual({ allowed: false, reason: "login" });
    expect(canVote(user({ emailVerified: false }))).toEqual({ allowed: false, reason: "verify" });
  });
});

describe("moderation", () => {
  it("knows partners, user moderators and staff moderators", () => {
    expect(isPartner(partner, deal)).toBe(true);
    expect(isPartner(user(), deal)).toBe(false);
    expect(isPartner(null, deal)).toBe(false);
    expect(isUserModerator(moderator, deal)).toBe(true);
    expect(isUserModerator(partner, deal)).toBe(false);
    expect(isStaffModerator(staff)).toBe(true);
    expect(isStaffModerator(user())).toBe(false);
    expect(isStaffModerator(null)).toBe(false);
  });
  it("lets staff, partners and user moderators approve or decline", () => {
    expect(canApproveOrDecline(staff, deal)).toBe(true);
    expect(canApproveOrDecline(partner, deal)).toBe(true);
    expect(canApproveOrDecline(moderator, deal)).toBe(true);
    expect(canApproveOrDecline(user(), deal)).toBe(false);
    expect(canApproveOrDecline(null, deal)).toBe(false);
  });
  it("lets only staff undo, resolve, whitelist and blacklist", () => {
    expect(canUndoResolveWhitelistBlacklist(staff)).toBe(true);
    expect(canUndoResolveWhitelistBlacklist(partner)).toBe(false);
    expect(canUndoResolveWhitelistBlacklist(moderator)).toBe(false);
    expect(canUndoResolveWhitelistBlacklist(null)).toBe(false);
  });
  it("shows moderator controls to staff and user moderators", () => {
    expect(seesModeratorControls(staff, deal)).toBe(true);
    expect(seesModeratorControls(moderator, deal)).toBe(true);
    expect(seesModeratorControls(partner, deal)).toBe(false);
  });
  it("starts a non-staff partner's replies approved, everyone else's pending", () => {
    expect(initialReplyStatus(partner, deal)).toBe("approved");
    expect(initialReplyStatus(user({ id: 2, isStaff: true }), deal)).toBe("pending");
    expect(initialReplyStatus(user(), deal)).toBe("pending");
    expect(initialReplyStatus(moderator, deal)).toBe("pending");
  });
});

describe("ownership", () => {
  it("lets owners edit and delete, and staff delete", () => {
    expect(canEdit(user(), 1)).toBe(true);
    expect(canEdit(user(), 5)).toBe(false);
    expect(canEdit(staff, 5)).toBe(false);
    expect(canEdit(null, 1)).toBe(false);
    expect(canDelete(user(), 1)).toBe(true);
    expect(canDelete(staff, 5)).toBe(true);
    expect(canDelete(user(), 5)).toBe(false);
  });
});

describe("audiences", () => {
  it("shows staff messages by user group", () => {
    expect(canSeeStaffMessage("all", null, false)).toBe(true);
    expect(canSeeStaffMessage("paid", user(), true)).toBe(true);
    expect(canSeeStaffMessage("paid", user(), false)).toBe(false);
    expect(canSeeStaffMessage("paid", null, true)).toBe(false);
    expect(canSeeStaffMessage("paid_plus", user({ hasPlus: true }), true)).toBe(true);
    expect(canSeeStaffMessage("paid_plus", user(), true)).toBe(false);
    expect(canSeeStaffMessage("paid_non_plus", user(), true)).toBe(true);
    expect(canSeeStaffMessage("paid_non_plus", user({ hasPlus: true }), true)).toBe(false);
    expect(canSeeStaffMessage("paid_plus", staff, false)).toBe(true);
  });
  it("offers the report link to logged-in users with an e-mail on non-info deals", () => {
    expect(canReportListing(user(), "a@b.co", false)).toBe(true);
    expect(canReportListing(user(), "", false)).toBe(false);
    expect(canReportListing(user(), "a@b.co", true)).toBe(false);
    expect(canReportListing(null, "a@b.co", false)).toBe(false);
  });
  it("offers the incentivized share from 2 purchases with both campaigns", () => {
    expect(canSeeIncentivizedShare(2, true, true)).toBe(true);
    expect(canSeeIncentivizedShare(1, true, true)).toBe(false);
    expect(canSeeIncentivizedShare(5, true, false)).toBe(false);
  });
});
