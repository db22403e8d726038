import { and, asc, desc, eq, getTableColumns, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import { toMajor } from "../../../domain/money";
import type { Db } from "../../db/client";
import {
  addonAssociations,
  addonFeatures,
  addonPrimaryPlanValues,
  addonValues,
  categories,
  comments,
  dealAttributeValues,
  dealFeatures,
  dealRoles,
  deals,
  faqs,
  founderPosts,
  plans,
  products,
  storyImages,
  storyVideos,
  subcategories,
  taxonomyGroups,
  userEmails,
  users,
  videos,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import {
  type DealCardJson,
  type DealCore,
  type PlanPrice,
  type VideoJson,
  dealCardJson,
  dealDetailsBaseJson,
  iso,
  taxonJson,
} from "./deal-json";
import { displayPath } from "../discussions/item-paths";

/** How many top questions and top reviews the details carry (top_5_questions, top_5_reviews). */
const TOP_COMMENTS = 5;

const { search: _search, ...dealColumns } = getTableColumns(deals);

/** The deal columns a card needs (everything DealCore names). */
export const dealCoreColumns = {
  id: deals.id,
  slug: deals.slug,
  name: deals.name,
  publicName: deals.publicName,
  cardDescription: deals.cardDescription,
  mediaUrl: deals.mediaUrl,
  productLogo: deals.productLogo,
  listingType: deals.listingType,
  isFree: deals.isFree,
  isInfo: deals.isInfo,
  dealStatus: deals.dealStatus,
  browseDealStatus: deals.browseDealStatus,
  startDate: deals.startDate,
  endDate: deals.endDate,
  schemaEndDate: deals.schemaEndDate,
  timerReason: deals.timerReason,
  activeTimer: deals.activeTimer,
  isDraft: deals.isDraft,
  isComingSoon: deals.isComingSoon,
  isEarlyAccess: deals.isEarlyAccess,
  isLastCall: deals.isLastCall,
  isGetNow: deals.isGetNow,
  currentStage: deals.currentStage,
  nextStage: deals.nextStage,
  nextStageStartDate: deals.nextStageStartDate,
  bannerDetails: deals.bannerDetails,
  badge: deals.badge,
  participation: deals.participation,
  percentClaimed: deals.percentClaimed,
  quantityTotal: deals.quantityTotal,
  quantitySold: deals.quantitySold,
  reviewCount: deals.reviewCount,
  averageRating: deals.averageRating,
} as const;

/**
 * The active plans of the row's deal, cheapest first, as one json column: a card is priced in the
 * same statement that reads the deal, whatever the number of plans. The outer column is spelled
 * out qualified: drizzle writes a lone-table select's columns unqualified, and a bare "id" here
 * would bind to the plan's id.
 */
export const activePlanPrices = sql<PlanPrice[]>`coalesce((
  select json_agg(json_build_object(
    'price', p.price_cents, 'original_price', p.original_price_cents, 'is_free', p.is_free,
    'plan_type', p.plan_type, 'access', p.access
  ) order by p.price_cents, p.position, p.id)
  from plans p where p.deal_id = "deals"."id" and p.is_active
), '[]'::json)`;

/** Deals the public may see: not private, not a draft (staff preview is the storefront issue's). */
export const publicDeal: SQL = and(
  ne(deals.dealStatus, "Private"),
  eq(deals.isDraft, false),
) as SQL;

const isNumericId = (s: string) => /^\d{1,9}$/.test(s);

export function createCatalogService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  // Built once and reused: drizzle spends more CPU assembling these nested queries than the
  // database spends answering them (measured: query building dominated the details profile).
  const dealIdParam = sql.placeholder("dealId");
  const coreQuery = (match: SQL) =>
    db
      .select({
        deal: dealColumns,
        group: getTableColumns(taxonomyGroups),
        category: getTableColumns(categories),
        subcategory: getTableColumns(subcategories),
      })
      .from(deals)
      .leftJoin(taxonomyGroups, eq(taxonomyGroups.id, deals.groupId))
      .leftJoin(categories, eq(categories.id, deals.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, deals.subcategoryId))
      .where(and(match, publicDeal))
      .limit(1);
  const coreById = coreQuery(eq(deals.id, sql.placeholder("id"))).prepare("deal_core_by_id");
  const coreBySlug = coreQuery(eq(deals.slug, sql.placeholder("slug"))).prepare(
    "deal_core_by_slug",
  );
  const detailQueries = {
    planRows: db
      .select()
      .from(plans)
      .where(eq(plans.dealId, dealIdParam))
      .orderBy(asc(plans.position), asc(plans.id))
      .prepare("deal_details_planRows"),
    featureRows: db.query.dealFeatures
      .findMany({
        where: eq(dealFeatures.dealId, dealIdParam),
        orderBy: [asc(dealFeatures.position), asc(dealFeatures.id)],
        with: { entries: { columns: { planId: true, entry: true } } },
      })
      .prepare("deal_details_featureRows"),
    addonRows: db.query.addonFeatures
      .findMany({
        where: eq(addonFeatures.dealId, dealIdParam),
        orderBy: [asc(addonFeatures.position), asc(addonFeatures.id)],
        with: {
          primaryPlanValues: {
            orderBy: [asc(addonPrimaryPlanValues.position), asc(addonPrimaryPlanValues.id)],
            with: {
              values: { orderBy: [asc(addonValues.position), asc(addonValues.id)] },
              associations: { orderBy: [asc(addonAssociations.id)] },
            },
          },
        },
      })
      .prepare("deal_details_addonRows"),
    productRows: db.query.products
      .findMany({
        where: eq(products.dealId, dealIdParam),
        orderBy: [asc(products.position), asc(products.id)],
        with: {
          story: {
            with: {
              images: { orderBy: [asc(storyImages.position), asc(storyImages.id)] },
              videos: {
                orderBy: [asc(storyVideos.position), asc(storyVideos.id)],
                with: { video: true },
              },
            },
          },
        },
      })
      .prepare("deal_details_productRows"),
    extras: db.query.deals
      .findFirst({
        where: eq(deals.id, dealIdParam),
        columns: { id: true },
        with: {
          faqs: { orderBy: [asc(faqs.position), asc(faqs.id)] },
          founders: true,
          companyCards: true,
          founderPosts: {
            orderBy: [desc(founderPosts.createdAt), desc(founderPosts.id)],
            with: {
              author: {
                columns: { firstName: true, lastName: true, username: true, avatar: true },
                with: {
                  emails: { where: eq(userEmails.primary, true), columns: { verified: true } },
                },
              },
            },
          },
          attributeValues: {
            orderBy: [asc(dealAttributeValues.position), asc(dealAttributeValues.id)],
            with: { attribute: true },
          },
          staffMessages: true,
          roles: { where: eq(dealRoles.role, "partner"), columns: { userId: true } },
          videoCollection: {
            with: { videos: { orderBy: [asc(videos.position), asc(videos.id)] } },
          },
        },
      })
      .prepare("deal_details_extras"),
  };

  /** Compact card data for many deals in one statement, in the order of the ids given. */
  async function getDealCards(dealIds: readonly number[]): Promise<DealCardJson[]> {
    if (dealIds.length === 0) return [];
    const rows = await db
      .select({ deal: dealCoreColumns, plans: activePlanPrices })
      .from(deals)
      .where(and(inArray(deals.id, [...new Set(dealIds)]), publicDeal));
    const now = clock.now();
    const byId = new Map(
      rows.map((r) => [r.deal.id, dealCardJson(r.deal as DealCore, r.plans, now)]),
    );
    return dealIds.flatMap((id) => {
      const card = byId.get(id);
      return card ? [card] : [];
    });
  }

  /**
   * The Deal entity of spec 001 section 3, or null for an unknown, private or draft deal.
   * One statement finds the deal; six more, independent of each other and of the number of plans,
   * features or posts, load its parts in parallel (7 in all).
   */
  async function getDealDetails(slugOrId: string) {
    const key = slugOrId.trim();
    const [core] = isNumericId(key)
      ? await coreById.execute({ id: Number(key) })
      : await coreBySlug.execute({ slug: key });
    if (!core) return null;
    const dealId = core.deal.id;

    const [planRows, featureRows, addonRows, productRows, extras, topComments] = await Promise.all([
      detailQueries.planRows.execute({ dealId }),
      detailQueries.featureRows.execute({ dealId }),
      detailQueries.addonRows.execute({ dealId }),
      detailQueries.productRows.execute({ dealId }),
      detailQueries.extras.execute({ dealId }),
      topCommentsOf(dealId),
    ]);

    const now = clock.now();
    const deal = dealDetailsBaseJson({ ...core.deal }, planRows, now);

    const planFeatures = featureRows.filter((f) => f.section === "plan");
    const featureJson = (f: (typeof featureRows)[number]) => ({
      id: f.id,
      feature: f.feature,
      tooltip: f.tooltip,
      order: f.position,
      highlight: f.highlight,
    });

    const attributes: Record<
      string,
      { slug: string; name: string; type: string; values: unknown[] }
    > = {};
    for (const type of ["alternative_to", "integrations", "best_for"] as const) {
      attributes[type] = { slug: type, name: ATTRIBUTE_NAMES[type], type, values: [] };
    }
    for (const av of extras?.attributeValues ?? []) {
      attributes[av.attribute.type]?.values.push({
        slug: av.attribute.slug,
        name: av.attribute.name,
        value: av.value,
      });
    }

    const founder = extras?.founders[0];
    const company = extras?.companyCards[0];
    // Every live staff message, newest first: which one a visitor sees depends on their
    // audience (spec 001 section 6), decided by the page, not here.
    const staffMessages = (extras?.staffMessages ?? [])
      .filter(
        (m) =>
          (m.startDate == null || m.startDate <= now) && (m.endDate == null || now < m.endDate),
      )
      .sort((a, b) => (b.startDate?.getTime() ?? 0) - (a.startDate?.getTime() ?? 0))
      .map((m) => ({
        title: m.title,
        message: m.message,
        start_date: iso(m.startDate),
        user_group: m.userGroup,
        author: m.author,
        cta_text: m.ctaText,
        cta_url: m.ctaUrl,
      }));
    const videoJson = (v: typeof videos.$inferSelect): VideoJson => ({
      video_id: v.videoId,
      title: v.title,
      src: v.src,
      alt: v.alt,
      thumbnail: v.thumbnail,
      published_at: iso(v.publishedAt),
      username: v.username,
    });

    return {
      ...deal,
      common_features: featureRows.filter((f) => f.section === "common").map(featureJson),
      core_features: featureRows.filter((f) => f.section === "core").map(featureJson),
      dealfeatures: planFeatures.map((f) => ({
        ...featureJson(f),
        entries: f.entries.map((e) => ({ plan_id: e.planId, entry: e.entry })),
      })),
      addon_features: addonRows.map((a) => ({
        id: a.id,
        feature: a.feature,
        tooltip: a.tooltip,
        primary_plan_values: a.primaryPlanValues.map((v) => ({
          primary_plan_id: v.primaryPlanId,
          value_type: v.valueType,
          values: v.values.map((x) => ({
            id: x.id,
            name: x.name,
            value: x.quantityValue,
            plan_id: x.planId,
            addon_plan_id: x.addonPlanId,
            total_price: toMajor(x.totalPriceCents),
            total_base_price: toMajor(x.totalBasePriceCents),
          })),
          range_config:
            v.valueType === "linear_range"
              ? {
                  min_value: v.rangeMinValue,
                  max_value: v.rangeMaxValue,
                  divisor: v.rangeDivisor,
                  unit_name: v.rangeUnitName,
                }
              : null,
          associations: v.associations.map((s) => ({
            addon_deal_id: s.addonDealId,
            addon_plan_id: s.addonPlanId,
            purchase_state: s.purchaseState,
            addon_price: toMajor(s.addonPriceCents),
            is_refundable: s.isRefundable,
            is_licensing: s.isLicensing,
          })),
        })),
      })),
      taxonomy: {
        group: taxonJson(core.group),
        category: taxonJson(core.category),
        subcategory: taxonJson(core.subcategory),
      },
      attributes,
      products: productRows.map((p) => ({
        id: p.id,
        name: p.name,
        internal_product_tags: p.internalProductTags,
        story: p.story
          ? {
              value_prop: p.story.valueProp,
              subheader: p.story.subheader,
              meta_title: p.story.metaTitle,
              card_description: p.story.cardDescription,
              body: p.story.body,
              images: p.story.images.map((i) => ({ image: i.image, alt_text: i.altText })),
              videos: p.story.videos.map((sv) => videoJson(sv.video)),
            }
          : null,
      })),
      video_collection: extras?.videoCollection
        ? {
            label: extras.videoCollection.label,
            videos: extras.videoCollection.videos.map(videoJson),
          }
        : null,
      faqs: (extras?.faqs ?? []).map((f) => ({ id: f.id, question: f.question, answer: f.answer })),
      founders: {
        headquarters: founder?.headquarters ?? null,
        links: founder?.links ?? {},
        manager: founder?.manager ?? null,
        posts: (extras?.founderPosts ?? []).map((p) => ({
          id: p.id,
          title: p.title,
          message: p.message,
          created: iso(p.createdAt),
          modified: iso(p.modifiedAt),
          user: p.author
            ? {
                first_name: p.author.firstName,
                last_name: p.author.lastName,
                username: p.author.username,
                avatar: p.author.avatar,
                email_verified: p.author.emails[0]?.verified ?? false,
              }
            : null,
        })),
        company_card: company
          ? {
              logo: company.logo,
              companyName: company.companyName,
              foundedDate: company.foundedDate,
              location: company.location,
              employeeCount: company.employeeCount,
              companyType: company.companyType,
              fundingStage: company.fundingStage,
              verifiedBy: company.verifiedBy,
              manager: company.manager,
              socialLinks: company.socialLinks,
            }
          : null,
      },
      /** The newest live staff message (spec field); staff_messages has all of them. */
      staff_message: staffMessages[0] ?? null,
      staff_messages: staffMessages,
      partner_user_ids: (extras?.roles ?? []).map((r) => r.userId),
      top_5_questions: topComments
        .filter((c) => c.kind === "question")
        .map((c) => commentJson(c, core.deal.slug)),
      top_5_reviews: topComments
        .filter((c) => c.kind === "review")
        .map((c) => commentJson(c, core.deal.slug)),
      social_proof_text: null as string | null,
    };
  }

  /** The most helpful approved questions and reviews of a deal, both in one statement. */
  async function topCommentsOf(dealId: number) {
    const ranked = db
      .select({
        id: comments.id,
        kind: comments.kind,
        title: comments.title,
        comment: comments.comment,
        rating: comments.rating,
        upVotes: comments.upVotes,
        replyCount: comments.replyCount,
        hasFounderReply: comments.hasFounderReply,
        createdAt: comments.createdAt,
        userId: comments.userId,
        rank: sql<number>`row_number() over (partition by ${comments.kind}
          order by ${comments.upVotes} desc, ${comments.createdAt} desc, ${comments.id} desc)`.as(
          "rank",
        ),
      })
      .from(comments)
      .where(
        and(
          eq(comments.dealId, dealId),
          sql`${comments.parentId} is null`,
          eq(comments.status, "approved"),
        ),
      )
      .as("ranked");
    return db
      .select({
        id: ranked.id,
        kind: ranked.kind,
        title: ranked.title,
        comment: ranked.comment,
        rating: ranked.rating,
        upVotes: ranked.upVotes,
        replyCount: ranked.replyCount,
        hasFounderReply: ranked.hasFounderReply,
        createdAt: ranked.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        avatar: users.avatar,
      })
      .from(ranked)
      .leftJoin(users, eq(users.id, ranked.userId))
      .where(lte(ranked.rank, TOP_COMMENTS))
      .orderBy(asc(ranked.kind), asc(ranked.rank));
  }

  return { getDealDetails, getDealCards };
}

const ATTRIBUTE_NAMES = {
  alternative_to: "Alternative to",
  integrations: "Integrations",
  best_for: "Best for",
} as const;

type TopComment = {
  id: number;
  kind: "review" | "question";
  title: string | null;
  comment: string;
  rating: number | null;
  upVotes: number;
  replyCount: number;
  hasFounderReply: boolean;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  avatar: string | null;
};

function commentJson(c: TopComment, dealSlug: string) {
  const path = displayPath(dealSlug, c.kind, c.id, c.title ?? "");
  return {
    id: c.id,
    title: c.title,
    // The spec's url_path_suffix: the item's path below the product page.
    url_path_suffix: path.slice(`/products/${dealSlug}/`.length),
    display_path: path,
    comment: c.comment,
    rating: c.rating,
    up_votes: c.upVotes,
    reply_count: c.replyCount,
    has_founder_reply: c.hasFounderReply,
    created: iso(c.createdAt),
    user: c.username
      ? { first_name: c.firstName, last_name: c.lastName, username: c.username, avatar: c.avatar }
      : null,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
export type DealDetailsJson = NonNullable<Awaited<ReturnType<CatalogService["getDealDetails"]>>>;
