/**
 * Bodies and queries of the staff back office and the partner portal (issue 16). Each field
 * carries its message; the admin forms show the 400's field map next to the fields.
 */
import { z } from "zod";
import {
  CAMPAIGN_DISCOUNT_TYPES,
  COMPONENT_TYPES,
  DEAL_STATUSES,
  LISTING_TYPES,
  MODULAR_COMPONENT_TYPES,
  PAGE_LAYOUTS,
  ZONE_NAMES,
} from "../constants";
import { AUTHOR_LIST_REASON_MAX, AUTHOR_LISTS, FLAG_NOTE_MAX, FLAG_RESOLUTIONS } from "../flags";
import { FIELD_REQUIRED, INVALID_CHOICE, REFUND_CHOOSE_LINES } from "../messages";
import { PLAN_TYPE_KEYS } from "../search";
import { STAFF_PAGE_MAX, STAFF_PRICE_MAX } from "../staff";
import { formBoolean, formInt, idField, optionalIdField } from "./common";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COLOUR = /^#[0-9a-fA-F]{3,8}$/;
export const STAFF_SCHEMA_MESSAGES = {
  slug: "Use lower-case letters, digits and single hyphens.",
  price: `Enter an amount from 0 to ${STAFF_PRICE_MAX} with at most two decimals.`,
  /** An "Alternative to" tool's monthly price (issue 34, payback). */
  monthlyPrice: `Enter a monthly price above 0 and up to ${STAFF_PRICE_MAX} with at most two decimals, or nothing.`,
  date: "Enter a valid date and time.",
  text: (max: number) => `Ensure this field has no more than ${max} characters.`,
  colour: "Enter a colour as #rgb or #rrggbb.",
  page: "A page number from 1 is required.",
  codes: "Enter a whole number of codes from 1 to 1000.",
  percent: "A percent is a whole number from 0 to 100.",
  roles: "List user ids.",
  sort: "Sort by a column's name, with a leading - for descending.",
} as const;

/**
 * A PATCH body from a create body: every field optional and without its default, so a field left
 * out stays as it is (`.partial()` would still fill in the defaults: a PATCH of one field would
 * clear a coupon's dates or switch a campaign back on).
 */
function patchOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const bare = (field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType;
    shape[key] = bare.optional();
  }
  return z.strictObject(
    shape as {
      [K in keyof S]: z.ZodOptional<S[K] extends z.ZodDefault<infer I> ? I : S[K]>;
    },
  );
}

const text = (max: number) =>
  z
    .string({ error: FIELD_REQUIRED })
    .trim()
    .max(max, { error: STAFF_SCHEMA_MESSAGES.text(max) });
const requiredText = (max: number) => text(max).min(1, { error: FIELD_REQUIRED });
const nullableText = (max: number) =>
  z.preprocess((v) => (v === "" ? null : v), text(max).nullable());
const slug = z
  .string({ error: FIELD_REQUIRED })
  .trim()
  .toLowerCase()
  .min(1, { error: FIELD_REQUIRED })
  .max(100, { error: STAFF_SCHEMA_MESSAGES.text(100) })
  .regex(SLUG, { error: STAFF_SCHEMA_MESSAGES.slug });
/** Money in major units (59, 59.99): from 0, two decimals at most. */
export const money = z
  .number({ error: STAFF_SCHEMA_MESSAGES.price })
  .min(0, { error: STAFF_SCHEMA_MESSAGES.price })
  .max(STAFF_PRICE_MAX, { error: STAFF_SCHEMA_MESSAGES.price })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
    error: STAFF_SCHEMA_MESSAGES.price,
  });
const date = z.preprocess(
  (v) => (v === "" ? null : v),
  z.iso
    .datetime({ offset: true, error: STAFF_SCHEMA_MESSAGES.date })
    .transform((v) => new Date(v))
    .nullable(),
);
const bool = formBoolean(INVALID_CHOICE);
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: INVALID_CHOICE });
const colour = z.preprocess(
  (v) => (v === "" ? null : v),
  z.string().regex(COLOUR, { error: STAFF_SCHEMA_MESSAGES.colour }).nullable(),
);
const idList = z.array(idField(), { error: STAFF_SCHEMA_MESSAGES.roles }).max(500);
const page = formInt(STAFF_SCHEMA_MESSAGES.page, { min: 1, max: STAFF_PAGE_MAX }).default(1);
const query = z
  .string()
  .trim()
  .max(200, { error: STAFF_SCHEMA_MESSAGES.text(200) })
  .default("");

// --- Lists ------------------------------------------------------------------------------------

/** A table's sort key: a column's API name, `-name` for descending (each list names its own). */
const sort = z
  .string()
  .trim()
  .max(50, { error: STAFF_SCHEMA_MESSAGES.sort })
  .regex(/^(-?[a-z_]+)?$/, { error: STAFF_SCHEMA_MESSAGES.sort })
  .default("");
export const StaffListQuery = z.object({ query, page, sort });
export const StaffDealsQuery = z.object({
  query,
  page,
  sort,
  status: z
    .enum(["", "draft", "published", ...DEAL_STATUSES], { error: INVALID_CHOICE })
    .default(""),
});
/** Partners' proposed changes by status (pending by default; "" for every status). */
export const ChangesQuery = StaffListQuery.extend({
  status: z
    .enum(["", "pending", "approved", "declined"], { error: INVALID_CHOICE })
    .default("pending"),
});
export const ModerationQuery = z.object({
  status: z.enum(["pending", "approved", "declined"], { error: INVALID_CHOICE }).default("pending"),
  kind: z.enum(["", "review", "question"], { error: INVALID_CHOICE }).default(""),
  page,
});
export const AuditQuery = z.object({ page });
/** Items with open reports (issue 33), oldest first, by kind. */
export const FlagsQuery = z.object({
  kind: z.enum(["", "review", "question"], { error: INVALID_CHOICE }).default(""),
  page,
});
/** Resolve an item's open reports: dismiss them, or decline the item (with a note for its author). */
export const FlagResolveSchema = z.object({
  action: choice(FLAG_RESOLUTIONS),
  note: z.preprocess((v) => (v == null ? "" : v), text(FLAG_NOTE_MAX)),
});
/** Blocked and whitelisted authors (issue 33): one list, or both. */
export const AuthorListQuery = StaffListQuery.extend({
  list: z.enum(["", ...AUTHOR_LISTS], { error: INVALID_CHOICE }).default(""),
});
/** Put an author on a list or take them off it, always with a reason (audited). */
export const AuthorListSchema = z.object({
  list: choice(AUTHOR_LISTS),
  on: bool,
  reason: requiredText(AUTHOR_LIST_REASON_MAX),
});
export const NeedsReplyQuery = z.object({
  needs_reply: z.enum(["", "0", "1"], { error: INVALID_CHOICE }).default(""),
  page,
});

// --- Deals and plans ---------------------------------------------------------------------------

const dealFields = {
  name: requiredText(200),
  slug,
  public_name: requiredText(200),
  card_description: text(500).default(""),
  listing_type: choice(LISTING_TYPES).nullable().default(null),
  start_date: date.default(null),
  end_date: date.default(null),
  group_id: optionalIdField().nullable(),
  category_id: optionalIdField().nullable(),
  subcategory_id: optionalIdField().nullable(),
  is_draft: bool.default(true),
};

export const DealCreateSchema = z.strictObject(dealFields);

export const DealPatchSchema = z.strictObject({
  name: requiredText(200).optional(),
  slug: slug.optional(),
  public_name: requiredText(200).optional(),
  card_description: text(500).optional(),
  listing_type: choice(LISTING_TYPES).nullable().optional(),
  start_date: date.optional(),
  end_date: date.optional(),
  group_id: optionalIdField().nullable(),
  category_id: optionalIdField().nullable(),
  subcategory_id: optionalIdField().nullable(),
  deal_status: choice(DEAL_STATUSES).optional(),
  product_url: nullableText(500).optional(),
  media_url: nullableText(500).optional(),
  product_logo: nullableText(500).optional(),
  refundable_days: formInt(INVALID_CHOICE, { min: 0, max: 3650 }).optional(),
  quantity_total: formInt(INVALID_CHOICE, { min: 0, max: 10_000_000 }).nullable().optional(),
  terms: z.array(text(2000)).max(50).optional(),
});

const features = z.array(requiredText(300)).max(100);
const codes = formInt(STAFF_SCHEMA_MESSAGES.codes, { min: 1, max: 1000 });

export const PlanCreateSchema = z.strictObject({
  name: requiredText(200),
  price: money,
  original_price: money,
  plan_type: choice(PLAN_TYPE_KEYS as [string, ...string[]]).default("lifetime_deal"),
  codes: codes.default(1),
  features: features.default([]),
  is_active: bool.default(true),
});

export const PlanPatchSchema = z.strictObject({
  name: requiredText(200).optional(),
  price: money.optional(),
  original_price: money.optional(),
  plan_type: choice(PLAN_TYPE_KEYS as [string, ...string[]]).optional(),
  codes: codes.optional(),
  features: features.optional(),
  is_active: bool.optional(),
});

/**
 * An "Alternative to" tool's monthly price in USD (issue 34, payback), or null for none:
 * PATCH /api/staff/alternatives/{id}/.
 */
export const AlternativePatchSchema = z.strictObject({
  monthly_price: z
    .number({ error: STAFF_SCHEMA_MESSAGES.monthlyPrice })
    .gt(0, { error: STAFF_SCHEMA_MESSAGES.monthlyPrice })
    .max(STAFF_PRICE_MAX, { error: STAFF_SCHEMA_MESSAGES.monthlyPrice })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
      error: STAFF_SCHEMA_MESSAGES.monthlyPrice,
    })
    .nullable(),
});

export const RolesSchema = z.strictObject({
  partners: idList.default([]),
  user_moderators: idList.default([]),
});

const blockFields = {
  type: z.string({ error: FIELD_REQUIRED }).max(100),
  data: z
    .record(z.string(), z.unknown(), { error: "A block's data must be an object." })
    .default({}),
};
const blockList = <T extends z.ZodType>(block: T) =>
  z.array(block, { error: "Send the page's blocks as a list." }).max(100);

export const BlocksSchema = z.strictObject({ blocks: blockList(z.strictObject(blockFields)) });

/**
 * The block editor's unsaved blocks, posted to the product page for the staff preview (never
 * stored): the same blocks as a save, each with the id of the saved block it was loaded from,
 * when it was, so the page keeps that block's videos.
 */
export const PreviewBlocksSchema = z.strictObject({
  blocks: blockList(z.strictObject({ ...blockFields, id: z.number().int().positive().optional() })),
});

// --- Pages and collections ---------------------------------------------------------------------

export const PagePatchSchema = z.strictObject({
  title: nullableText(200).optional(),
  layout: choice(PAGE_LAYOUTS).optional(),
  seo_meta: z
    .strictObject({
      title: text(200).optional(),
      description: text(500).optional(),
      open_graph: z
        .strictObject({
          title: text(200).optional(),
          type: text(50).optional(),
          image: text(500).optional(),
          description: text(500).optional(),
        })
        .optional(),
    })
    .optional(),
  /** The page's smart collections in order (replaces the collection items; blocks stay). */
  collections: idList.optional(),
});

const collectionFields = {
  slug,
  title: requiredText(200),
  subheader: nullableText(500).optional(),
  modular_component_type: choice(MODULAR_COMPONENT_TYPES),
  component_type: choice(COMPONENT_TYPES).default("carousel"),
  zone: choice(ZONE_NAMES).nullable().default(null),
  deals: idList.default([]),
  background_color: colour.optional(),
  text_color: colour.optional(),
  start_date: date.optional(),
  end_date: date.optional(),
};
export const CollectionCreateSchema = z.strictObject(collectionFields);
export const CollectionPatchSchema = z.strictObject({
  slug: slug.optional(),
  title: requiredText(200).optional(),
  subheader: nullableText(500).optional(),
  modular_component_type: choice(MODULAR_COMPONENT_TYPES).optional(),
  component_type: choice(COMPONENT_TYPES).optional(),
  zone: choice(ZONE_NAMES).nullable().optional(),
  deals: idList.optional(),
  background_color: colour.optional(),
  text_color: colour.optional(),
  start_date: date.optional(),
  end_date: date.optional(),
});

// --- Campaigns, coupons, gift cards ------------------------------------------------------------

const discountType = choice(CAMPAIGN_DISCOUNT_TYPES);
/** percent: a whole percent 0-100; fixed: money in major units. Checked together below. */
const discountValue = z.number({ error: STAFF_SCHEMA_MESSAGES.price }).min(0, {
  error: STAFF_SCHEMA_MESSAGES.price,
});

export const CampaignCreateSchema = z.strictObject({
  optin_slug: slug,
  name: requiredText(200),
  public_name: requiredText(200),
  type: discountType,
  value: discountValue,
  start_date: date.default(null),
  end_date: date.default(null),
  deal_tiers: z
    .array(formInt(INVALID_CHOICE, { min: 1, max: 100 }))
    .max(20)
    .default([]),
  deals: idList.default([]),
  discount_display: nullableText(100).optional(),
  banner_content: nullableText(500).optional(),
  banner_color: colour.optional(),
  banner_font_color: colour.optional(),
  is_active: bool.default(true),
});
export const CampaignPatchSchema = patchOf(CampaignCreateSchema);

export const CouponCreateSchema = z.strictObject({
  code: z
    .string({ error: FIELD_REQUIRED })
    .trim()
    .min(3, { error: "Use at least 3 characters." })
    .max(50, { error: STAFF_SCHEMA_MESSAGES.text(50) })
    .regex(/^[A-Za-z0-9_-]+$/, { error: "Use letters, digits, underscores and hyphens only." })
    .transform((v) => v.toUpperCase()),
  type: discountType,
  value: discountValue,
  deal_ids: idList.default([]),
  max_uses: formInt(INVALID_CHOICE, { min: 1, max: 10_000_000 }).nullable().default(null),
  single_use: bool.default(false),
  start_date: date.default(null),
  end_date: date.default(null),
  is_active: bool.default(true),
});
export const CouponPatchSchema = patchOf(CouponCreateSchema);

export const GiftCardCreateSchema = z.strictObject({
  code: CouponCreateSchema.shape.code,
  amount: money.refine((v) => v > 0, { error: STAFF_SCHEMA_MESSAGES.price }),
  expires_at: date.default(null),
});
export const GiftCardPatchSchema = z.strictObject({
  amount: GiftCardCreateSchema.shape.amount.optional(),
  expires_at: date.optional(),
});

// --- Users, orders --------------------------------------------------------------------------------

export const UserPatchSchema = z.strictObject({
  is_staff: bool.optional(),
  comment_blacklist: bool.optional(),
  verified: bool.optional(),
  login_blocked: bool.optional(),
});

/** POST /api/staff/orders/{id}/refund/: chosen lines, or (no body) what is left of the order. */
export const StaffRefundSchema = z.strictObject({
  invoice_items: z.array(idField()).min(1, { error: REFUND_CHOOSE_LINES }).max(500).optional(),
});

// --- Partner proposals ------------------------------------------------------------------------------

export const ProposalSchema = z.strictObject({
  deal: z
    .strictObject({
      public_name: requiredText(200).optional(),
      card_description: text(500).optional(),
      product_url: nullableText(500).optional(),
      terms: z.array(text(2000)).max(50).optional(),
    })
    .optional(),
  plans: z
    .array(
      z.strictObject({
        id: idField(),
        name: requiredText(200).optional(),
        price: money.optional(),
        original_price: money.optional(),
        features: features.optional(),
      }),
    )
    .max(20)
    .optional(),
  note: text(1000).optional(),
});

export const ProposalDecisionSchema = z.strictObject({
  decision: z.enum(["approve", "decline"], { error: INVALID_CHOICE }),
});
