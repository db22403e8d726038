/**
 * The rules of the product page's blocks (spec 001 section 2, "Block types" and "Block
 * behaviours", and section 9): truncations, how many items a block shows and when it shows
 * nothing, anchor ids, time boxes and staff-message audiences. Pure: the block components and
 * the product-page service both call these.
 */
import {
  ACCORDION_AUTOPLAY_MS,
  ACCORDION_INACTIVITY_PAUSE_MS,
  BENTO_SUB_COLLECTIONS,
  BLOCK_TYPES,
  BUNDLE_GRID_MAX,
  BUNDLE_ROW_COUNT,
  COMMUNITY_TABS,
  DEAL_HIGHLIGHT_MAX_FEATURES,
  FEATURES_BLOCK_ANCHOR,
  FOUNDER_POST_MAX,
  FOUNDER_POSTS_INITIAL,
  HERO_DESCRIPTION_MAX,
  HERO_GALLERY_THUMBNAIL_ARROWS_ABOVE,
  HERO_TITLE_MAX,
  LEADERBOARD_MAX,
  LEADERBOARD_SMALL_SCREEN_VISIBLE_FRACTION,
  MARQUEE_DURATION_S,
  MARQUEE_REPEAT,
  PRICING_BLOCK_ANCHOR,
  READ_MORE_MAX_HEIGHT_DESKTOP_PX,
  READ_MORE_MAX_HEIGHT_MOBILE_PX,
  READ_MORE_TOGGLE_TEXT_MAX,
  SECTION_NAV_HEADER_HIDE_PX,
  SECTION_NAV_SCROLL_OFFSET_PX,
  type STAFF_MESSAGE_USER_GROUPS,
  TESTIMONIAL_MARQUEE_DURATION_S,
  TESTIMONIAL_TEXT_MAX,
  USE_CASE_LINK_TEXT_MAX,
  USE_CASE_TAG_MAX,
  USE_CASE_TITLE_MAX,
  USE_CASES_MAX,
  USE_CASES_MIN,
  VIDEO_COLLECTION_MIN_VIDEOS,
} from "./constants";

export const ELLIPSIS = "…";

/**
 * Cuts text to at most `max` characters, the last being an ellipsis when anything was cut, at a
 * word boundary when one is near (so "Get started with" never becomes "Get started wi…").
 */
export function truncate(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, Math.max(0, max - 1));
  const space = room.lastIndexOf(" ");
  // Only back up to a space in the last fifth; a long word is cut where it is.
  const cut = space >= Math.floor(room.length * 0.8) ? room.slice(0, space) : room;
  return `${cut.trimEnd()}${ELLIPSIS}`;
}

export const heroTitle = (title: string) => truncate(title, HERO_TITLE_MAX);
export const heroDescription = (text: string) => truncate(text, HERO_DESCRIPTION_MAX);
export const founderPostText = (text: string) => truncate(text, FOUNDER_POST_MAX);
export const testimonialText = (text: string) => truncate(text, TESTIMONIAL_TEXT_MAX);

/** Hero gallery thumbnails get previous/next arrows above this many images. */
export const galleryNeedsThumbnailArrows = (count: number) =>
  count > HERO_GALLERY_THUMBNAIL_ARROWS_ABOVE;

// ---------------------------------------------------------------------------------------------
// Anchors
// ---------------------------------------------------------------------------------------------

/** Letters, digits, underscore and hyphen only (spec 001 "Block behaviours"). */
export const sanitizeAnchorId = (raw: unknown): string =>
  typeof raw === "string" ? raw.replace(/[^A-Za-z0-9_-]/g, "") : "";

const FEATURES_BLOCKS = new Set(["features_overview", "features_accordion"]);

/** The default anchor of a block type with none given: pricing, overview, or none. */
export function defaultAnchorId(type: string): string | null {
  if (type === "pricing_card") return PRICING_BLOCK_ANCHOR;
  if (FEATURES_BLOCKS.has(type)) return FEATURES_BLOCK_ANCHOR;
  return null;
}

/**
 * The anchor id of every block, in page order: the sanitised anchor_tag_id, else the type's
 * default, else none. Ids already taken (by an earlier block or by `reserved`, the page's own
 * sections such as #reviews) get -2, -3... so the page never has two elements with one id.
 */
export function assignAnchorIds(
  blocks: readonly { type: string; data: Record<string, unknown> }[],
  reserved: readonly string[] = [],
): (string | null)[] {
  const taken = new Set(reserved);
  return blocks.map((b) => {
    const wanted = sanitizeAnchorId(b.data.anchor_tag_id) || defaultAnchorId(b.type);
    if (!wanted) return null;
    let id = wanted;
    for (let n = 2; taken.has(id); n += 1) id = `${wanted}-${n}`;
    taken.add(id);
    return id;
  });
}

// ---------------------------------------------------------------------------------------------
// Time boxes and audiences
// ---------------------------------------------------------------------------------------------

const toTime = (v: unknown): number | null => {
  if (typeof v !== "string" && !(v instanceof Date)) return null;
  const t = new Date(v).getTime();
  return Number.isNaN(t) ? null : t;
};

/** A time-boxed block shows from its start (inclusive) until its end (exclusive). */
export function isWithinWindow(start: unknown, end: unknown, now: Date): boolean {
  const s = toTime(start);
  const e = toTime(end);
  const t = now.getTime();
  return (s == null || s <= t) && (e == null || t < e);
}

export type StaffMessageAudience = (typeof STAFF_MESSAGE_USER_GROUPS)[number];

/**
 * Whether a viewer sees a staff message of this audience: all; paid = purchasers of the deal;
 * paid_plus and paid_non_plus split purchasers by Plus. Staff see every message.
 */
export function staffMessageVisible(
  audience: string,
  viewer: { isStaff: boolean; hasPurchased: boolean; hasPlus: boolean },
): boolean {
  if (viewer.isStaff) return true;
  switch (audience as StaffMessageAudience) {
    case "all":
      return true;
    case "paid":
      return viewer.hasPurchased;
    case "paid_plus":
      return viewer.hasPurchased && viewer.hasPlus;
    case "paid_non_plus":
      return viewer.hasPurchased && !viewer.hasPlus;
    default:
      // An unknown audience is nobody's: better hidden than shown to the wrong people.
      return false;
  }
}

/**
 * A deal's staff messages live at `now`, newest first; of two that start together, the one
 * written first. The kept deal data and `user_status` both order them by this, so the page and
 * the fill agree on which message a reader sees.
 */
export function liveStaffMessages<
  M extends { id: number; startDate: Date | null; endDate: Date | null },
>(messages: readonly M[], now: Date): M[] {
  return messages
    .filter(
      (m) => (m.startDate == null || m.startDate <= now) && (m.endDate == null || now < m.endDate),
    )
    .sort((a, b) => (b.startDate?.getTime() ?? 0) - (a.startDate?.getTime() ?? 0) || a.id - b.id);
}

/** The newest message (the list is newest first) this viewer's audience may see, if any. */
export function staffMessageFor<M extends { user_group: string }>(
  messages: readonly M[],
  viewer: { isStaff: boolean; hasPurchased: boolean; hasPlus: boolean },
): M | null {
  return messages.find((m) => staffMessageVisible(m.user_group, viewer)) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Lists and their limits
// ---------------------------------------------------------------------------------------------

export type UseCase = { tag?: string; title: string; link_text?: string; url?: string };

export const USE_CASE_DEFAULT_LINK_TEXT = "Get started";
/** The four colour themes use-case cards rotate through. */
export const USE_CASE_THEMES = ["lilac", "mint", "peach", "sky"] as const;

/**
 * The use cases carousel: at most 12 items, nothing with fewer than 3; tag cut to 25, title to
 * 100, link text to 20 (default "Get started"); the colour themes rotate.
 */
export function useCaseCards(items: readonly UseCase[]) {
  const list = items.filter((i) => i.title?.trim()).slice(0, USE_CASES_MAX);
  if (list.length < USE_CASES_MIN) return [];
  return list.map((i, n) => ({
    tag: i.tag ? truncate(i.tag, USE_CASE_TAG_MAX) : null,
    title: truncate(i.title, USE_CASE_TITLE_MAX),
    linkText: truncate(i.link_text?.trim() || USE_CASE_DEFAULT_LINK_TEXT, USE_CASE_LINK_TEXT_MAX),
    url: i.url ?? null,
    theme: USE_CASE_THEMES[n % USE_CASE_THEMES.length] as (typeof USE_CASE_THEMES)[number],
  }));
}

export type BundleLayout = "single" | "grid" | "centred-row" | "three-columns";

/** Bundle products: 2 to 4 in a grid, 5 in a centred wrapping row, more than 5 in 3 columns. */
export function bundleLayout(count: number): BundleLayout {
  if (count <= 1) return "single";
  if (count <= BUNDLE_GRID_MAX) return "grid";
  if (count === BUNDLE_ROW_COUNT) return "centred-row";
  return "three-columns";
}

/** Bento box and collection mosaic: exactly the first 4 sub-collections, or nothing under 4. */
export function bentoSubCollections<T>(subs: readonly T[]): T[] {
  return subs.length < BENTO_SUB_COLLECTIONS ? [] : subs.slice(0, BENTO_SUB_COLLECTIONS);
}

/** Leaderboard: at most 10 deals; positions beyond half are hidden on small screens. */
export function leaderboardRows<T>(deals: readonly T[]) {
  const shown = deals.slice(0, LEADERBOARD_MAX);
  const visibleOnSmall = Math.ceil(shown.length * LEADERBOARD_SMALL_SCREEN_VISIBLE_FRACTION);
  return shown.map((deal, i) => ({ deal, position: i + 1, hiddenOnSmall: i >= visibleOnSmall }));
}

/** From the founders: the first 5 posts, the rest behind "Show more". */
export function founderPostsShown<T>(posts: readonly T[], expanded: boolean) {
  const shown = expanded ? [...posts] : posts.slice(0, FOUNDER_POSTS_INITIAL);
  return { shown, hasMore: !expanded && posts.length > FOUNDER_POSTS_INITIAL };
}

/** A video collection block needs at least 3 videos. */
export const videoCollectionShown = (count: number) => count >= VIDEO_COLLECTION_MIN_VIDEOS;

// ---------------------------------------------------------------------------------------------
// Rotation (press, features accordion)
// ---------------------------------------------------------------------------------------------

/** The next index of a rotation over `count` items. */
export const nextIndex = (index: number, count: number) => (count <= 0 ? 0 : (index + 1) % count);

/**
 * Accordion features: rotate every 8 s while visible, unless a manual choice happened in the last
 * 30 s. `lastManualAt` is the time of the last click (ms), or null.
 */
export function accordionMayRotate(
  now: number,
  lastManualAt: number | null,
  visible: boolean,
): boolean {
  if (!visible) return false;
  return lastManualAt == null || now - lastManualAt >= ACCORDION_INACTIVITY_PAUSE_MS;
}

export const ACCORDION_ROTATION_MS = ACCORDION_AUTOPLAY_MS;

// ---------------------------------------------------------------------------------------------
// Reading block configuration (json_data is free-form JSON edited by staff)
// ---------------------------------------------------------------------------------------------

export type BlockData = Record<string, unknown>;

export const dataString = (data: BlockData, key: string): string | null => {
  const v = data[key];
  return typeof v === "string" && v.trim() ? v : null;
};

export const dataNumber = (data: BlockData, key: string): number | null => {
  const v = data[key];
  return typeof v === "number" && Number.isFinite(v) ? v : null;
};

/** An array of objects under `key`; anything else (missing, a string...) is an empty list. */
export const dataList = <T extends object = Record<string, unknown>>(
  data: BlockData,
  key: string,
): T[] => {
  const v = data[key];
  return Array.isArray(v) ? (v.filter((x) => x && typeof x === "object") as T[]) : [];
};

/**
 * Whether a block of the shared product-page template applies to this deal: json_data may name
 * the deals it is for (deal_slugs) and a display window (start_date, end_date).
 */
export function blockAppliesTo(data: BlockData, dealSlug: string, now: Date): boolean {
  const only = data.deal_slugs;
  if (Array.isArray(only) && only.length > 0 && !only.includes(dealSlug)) return false;
  return isWithinWindow(data.start_date, data.end_date, now);
}

// ---------------------------------------------------------------------------------------------
// Sticky section navigation
// ---------------------------------------------------------------------------------------------

/** The section navigation shows (and the site header hides under it) past 200 px of scrolling. */
export const sectionNavShown = (scrollY: number) => scrollY > SECTION_NAV_HEADER_HIDE_PX;

/**
 * Which sticky layer a phone shows at the top (one at a time): the site header near the top of
 * the page and whenever the shopper scrolls up; past 200 px scrolling down the header slides away
 * and the page's section tabs (where it has them) take its place. An unchanged position keeps the
 * current layer.
 *
 * `aimed` is the way the page itself last scrolled to a section (a tab, a link to a section),
 * until the shopper scrolls again: it counts, not the window's last move, since the page's own
 * corrections on the way (and the blocks around taking their heights) move it back and forth.
 */
export function phoneTopLayer(
  scrollY: number,
  previousY: number,
  current: "header" | "sections",
  aimed: "up" | "down" | null = null,
): "header" | "sections" {
  if (!sectionNavShown(scrollY)) return "header";
  if (aimed) return aimed === "down" ? "sections" : "header";
  if (scrollY > previousY) return "sections";
  if (scrollY < previousY) return "header";
  return current;
}

/** Blocks stand this far apart (the page's vertical gap): a section reaches to the next one. */
export const SECTION_GAP_PX = 48;

/**
 * The current section (scroll-spy): the one the reading line, 68 px below the window's top (the
 * scroll offset, under the tabs), is over. None above the first section, and none over something
 * that has no tab (a video, the use cases): the tab follows the section in view, not the last
 * section passed. `boxes` are the sections' boxes relative to the window, in any order (the
 * pricing card may come before the overview block); a section may have several boxes (the
 * purchase panel and the pricing card are both "Pricing"); the innermost (lowest top) wins.
 */
export function activeSection(
  boxes: readonly { id: string; top: number; bottom: number }[],
): string | null {
  const line = SECTION_NAV_SCROLL_OFFSET_PX + 1;
  let current: { id: string; top: number } | null = null;
  for (const s of boxes) {
    if (s.top > line || s.bottom + SECTION_GAP_PX <= line) continue;
    if (!current || s.top > current.top) current = s;
  }
  return current?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Validating a deal's blocks (the staff block editor, PUT /api/staff/deals/{id}/blocks/)
// ---------------------------------------------------------------------------------------------

/** The block editor's messages (our wording: the spec shows none). */
export const BLOCK_MESSAGES = {
  type: "Choose a known block type.",
  data: "A block's data must be an object.",
  anchor: "Use letters, digits, underscores and hyphens only.",
  date: "Enter a valid date and time.",
  window: "The end date must be after the start date.",
  dealSlugs: "List deal slugs as text.",
  useCasesMax: `Use at most ${USE_CASES_MAX} use cases.`,
  useCasesMin: `Use at least ${USE_CASES_MIN} use cases, or none.`,
  useCaseTitle: "Every use case needs a title.",
} as const;

/**
 * The problems of a page's blocks, keyed by position and field ("blocks.2.data.anchor_tag_id"),
 * as PUT /api/staff/deals/{id}/blocks/ answers them and the staff preview checks them.
 */
export function blockListProblems(
  blocks: readonly { type: string; data: BlockData }[],
  knownTypes: readonly string[] = BLOCK_TYPES,
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  blocks.forEach((block, i) => {
    for (const [field, message] of Object.entries(blockProblems(block, knownTypes))) {
      problems[`blocks.${i}.${field}`] = [message];
    }
  });
  return problems;
}

/**
 * The problems of one block as it would be stored, keyed by field ("type", "data.anchor_tag_id",
 * ...); empty when the block is valid. These are the rules the page applies when it renders
 * (sanitised anchors, time boxes, list limits), refused up front so staff see what they typed
 * would be changed or hidden.
 */
export function blockProblems(
  block: { type: string; data: BlockData },
  knownTypes: readonly string[] = BLOCK_TYPES,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!knownTypes.includes(block.type)) problems.type = BLOCK_MESSAGES.type;
  const data = block.data;
  const anchor = data.anchor_tag_id;
  if (anchor !== undefined && anchor !== null && anchor !== "") {
    if (typeof anchor !== "string" || sanitizeAnchorId(anchor) !== anchor) {
      problems["data.anchor_tag_id"] = BLOCK_MESSAGES.anchor;
    }
  }
  for (const key of ["start_date", "end_date"] as const) {
    const v = data[key];
    if (v !== undefined && v !== null && v !== "" && toTime(v) === null) {
      problems[`data.${key}`] = BLOCK_MESSAGES.date;
    }
  }
  const s = toTime(data.start_date);
  const e = toTime(data.end_date);
  if (s !== null && e !== null && s >= e) problems["data.end_date"] = BLOCK_MESSAGES.window;
  const slugs = data.deal_slugs;
  if (slugs !== undefined && (!Array.isArray(slugs) || slugs.some((x) => typeof x !== "string"))) {
    problems["data.deal_slugs"] = BLOCK_MESSAGES.dealSlugs;
  }
  const useCases = data.use_cases;
  if (useCases !== undefined) {
    const list = Array.isArray(useCases) ? useCases : null;
    if (!list) problems["data.use_cases"] = BLOCK_MESSAGES.data;
    else if (list.length > USE_CASES_MAX) problems["data.use_cases"] = BLOCK_MESSAGES.useCasesMax;
    else if (list.length > 0 && list.length < USE_CASES_MIN)
      problems["data.use_cases"] = BLOCK_MESSAGES.useCasesMin;
    else if (
      list.some(
        (u) =>
          !u ||
          typeof u !== "object" ||
          typeof (u as UseCase).title !== "string" ||
          !(u as UseCase).title.trim(),
      )
    )
      problems["data.use_cases"] = BLOCK_MESSAGES.useCaseTitle;
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Marquees, read-more, input calls to action, deal highlight, video carousel, hash tabs
// ---------------------------------------------------------------------------------------------

/**
 * A marquee (spec 001 "Block behaviours" and section 9): its items repeated 4 times, one loop
 * taking 40 s, or 60 s for testimonials.
 */
export function marqueeTrack(kind: "default" | "testimonials") {
  return {
    copies: MARQUEE_REPEAT,
    durationS: kind === "testimonials" ? TESTIMONIAL_MARQUEE_DURATION_S : MARQUEE_DURATION_S,
  };
}

/** The read-more box's collapsed height: 200 px under 768 px wide, 400 px otherwise. */
export const readMoreMaxHeight = (viewportWidth: number) =>
  viewportWidth < 768 ? READ_MORE_MAX_HEIGHT_MOBILE_PX : READ_MORE_MAX_HEIGHT_DESKTOP_PX;

export const READ_MORE_DEFAULT = "Read more";
export const READ_LESS_DEFAULT = "Read less";

/** A read-more toggle's text (staff may set their own): at most 100 characters. */
export const readMoreToggleText = (text: unknown, fallback: string) =>
  truncate(typeof text === "string" && text.trim() ? text : fallback, READ_MORE_TOGGLE_TEXT_MAX);

/**
 * An input-type call to action (spec 001 section 2): the configured link with the typed text
 * URL-encoded and appended. Blank input goes to the link as it is.
 */
export const inputCtaHref = (link: string, typed: string) =>
  `${link}${encodeURIComponent(typed.trim())}`;

/**
 * A deal highlight whose first deal lacks top_5_reviews, social_proof_text, dealfeatures and
 * plans (a plain deal card) needs the deal's details by slug (spec 001 "Block behaviours").
 */
export const highlightNeedsDetails = (deal: Record<string, unknown>): boolean =>
  ["top_5_reviews", "social_proof_text", "dealfeatures", "plans"].every((k) => deal[k] == null);

/** The deal highlight card's features: the first 4 (core features, else the card features). */
export function dealHighlightFeatures(features: readonly string[]): string[] {
  return features
    .map((f) => f.trim())
    .filter(Boolean)
    .slice(0, DEAL_HIGHLIGHT_MAX_FEATURES);
}

export type CommunityTab = (typeof COMMUNITY_TABS)[number];

/**
 * The community tab a URL hash opens: the tab's own id, or News & Updates for a founder post
 * (#founder-post-{n}, spec 001 routes); null for any other hash.
 */
export function communityTabForHash(hash: string): CommunityTab | null {
  const id = hash.replace(/^#/, "");
  if ((COMMUNITY_TABS as readonly string[]).includes(id)) return id as CommunityTab;
  if (/^founder-post-\d+$/.test(id)) return "news-updates";
  return null;
}

// ---------------------------------------------------------------------------------------------
// Staff preview (spec 001 section 1: "a query parameter that shifts the page's current time")
// ---------------------------------------------------------------------------------------------

export const PREVIEW_PARAM = "preview_start_date";

/**
 * The moment a staff preview shows the page at: the preview_start_date parameter as a date, or
 * null when it is missing, unreadable, or the viewer is not staff (anyone else sees the page as
 * it is now; the API answers them 403).
 */
export function previewMoment(raw: string | null | undefined, isStaff: boolean): Date | null {
  if (!isStaff || !raw?.trim()) return null;
  const t = Date.parse(raw.trim());
  return Number.isNaN(t) ? null : new Date(t);
}
