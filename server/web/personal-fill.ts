/**
 * The per-person parts of a page kept for an audience (issue 32, decision 059), as JSON: what the
 * header shows of the signed-in reader (name, e-mail, verification, cart count) and what the
 * page's own parts need (purchases for "Share & get", the posting gates). One presenter for both
 * doors that carry it: the deal's `user_status` and the header's own call.
 */
import type { SessionState } from "../services/accounts/sessions";

export type PersonalHeaderJson = {
  /** Their own id: the page's cards tell their own items from others' by it. */
  id: number;
  name: string;
  email: string;
  email_verified: boolean;
  has_plus: boolean;
  is_staff: boolean;
  comment_blacklist: boolean;
  number_of_purchases: number;
  cart_count: number;
} | null;

/** The header's reader, as the root loader names them (first and last name, else username). */
export function personalHeaderJson(session: SessionState | null): PersonalHeaderJson {
  const u = session?.user;
  if (!u) return null;
  return {
    id: u.id,
    name: [u.firstName, u.lastName].filter(Boolean).join(" ") || u.username || u.email,
    email: u.email,
    email_verified: u.emailVerified,
    has_plus: u.hasPlus,
    is_staff: u.isStaff,
    comment_blacklist: u.commentBlacklist,
    number_of_purchases: u.numberOfPurchases,
    // Counted with the session (one statement); a fill comes before any cart change on the page.
    cart_count: session?.cartCountAtLoad ?? 0,
  };
}
