/**
 * Who a shared (cached) page is rendered for: whatever changes most of the page, never who the
 * reader is (issue 32, "cache by audience, fill by person"). Readers with one audience key share
 * one stored page; what is truly personal (the header's name, own votes, owned plans, the cart
 * count, the posting prompts) is left out of that render and filled per person after load
 * (decision 059). Pure; the page cache applies it (server/http/page-cache.ts) and the route table
 * names it per route.
 */
import { experimentsCacheKey } from "./experiments";
import { pageVariant } from "./page-cache";

/** What the page cache knows of a reader when it decides. */
export type Reader = {
  /** The session's id (experiments read it), or null without a session. */
  sessionId: string | null;
  currency: string;
  campaigns: readonly string[];
  /** Null for an anonymous reader. */
  user: {
    isStaff: boolean;
    isStaffModerator: boolean;
    hasPlus: boolean;
    /** Partner or user moderator of some deal (server/services/accounts/sessions.ts). */
    hasDealRole?: boolean;
  } | null;
  /** Items in the session's cart. */
  cartCount: number;
};

/**
 * The reader's audience as a cache key part, or null when their page is rendered for them alone
 * (it shows things no audience shares).
 *
 * - Anonymous readers without a cart share pages by currency, campaign opt-ins and the
 *   experiments that change prices.
 * - Signed-in readers share them by the same, plus whether they are Plus members: the member
 *   price is in the first paint, never filled (no moment with a non-member price). Their name,
 *   cart count, votes, owned plans and posting prompts are filled per person.
 * - Staff, staff moderators and deals' partners and user moderators stay per person: their pages
 *   carry staff preview, moderator controls and moderation counts, which no audience shares.
 * - An anonymous reader with a cart stays per person: an anonymous page cannot know it has a
 *   count to fill (the session cookie is httpOnly), and asking on every anonymous view would
 *   cost every visitor a request for the few with a cart.
 */
export function audienceKey(reader: Reader): string | null {
  const user = reader.user;
  if (user && (user.isStaff || user.isStaffModerator || user.hasDealRole)) return null;
  if (!user && reader.cartCount > 0) return null;
  const variant = pageVariant(reader.currency, reader.campaigns);
  const experiments = experimentsCacheKey(reader.sessionId, reader.currency);
  const shared = `${variant}${experiments ? `|${experiments}` : ""}`;
  if (!user) return shared;
  return `${user.hasPlus ? "member+plus" : "member"}|${shared}`;
}

/** True when the page is rendered for an audience of signed-in readers (personal parts filled). */
export const isSignedInAudience = (key: string): boolean => key.startsWith("member");
