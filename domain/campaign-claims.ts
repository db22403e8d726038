/**
 * A page never promises a campaign discount the cart does not give (issue 15). With campaign
 * pricing off (CAMPAIGN_PRICING_EXPERIMENT) the live campaign's discount is not claimed anywhere
 * a page takes copy from data: the banner, the campaign's own collection (title, subheader,
 * header, byline, badges, tiles), and any block or collection that links to that collection or
 * names the campaign (a countdown's label, a tile's caption).
 *
 * A text claims the discount when it names the campaign's figure ("15%", "15 %", "15 percent";
 * "$10" for a fixed campaign) and it belongs to the campaign: it sits in something that links to
 * the campaign's collection, or it names the campaign itself. Such a text loses the clauses that
 * name the figure ("Lifetime Fest: an extra 15% off" -> "Lifetime Fest"); when nothing is left it
 * becomes the campaign's public name. Other figures (a bundle's 25%, the first-order coupon) are
 * not the campaign's and stay.
 */

export type ClaimCampaign = {
  type: "percent" | "fixed";
  /** Percent, or major units for a fixed campaign (CampaignJson.value). */
  value: number;
  name: string;
  public_name: string;
  /** The campaign's collection path ("/collections/lifetime-fest/"), or null. */
  url: string | null;
  campaign_config: { smart_collection_slug: string | null };
  /** Whether the cart applies the discount: when true every claim stands. */
  discount_applies: boolean;
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The campaign's figure as a pattern, or null when it gives nothing. */
function figurePattern(c: ClaimCampaign): RegExp | null {
  const value = Math.max(0, c.value);
  if (value === 0) return null;
  const n = escapeRegExp(String(value));
  if (c.type === "percent") return new RegExp(`(?<![\\d.])${n}\\s*(?:%|percent\\b)`, "i");
  // "$10", "$10.00", "$ 10", "10 USD", "10 dollars".
  const cents = Number.isInteger(value) ? "(?:\\.00)?" : "";
  return new RegExp(
    `\\$\\s*${n}${cents}(?![\\d.]*\\d)|(?<![\\d.])${n}${cents}\\s*(?:USD|dollars?)\\b`,
    "i",
  );
}

/** Whether the text names the campaign's discount figure. */
export function namesCampaignFigure(text: string, c: ClaimCampaign): boolean {
  const figure = figurePattern(c);
  return figure?.test(text) === true;
}

/** Whether the text names the campaign (its public or internal name). */
const namesCampaign = (text: string, c: ClaimCampaign) => {
  const lower = text.toLowerCase();
  return [c.public_name, c.name].some((n) => n.trim() !== "" && lower.includes(n.toLowerCase()));
};

/**
 * The text without the campaign's figure: the clauses (split at ":", " - ", "–", "—", "|", ","
 * ".", "!", ";") that name it are dropped; the public name when none is left.
 */
export function withoutFigure(text: string, c: ClaimCampaign): string {
  const parts = text.split(/(\s*[:|;,.!–—]\s+|\s+-\s+|[.!]$)/);
  const kept: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const part = parts[i] ?? "";
    if (part.trim() === "" || namesCampaignFigure(part, c)) continue;
    if (kept.length) kept.push(parts[i - 1] ?? " ");
    kept.push(part);
  }
  const left = kept.join("").trim();
  return left === "" || namesCampaignFigure(left, c) ? c.public_name : left;
}

/** One text from data, as a page may show it (`inContext`: it sits in the campaign's things). */
export function unclaimedText(text: string, c: ClaimCampaign | null, inContext: boolean): string {
  if (!c || c.discount_applies) return text;
  if (!namesCampaignFigure(text, c)) return text;
  if (!inContext && !namesCampaign(text, c)) return text;
  return withoutFigure(text, c);
}

/** Keys whose values are not copy about the campaign: deal cards and listings keep their own. */
const SKIPPED = new Set(["deals", "listing", "results", "deal", "products"]);

/** Whether a value (a collection, a block's data) links to the campaign's collection. */
function linksToCampaign(value: unknown, c: ClaimCampaign): boolean {
  const slug = c.campaign_config.smart_collection_slug;
  const targets = new Set<string>();
  if (c.url) targets.add(c.url);
  if (slug) {
    targets.add(slug);
    targets.add(`/collections/${slug}/`);
    targets.add(`/collections/${slug}`);
  }
  if (targets.size === 0) return false;
  const visit = (v: unknown): boolean => {
    if (typeof v === "string") return targets.has(v.trim());
    if (Array.isArray(v)) return v.some(visit);
    if (v && typeof v === "object")
      return Object.entries(v).some(([key, item]) => !SKIPPED.has(key) && visit(item));
    return false;
  };
  return visit(value);
}

/**
 * A collection, block data or any JSON value from data with every claim of the campaign's
 * discount removed (see above); the same object when nothing claims it, so callers can pass
 * values through without copying.
 */
export function unclaimed<T>(value: T, c: ClaimCampaign | null, inContext?: boolean): T {
  if (!c || c.discount_applies || !figurePattern(c)) return value;
  const context = inContext ?? linksToCampaign(value, c);
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return unclaimedText(v, c, context);
    if (Array.isArray(v)) {
      let changed = false;
      const out = v.map((item) => {
        const next = walk(item);
        if (next !== item) changed = true;
        return next;
      });
      return changed ? out : v;
    }
    if (v && typeof v === "object") {
      let changed = false;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(v)) {
        const next = SKIPPED.has(key) ? item : walk(item);
        if (next !== item) changed = true;
        out[key] = next;
      }
      return changed ? out : v;
    }
    return v;
  };
  return walk(value) as T;
}

const ANY_FIGURE = /\d\s*(?:%|percent\b)|\$\s*\d|\d\s*(?:USD|dollars?)\b/i;

/**
 * Whether a value from data names any discount-like figure (outside deal cards): only then does a
 * page need the live campaign to check its copy (the product page reads it on demand).
 */
export function mentionsAnyFigure(value: unknown): boolean {
  if (typeof value === "string") return ANY_FIGURE.test(value);
  if (Array.isArray(value)) return value.some(mentionsAnyFigure);
  if (value && typeof value === "object")
    return Object.entries(value).some(
      ([key, item]) => !SKIPPED.has(key) && mentionsAnyFigure(item),
    );
  return false;
}

/** Each of a list (a page's collections or blocks) on its own: each has its own context. */
export const unclaimedEach = <T>(values: readonly T[], c: ClaimCampaign | null): T[] =>
  values.map((v) => unclaimed(v, c));
