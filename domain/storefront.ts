/**
 * Storefront rules that the existing domain modules do not cover: the campaign's discount as
 * shown, the subscribe banner's copy, the countdown clock's segments, and the for-you fallback.
 */
import { DEFAULT_EMAIL_CAPTURE_DISCOUNT_PERCENT } from "./constants";
import type { Countdown } from "./countdown";
import { isWithinWindow } from "./deal-state";
import {
  getDiscountOff,
  getDiscountOffFirstOrder,
  SUBSCRIBE_NOTE,
  SUBSCRIBE_SUBTITLE,
} from "./messages";
import { formatPrice } from "./money";

export interface CampaignDiscount {
  type: "percent" | "fixed";
  /** Percent for percent campaigns; cents for fixed ones. */
  value: number;
}

/** "15%" or "$10"; null when the campaign gives nothing (a discount floors at 0). */
export const campaignDiscountLabel = (
  campaign: CampaignDiscount | null | undefined,
): string | null => {
  if (!campaign) return null;
  const value = Math.max(0, campaign.value);
  if (value === 0) return null;
  return campaign.type === "percent" ? `${value}%` : formatPrice(value);
};

export const DEFAULT_DISCOUNT_LABEL = `${DEFAULT_EMAIL_CAPTURE_DISCOUNT_PERCENT}%`;

/**
 * The subscribe banner's defaults (spec 001 section 2), the discount figure replaced by the
 * active campaign's discount, else the default 10%.
 */
export const subscribeCopy = (campaign?: CampaignDiscount | null) => {
  const discount = campaignDiscountLabel(campaign) ?? DEFAULT_DISCOUNT_LABEL;
  return {
    discount,
    title: getDiscountOffFirstOrder(discount),
    subtitle: SUBSCRIBE_SUBTITLE,
    button: getDiscountOff(discount),
    note: SUBSCRIBE_NOTE,
  };
};

export interface CampaignWindow {
  isActive: boolean;
  startDate: Date | null;
  endDate: Date | null;
}

/** A campaign is live while active and inside its window (start <= now < end). */
export const isCampaignLive = (campaign: CampaignWindow, now: Date): boolean =>
  campaign.isActive && isWithinWindow(campaign.startDate, campaign.endDate, now);

export type ClockSegment = { value: string; unit: "days" | "hours" | "minutes" | "seconds" };

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The clock's segments for a running countdown: days only when there are any, hours hidden when
 * the target is under 5 minutes away; empty for a countdown with no target ("a bit!") or none.
 */
export const clockSegments = (c: Countdown): ClockSegment[] => {
  if (c.phase === "hidden" || c.phase === "ended" || !c.remaining) return [];
  const { days, hours, minutes, seconds } = c.remaining;
  const segments: ClockSegment[] = [];
  if (days > 0) segments.push({ value: String(days), unit: "days" });
  if (c.showHours) segments.push({ value: pad(hours), unit: "hours" });
  segments.push({ value: pad(minutes), unit: "minutes" }, { value: pad(seconds), unit: "seconds" });
  return segments;
};

/** Search-engine titles read "{page} | Payonce", cut to the spec's 70 characters (67 + "..."). */
export const SEO_TITLE_MAX = 70;
// Compiled once per site name (every page's meta runs this; a RegExp per call showed in profiles).
const siteSuffix = new Map<string, RegExp>();
const siteSuffixOf = (site: string) => {
  let re = siteSuffix.get(site);
  if (!re) siteSuffix.set(site, (re = new RegExp(`\\s*[|·-]\\s*${site}\\s*$`)));
  return re;
};
export const seoTitle = (title: string, site = "Payonce"): string => {
  // A title from data may already end with the site's name: never "| Payonce | Payonce".
  const own = title.replace(siteSuffixOf(site), "");
  const suffix = ` | ${site}`;
  const full = `${own}${suffix}`;
  if (full.length <= SEO_TITLE_MAX) return full;
  // Too long: the page's own part is cut at a word (not "...and cli...") and the site's name
  // stays, like every other title.
  const room = SEO_TITLE_MAX - suffix.length - 3;
  const head = own.slice(0, room);
  const space = head.lastIndexOf(" ");
  const cut = space >= room * 0.6 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,:;.\-–—|]+$/, "")}...${suffix}`;
};

/** Meta descriptions are kept to what search results show. */
export const SEO_DESCRIPTION_MAX = 160;
export const seoDescription = (text: string): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= SEO_DESCRIPTION_MAX
    ? flat
    : `${flat.slice(0, SEO_DESCRIPTION_MAX - 3).trimEnd()}...`;
};
