import { and, asc, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
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
import { linkedCampaigns, pricedAlternatives, publicDeal } from "./deal-columns";

/** How many top questions and top reviews the details carry (top_5_questions, top_5_reviews). */
const TOP_COMMENTS = 5;

const { search: _search, ...dealColumns } = getTableColumns(deals);

/**
 * The statements that read one deal's details (spec 001 section 3): the deal with its taxonomy,
 * then its parts, each independent of the others and of how many rows it finds.
 */
export function prepareDealDetailQueries(db: Db) {
  // Built once and reused: drizzle spends more CPU assembling these nested queries than the
  // database spends answering them (measured: query building dominated the details profile).
  const dealIdParam = sql.placeholder("dealId");
  const coreQuery = (match: SQL, visible: SQL | null = publicDeal) =>
    db
      .select({
        deal: dealColumns,
        campaigns: linkedCampaigns,
        alternatives: pricedAlternatives,
        group: getTableColumns(taxonomyGroups),
        category: getTableColumns(categories),
        subcategory: getTableColumns(subcategories),
      })
      .from(deals)
      .leftJoin(taxonomyGroups, eq(taxonomyGroups.id, deals.groupId))
      .leftJoin(categories, eq(categories.id, deals.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, deals.subcategoryId))
      .where(visible ? and(match, visible) : match)
      .limit(1);
  const coreById = coreQuery(eq(deals.id, sql.placeholder("id"))).prepare("deal_core_by_id");
  const coreBySlug = coreQuery(eq(deals.slug, sql.placeholder("slug"))).prepare(
    "deal_core_by_slug",
  );
  // Staff previews (issue 16): the same deal whatever its draft or private state. Only the
  // product page's staff branch uses these, and never through the shared cache.
  const anyCoreById = coreQuery(eq(deals.id, sql.placeholder("id")), null).prepare(
    "deal_core_by_id_any",
  );
  const anyCoreBySlug = coreQuery(eq(deals.slug, sql.placeholder("slug")), null).prepare(
    "deal_core_by_slug_any",
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

  /**
   * The most helpful approved questions and reviews of a deal, both in one statement: each kind is
   * the first rows of comments_top_idx (a limit over the index, not a rank of every comment of
   * the deal), so the cost does not grow with the deal's discussion.
   */
  const topOfKind = (kind: "question" | "review") =>
    db
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
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        avatar: users.avatar,
      })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.userId))
      .where(
        and(
          eq(comments.dealId, dealIdParam),
          eq(comments.kind, kind),
          sql`${comments.parentId} is null`,
          eq(comments.status, "approved"),
        ),
      )
      .orderBy(desc(comments.upVotes), desc(comments.createdAt), desc(comments.id))
      .limit(TOP_COMMENTS);
  const topComments = unionAll(topOfKind("question"), topOfKind("review")).prepare(
    "deal_details_top_comments",
  );
  /** Questions first, then reviews, each most helpful first (union all keeps the branches' order). */
  const topCommentsOf = (dealId: number) => topComments.execute({ dealId });

  return { coreById, coreBySlug, anyCoreById, anyCoreBySlug, ...detailQueries, topCommentsOf };
}

export type DealDetailQueries = ReturnType<typeof prepareDealDetailQueries>;
type RowsOf<K extends keyof DealDetailQueries> = DealDetailQueries[K] extends {
  execute(...args: never[]): Promise<infer R>;
}
  ? R
  : never;

/** Everything one deal's details are built from, as the statements above return it. */
export type DealDetailRows = {
  core: RowsOf<"coreById">[number];
  planRows: RowsOf<"planRows">;
  featureRows: RowsOf<"featureRows">;
  addonRows: RowsOf<"addonRows">;
  productRows: RowsOf<"productRows">;
  extras: RowsOf<"extras">;
  topComments: Awaited<ReturnType<DealDetailQueries["topCommentsOf"]>>;
};
