/**
 * Who a shared (cached) page is rendered for: whatever changes most of the page, never who the
 * reader is (issue 32, "cache by audience, fill by person"). Readers with one audience key share
 * one stored page; what is truly personal (the header's name, own votes, owned plans, the cart
 * count) is filled per person after the page is kept. Pure; the page cache applies it
 * (server/http/page-cache.ts) and the route table names it per route.
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
  user: { isStaff: boolean; isStaffModerator: boolean; hasPlus: boolean } | null;
  /** Items in the session's cart. */
  cartCount: number;
};

/**
 * The reader's audience as a cache key part, or null when their page is rendered for them alone
 * (it shows things no audience shares).
 *
 * Today: anonymous readers without a cart share pages by currency, campaign opt-ins and the
 * experiments that change prices; a signed-in reader or a cart goes around the cache.
 */
export function audienceKey(reader: Reader): string | null {
  if (reader.user) return null;
  if (reader.cartCount > 0) return null;
  const variant = pageVariant(reader.currency, reader.campaigns);
  const experiments = experimentsCacheKey(reader.sessionId, reader.currency);
  return `${variant}${experiments ? `|${experiments}` : ""}`;
}
