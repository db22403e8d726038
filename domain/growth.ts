/**
 * Growth rules (spec 000 sections 3-9, spec 001 sections 4-7): the Report listing link, share links, the restock sign-up's visibility, the incentivized share and
 * the currency selector's options. Pure: the server and the UI both use these. (The staff message audience rule is
 * staffMessageVisible in domain/blocks.ts, with the block that renders it.)
 */
import { CURRENCIES, DEFAULT_CURRENCY, INCENTIVIZED_SHARE_MIN_PURCHASES } from "./constants";

/**
 * The Report listing link (spec 001 section 5): only for a signed-in user with an e-mail, for a
 * deal that is not informational; REPORT_LISTING_URL with deal_id, deal_slug and email added to
 * whatever query it already has. null when the link is not shown.
 */
export function reportListingHref(
  baseUrl: string,
  deal: { id: number; slug: string; is_info: boolean },
  viewer: { isAuthenticated: boolean; email: string | null },
): string | null {
  if (!viewer.isAuthenticated || !viewer.email || deal.is_info) return null;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return null;
  }
  url.searchParams.set("deal_id", String(deal.id));
  url.searchParams.set("deal_slug", deal.slug);
  url.searchParams.set("email", viewer.email);
  return url.toString();
}

/** A shared product link carries ?ref={discussionType} (spec 000 section 2). */
export function withShareRef(url: string, ref: string | null | undefined): string {
  if (!ref) return url;
  const u = new URL(url, "http://local.invalid");
  u.searchParams.set("ref", ref);
  return url.startsWith("/") ? `${u.pathname}${u.search}${u.hash}` : u.toString();
}

export type ShareNetwork = "email" | "facebook" | "linkedin" | "twitter";

/** Where each network's share button goes for a (short) link and a title. */
export function shareTargetUrl(network: ShareNetwork, link: string, title: string): string {
  const u = encodeURIComponent(link);
  const t = encodeURIComponent(title);
  switch (network) {
    case "email":
      return `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n\n${link}`)}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case "twitter":
      return `https://x.com/intent/post?url=${u}&text=${t}`;
  }
}

/**
 * "Share & get {discount}" (spec 000 section 9, 001 section 6): a user with at least 2 purchases,
 * when both a give and a receive reward campaign exist. Returns the receive campaign's discount
 * text to show, or null.
 */
export function incentivizedShareDiscount(
  numberOfPurchases: number,
  campaigns: readonly { reward_type: string; discount_display?: string | null }[],
): string | null {
  if (numberOfPurchases < INCENTIVIZED_SHARE_MIN_PURCHASES) return null;
  const give = campaigns.find((c) => c.reward_type === "give");
  const receive = campaigns.find((c) => c.reward_type === "receive");
  if (!give || !receive) return null;
  return receive.discount_display || give.discount_display || null;
}

/**
 * Whether the restock sign-up shows (spec 001 section 4): the deal is ended, both the deal's and
 * the component's slug are present, and now is inside the optional [start, end) window.
 */
export function restockSignupVisible(input: {
  isEnded: boolean;
  dealSlug: string | null | undefined;
  componentSlug: string | null | undefined;
  startDate?: string | null;
  endDate?: string | null;
  now: Date;
}): boolean {
  if (!input.isEnded || !input.dealSlug || !input.componentSlug) return false;
  const t = input.now.getTime();
  if (input.startDate && t < Date.parse(input.startDate)) return false;
  if (input.endDate && t >= Date.parse(input.endDate)) return false;
  return true;
}

/**
 * The local-storage key of the inline sign-up's flag: per deal and component slug, so the
 * sold-out subscription of one deal is shared by its tabs and blocks, and never by another deal.
 */
export const inlineSignupStorageKey = (dealSlug: string, componentSlug: string) =>
  `payonce:notification-signup:${dealSlug}:${componentSlug}`;

/** The stored flag: a logged-out click asks to subscribe after login; then it is subscribed. */
export type InlineSignupFlag = "subscribe-after-login" | "subscribed";

/** The component slug of the sold-out sign-up (its block type), the same on every deal. */
export const SOLD_OUT_COMPONENT_SLUG = "sold_out_notification_signup";

/**
 * The currency selector's options (spec 000 section 9): USD, EUR, GBP, AUD, INR with the local
 * currency inserted second (when it is not already one of them).
 */
export function currencyOptions(localCurrency: string | null | undefined): string[] {
  const base: string[] = [...CURRENCIES];
  const local = localCurrency?.toUpperCase();
  if (!local || base.includes(local)) return base;
  return [base[0] ?? DEFAULT_CURRENCY, local, ...base.slice(1)];
}
