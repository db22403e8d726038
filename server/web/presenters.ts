import type { NotificationSettings } from "../../domain/notifications";
import type { SessionState, SessionUser } from "../services/accounts/sessions";

/** The User entity of spec 001 section 3, as the API shows it. */
export function userJson(user: SessionUser | null) {
  if (!user) {
    return {
      id: null,
      email: null,
      first_name: "",
      last_name: "",
      username: null,
      avatar: null,
      is_authenticated: false,
      email_verified: false,
      is_staff: false,
      has_plus: false,
      comment_blacklist: false,
      number_of_purchases: 0,
      require_password_reset: null,
    };
  }
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    username: user.username,
    avatar: user.avatar,
    is_authenticated: true,
    email_verified: user.emailVerified,
    is_staff: user.isStaff,
    has_plus: user.hasPlus,
    comment_blacklist: user.commentBlacklist,
    number_of_purchases: user.numberOfPurchases,
    require_password_reset: user.requirePasswordReset,
  };
}

// Local currency by country, for the currency selector's "local currency inserted second".
const COUNTRY_CURRENCY: Record<string, { code: string; symbol: string }> = {
  US: { code: "USD", symbol: "$" },
  GB: { code: "GBP", symbol: "£" },
  AU: { code: "AUD", symbol: "A$" },
  IN: { code: "INR", symbol: "₹" },
  CA: { code: "CAD", symbol: "CA$" },
  DE: { code: "EUR", symbol: "€" },
  FR: { code: "EUR", symbol: "€" },
  ES: { code: "EUR", symbol: "€" },
  IT: { code: "EUR", symbol: "€" },
  NL: { code: "EUR", symbol: "€" },
  IE: { code: "EUR", symbol: "€" },
};

/** The Session entity of spec 000 and 001 section 3. */
export function sessionJson(session: SessionState | null, countryFromRequest: string | null) {
  const country = session?.country ?? countryFromRequest ?? "US";
  const local = COUNTRY_CURRENCY[country] ?? { code: "USD", symbol: "$" };
  return {
    session_key: session ? session.id.slice(0, 12) : null,
    currency: session?.currency ?? "USD",
    exchange_rate: 1,
    country,
    country_currency: local.code,
    country_currency_symbol: local.symbol,
    country_by_ip: session?.countryByIp ?? countryFromRequest,
    campaigns: session?.campaigns ?? [],
    user: userJson(session?.user ?? null),
  };
}

/** A member's notification e-mail switches (issue 33), as the API shows them. */
export const notificationSettingsJson = (s: NotificationSettings) => ({
  moderation: s.moderation,
  replies: s.replies,
  followed_questions: s.followedQuestions,
  partner_questions: s.partnerQuestions,
});
