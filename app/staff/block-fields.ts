import { BLOCK_TYPES, BUY_NOW_BAR_POSITIONS } from "../../domain/constants";
import type { FieldMap } from "./api";

// The block editor's form (issue 16): the fields each block type reads (app/blocks/types/*), as
// labelled inputs. Keys the form has no input for stay editable as JSON ("Other data").

export type BlockType = (typeof BLOCK_TYPES)[number];
export type FieldKind = "text" | "textarea" | "url" | "number" | "datetime" | "select";
export type FieldSpec = {
  key: string;
  label: string;
  kind?: FieldKind;
  options?: readonly string[];
};

const title: FieldSpec = { key: "title", label: "Title" };
const text: FieldSpec = { key: "text", label: "Text", kind: "textarea" };
const ctaText: FieldSpec = { key: "cta_text", label: "Button text" };
const ctaLink: FieldSpec = { key: "cta_link", label: "Button link", kind: "url" };
const readMore: FieldSpec = { key: "read_more_text", label: "Read more text" };
const readLess: FieldSpec = { key: "read_less_text", label: "Read less text" };
const videoUrl: FieldSpec = { key: "video_url", label: "Video URL", kind: "url" };
const poster: FieldSpec = { key: "poster", label: "Poster image URL", kind: "url" };
const image: FieldSpec = { key: "image", label: "Image URL", kind: "url" };
const embed: FieldSpec[] = [
  { key: "url", label: "Embed URL", kind: "url" },
  { key: "iframe_title", label: "Frame title" },
  { key: "height", label: "Height (px)", kind: "number" },
  { key: "html", label: "HTML", kind: "textarea" },
];
const countdown: FieldSpec[] = [
  { key: "label", label: "Label" },
  { key: "collection_slug", label: "Collection slug" },
  { key: "collection_url", label: "Collection link", kind: "url" },
];

/** Every block may carry an anchor and a display window (domain/blocks.ts checks them). */
export const COMMON_FIELDS: FieldSpec[] = [
  { key: "anchor_tag_id", label: "Anchor id" },
  { key: "start_date", label: "Show from (UTC)", kind: "datetime" },
  { key: "end_date", label: "Show until (UTC)", kind: "datetime" },
];

export const TYPE_FIELDS: Partial<Record<BlockType, FieldSpec[]>> = {
  hero: [
    title,
    { key: "description", label: "Description", kind: "textarea" },
    image,
    videoUrl,
    poster,
  ],
  block_header: [title, { key: "subtitle", label: "Subtitle" }],
  bundle_product_card: [{ key: "name", label: "Name" }],
  buy_now_bar: [
    { key: "text", label: "Text" },
    { key: "button_text", label: "Button text" },
    { key: "position", label: "Position", kind: "select", options: BUY_NOW_BAR_POSITIONS },
  ],
  countdown_clock: countdown,
  inline_countdown_clock: countdown,
  embed,
  generic_embed_block: embed,
  simple_embed_block: embed,
  features_overview: [text],
  from_founders_card: [readMore, readLess],
  inline_copy_banner: [
    { key: "text", label: "Text" },
    { key: "link", label: "Link", kind: "url" },
    { key: "link_text", label: "Link text" },
    { key: "background_color", label: "Background colour" },
    { key: "text_color", label: "Text colour" },
  ],
  money_back_guarantee: [title],
  we_got_your_back: [title],
  press: [{ key: "rotation_ms", label: "Rotation (ms)", kind: "number" }],
  pricing_card: [{ key: "css_class", label: "CSS class" }],
  split_thematic: [
    title,
    text,
    image,
    { key: "cta_type", label: "Call to action type", kind: "select", options: ["link", "input"] },
    ctaText,
    ctaLink,
    { key: "input_placeholder", label: "Input placeholder" },
  ],
  subscribe_form: [
    title,
    text,
    { key: "action", label: "Form action", kind: "url" },
    { key: "campaign_slug", label: "Campaign slug" },
    { key: "content_slug", label: "Content slug" },
  ],
  thematic_roadblock: [{ key: "headline", label: "Headline" }, text, ctaText, ctaLink],
  use_case_content: [
    title,
    { key: "updated", label: "Updated" },
    ctaText,
    ctaLink,
    readMore,
    readLess,
  ],
  video_embed_spotlight: [title, text, videoUrl, poster],
  video_reels: [{ key: "channel_url", label: "Channel URL", kind: "url" }],
  testimonial_carousel: [{ key: "variant", label: "Variant" }],
};

/** Types that show no heading of their own (app/blocks/shell.tsx blockTitle is not read). */
const UNTITLED = new Set(["horizontal_divider", "component_separator", "buy_now_bar"]);

/**
 * The inputs of one block type: its own, then the common ones. Most blocks take a section title
 * (json_data.title, app/blocks/shell.tsx) even when their own fields do not list one.
 */
export const fieldsOf = (type: string): FieldSpec[] => {
  const own = TYPE_FIELDS[type as BlockType] ?? [];
  const titled = UNTITLED.has(type) || own.some((f) => f.key === "title");
  return [...(titled ? [] : [{ key: "title", label: "Section title" }]), ...own, ...COMMON_FIELDS];
};

const LABELS: Record<string, string> = { faq: "FAQ" };

/** "use_cases_carousel" → "Use cases carousel" ("faq" → "FAQ"). */
export const blockTypeLabel = (type: string) => {
  if (LABELS[type]) return LABELS[type];
  const words = type.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const KNOWN_BLOCK_TYPES: readonly string[] = BLOCK_TYPES;

/** An ISO date as a datetime-local value in UTC ("2026-12-01T09:30"); "" when unreadable. */
export function toLocalInput(v: unknown): string {
  if (typeof v !== "string" || !v) return "";
  const t = Date.parse(v);
  return Number.isNaN(t) ? "" : new Date(t).toISOString().slice(0, 16);
}

/** A datetime-local value read as UTC, as the ISO string blocks store; "" stays "". */
export const fromLocalInput = (v: string) => (v ? `${v}:00.000Z` : "");

/** The block's data without the keys the form has inputs for (edited as JSON). */
export function otherData(type: string, data: Record<string, unknown>): Record<string, unknown> {
  const keys = new Set(fieldsOf(type).map((f) => f.key));
  return Object.fromEntries(Object.entries(data).filter(([k]) => !keys.has(k)));
}

/**
 * The API's field map, keyed "blocks.{i}.{field}", split per block (by the key the block had in
 * the list that was sent); anything else (the list itself) is general.
 */
export function splitErrors(errors: FieldMap, sent: readonly { key: string }[]) {
  const byKey: Record<string, FieldMap> = {};
  const general: string[] = [];
  for (const [field, messages] of Object.entries(errors)) {
    const m = /^blocks\.(\d+)\.(.+)$/.exec(field);
    const item = m ? sent[Number(m[1])] : undefined;
    if (m && item) {
      const own = (byKey[item.key] ??= {});
      own[m[2] as string] = messages;
    } else general.push(...messages);
  }
  return { byKey, general };
}
