import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { SEARCH_PAGE_SIZE, type SearchSort } from "../../../domain/search";
import type { Db } from "../../db/client";
import {
  attributes,
  catalogueCounts,
  categories,
  deals,
  subcategories,
  taxonomyGroups,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import { activePlanPrices, dealCoreColumns, publicDeal } from "./deal-columns";
import { type DealCardJson, type DealCore, dealCardJson } from "./deal-json";

/**
 * What narrows a deal listing. The search API, /browse, the taxonomy pages and the collections
 * that are rules rather than hand-picked lists (freebies, originals, best-for, rising stars,
 * for-you) are all this one query with different filters.
 */
export type DealFilter = {
  query?: string;
  group?: string;
  category?: string;
  subcategory?: string;
  /** Stored plan-type key (lifetime_deal); an active plan of that type. */
  planType?: string;
  /** Bounds on the card's price (the cheapest active plan), in cents. */
  minPrice?: number;
  maxPrice?: number;
  /** Free deals: flagged free, or every active plan free. */
  free?: boolean;
  listingType?: string;
  /** A best_for attribute slug. */
  bestFor?: string;
  /** Deals started within this many days. */
  startedWithinDays?: number;
  /** Only deals with at least one approved review. */
  reviewed?: boolean;
  /**
   * Personal ordering: deals in the categories this user bought from come first, and deals they
   * already own are left out.
   */
  forUserId?: number;
  /** Leave out ended deals altogether (collections of things to buy now). */
  activeOnly?: boolean;
};

/**
 * A text search counts its matches up to this many and then says "1,000+": the count costs at
 * most this many rows, however common the words are in the catalogue.
 */
export const SEARCH_COUNT_CAP = 1000;

export type DealListing = {
  /** The number of matches, or SEARCH_COUNT_CAP when count_capped. */
  count: number;
  /** More than `count` deals match (a text search counts up to SEARCH_COUNT_CAP). */
  count_capped: boolean;
  page: number;
  page_size: number;
  total_pages: number;
  results: DealCardJson[];
};

export type TaxonNodeJson = { slug: string; name: string; url: string };

export type TaxonomyTree = (TaxonNodeJson & {
  categories: (TaxonNodeJson & { subcategories: TaxonNodeJson[] })[];
})[];

const tsQuery = (query: string) => sql`websearch_to_tsquery('english', ${query})`;

export function createSearchService(deps: {
  db: Db;
  clock: Clock;
  /** SEARCH_COUNT_CAP; tests lower it to read a small catalogue the way a large one is read. */
  countCap?: number;
  /** CAMPAIGN_PRICING_EXPERIMENT: cards show campaign prices only when the cart gives them. */
  campaignPricing?: boolean;
}) {
  const { db, clock } = deps;
  const pricing = { campaignPricing: deps.campaignPricing === true };
  const countCap = deps.countCap ?? SEARCH_COUNT_CAP;

  const listPrice = sql<number | null>`(select min(p.price_cents) from plans p
    where p.deal_id = "deals"."id" and p.is_active)`;
  /**
   * The deal's cheapest price as its card shows it (a non-member's): with campaign pricing on, the
   * rule of domain/pricing readerPrice written in SQL so the price filters and sorts can use it
   * (the deal's first live linked campaign by id, its listed tiers only, percent rounded to the
   * cent, never below 0). tests/api/price-rule.test.ts holds the two to the same figure.
   */
  const cheapestPriceAt = (now: Date) => {
    if (!pricing.campaignPricing) return listPrice;
    const at = now.toISOString();
    return sql<number | null>`(select min(greatest(0, p.price_cents - coalesce((
        select case when p.tier = any(c.deal_tiers) then (case when c.type = 'percent'
          then round(p.price_cents * c.value / 100.0) else c.value end) else 0 end
        from campaign_deals cd join campaigns c on c.id = cd.campaign_id
        where cd.deal_id = "deals"."id" and c.is_active
          and (c.start_date is null or c.start_date <= ${at}::timestamptz)
          and (c.end_date is null or c.end_date > ${at}::timestamptz)
        order by c.id limit 1), 0)))::int from plans p
      where p.deal_id = "deals"."id" and p.is_active)`;
  };
  const isEndedAt = (now: Date) => sql<boolean>`(${deals.dealStatus} = 'Ended'
    or ${deals.browseDealStatus} = 'expired'
    or (${deals.endDate} is not null and ${deals.endDate} <= ${now.toISOString()}::timestamptz))`;

  /**
   * "Every word of the query starts a word of the deal's name" ("task" finds TaskFlow), against
   * deals.search_names (the names' words, unstemmed, GIN indexed); null when the query has no
   * word characters.
   */
  function namesQuery(query: string): SQL | null {
    const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length === 0) return null;
    return sql`to_tsquery('simple', ${words.map((w) => `${w}:*`).join(" & ")})`;
  }

  function nameMatch(query: string): SQL {
    const names = namesQuery(query);
    return names ? sql`(${deals.searchNames} @@ ${names})` : sql`false`;
  }

  /**
   * A deal matches a text search when its name matches (namesQuery) or its maintained search
   * document (deals.search_document: own words, taxonomy, attributes) matches the words as
   * web-search syntax. Two GIN indexes, one BitmapOr: the cost follows the matches, not the
   * catalogue.
   */
  function textMatch(query: string): SQL {
    return sql`(${nameMatch(query)} or ${deals.searchDocument} @@ ${tsQuery(query)})`;
  }

  function whereOf(f: DealFilter, now: Date): SQL {
    const parts: (SQL | undefined)[] = [publicDeal];
    if (f.query) parts.push(textMatch(f.query));
    // Taxonomy by slug as subqueries, not joins: a listing reads the deals table alone, so the
    // unfiltered catalogue can be counted and skipped from deals_popular_idx without the heap
    // (a joined column, even of a join the planner removes, rules out an index-only scan).
    if (f.group)
      parts.push(
        sql`${deals.groupId} in (select g.id from taxonomy_groups g where g.slug = ${f.group})`,
      );
    if (f.category)
      parts.push(
        sql`${deals.categoryId} in (select c.id from categories c where c.slug = ${f.category})`,
      );
    if (f.subcategory)
      parts.push(
        sql`${deals.subcategoryId} in (select s.id from subcategories s where s.slug = ${f.subcategory})`,
      );
    if (f.planType)
      parts.push(sql`exists (select 1 from plans p where p.deal_id = "deals"."id"
        and p.is_active and p.plan_type = ${f.planType})`);
    if (f.minPrice != null) parts.push(sql`${cheapestPriceAt(now)} >= ${f.minPrice}`);
    if (f.maxPrice != null) parts.push(sql`${cheapestPriceAt(now)} <= ${f.maxPrice}`);
    if (f.free)
      parts.push(sql`(${deals.isFree} or not exists (select 1 from plans p
        where p.deal_id = "deals"."id" and p.is_active and p.price_cents > 0 and not p.is_free))`);
    if (f.listingType) parts.push(eq(deals.listingType, f.listingType as never));
    if (f.bestFor)
      parts.push(sql`exists (select 1 from deal_attribute_values dav
        join attributes a on a.id = dav.attribute_id
        where dav.deal_id = "deals"."id" and a.type = 'best_for' and a.slug = ${f.bestFor})`);
    if (f.startedWithinDays != null) {
      const since = new Date(now.getTime() - f.startedWithinDays * 86_400_000);
      parts.push(sql`${deals.startDate} between ${since.toISOString()}::timestamptz
        and ${now.toISOString()}::timestamptz`);
    }
    if (f.reviewed) parts.push(sql`${deals.reviewCount} > 0`);
    if (f.forUserId != null)
      parts.push(sql`not exists (select 1 from invoice_items ii join orders o on o.id = ii.order_id
        where ii.deal_id = "deals"."id" and ii.user_id = ${f.forUserId} and o.status = 'paid')`);
    if (f.activeOnly) parts.push(sql`not ${isEndedAt(now)}`);
    return and(...parts) as SQL;
  }

  function orderOf(sort: SearchSort, f: DealFilter, now: Date): SQL[] {
    // Deals still for sale come before sold-out ones, whatever the sort.
    const order: SQL[] = [sql`${isEndedAt(now)} asc`];
    if (f.forUserId != null)
      order.push(sql`(${deals.categoryId} in (select d2.category_id from invoice_items ii
        join orders o on o.id = ii.order_id join deals d2 on d2.id = ii.deal_id
        where ii.user_id = ${f.forUserId} and o.status = 'paid')) desc nulls last`);
    switch (sort) {
      case "relevance":
        // A text search: name matches first, then the other matches, each by popularity (the
        // order rankedSearch reads from indexes).
        if (f.query) {
          if (namesQuery(f.query)) order.push(sql`${nameMatch(f.query)} desc`);
          order.push(sql`${deals.popularity} desc`, sql`${deals.averageRating} desc`);
        } else order.push(sql`${deals.reviewCount} desc`);
        break;
      case "newest":
        order.push(sql`${deals.startDate} desc nulls last`);
        break;
      case "price_asc":
        order.push(sql`${cheapestPriceAt(now)} asc nulls last`);
        break;
      case "price_desc":
        order.push(sql`${cheapestPriceAt(now)} desc nulls last`);
        break;
      case "rating":
        order.push(sql`${deals.averageRating} desc`, sql`${deals.reviewCount} desc`);
        break;
      case "popular":
        // deals.popularity is quantity_sold + review_count * 10 + comment_count, stored.
        order.push(sql`${deals.popularity} desc`, sql`${deals.averageRating} desc`);
        break;
    }
    order.push(sql`${deals.id} desc`);
    return order;
  }

  /** A page past the last: how many match, counting at most one past the cap. */
  function cappedCount(where: SQL) {
    const capped = db
      .select({ id: deals.id })
      .from(deals)
      .where(where)
      .limit(countCap + 1)
      .as("capped");
    return db.select({ count: sql<number>`count(*)::int`, live: sql<number>`0` }).from(capped);
  }

  /**
   * A text search in relevance order: deals still for sale first, then name matches before the
   * other matches, each by popularity (then rating, then newest id). One statement whose cost
   * does not follow the number of matches:
   * - the matches are read through the GIN indexes up to one past the count cap (the count, at
   *   most SEARCH_COUNT_CAP + 1 rows, with the few columns the order needs);
   * - when that is all of them, the page is sorted from those rows;
   * - when there are more, the page is read in index order instead: name matches from the names
   *   index (sorted: a word starts few names), the other matches by walking deals_popular_idx
   *   until the page is full (they are then common: at least a share of the catalogue), each
   *   for deals for sale and then for ended ones. Segments run in order and stop when the page
   *   is full.
   * Then the page's card columns are read for its ids only.
   */
  async function rankedSearch(
    filter: DealFilter,
    query: string,
    now: Date,
    offset: number,
    pageSize: number,
  ) {
    const base = whereOf({ ...filter, query: undefined }, now);
    const ended = isEndedAt(now);
    const byName = nameMatch(query);
    const cap = countCap;
    const take = offset + pageSize;
    const popularOrder = sql`${deals.popularity} desc, ${deals.averageRating} desc, ${deals.id} desc`;
    const segment = (endedDeals: boolean, names: boolean) =>
      sql`(select ${deals.id} as id from ${deals}
        where (select matches from n) > ${cap} and ${base}
          and ${endedDeals ? ended : sql`not ${ended}`}
          and ${names ? byName : sql`${deals.searchDocument} @@ ${tsQuery(query)} and not ${byName}`}
        order by ${
          // "+ 0": never walk the catalogue's popularity order for names (a word starts few of
          // them): read them from the names index and sort.
          names
            ? sql`${deals.popularity} + 0 desc, ${deals.averageRating} desc, ${deals.id} desc`
            : popularOrder
        }
        limit ${take})`;
    const hasNames = namesQuery(query) != null;
    const segments = [false, true].flatMap((endedDeals) =>
      hasNames
        ? [segment(endedDeals, true), segment(endedDeals, false)]
        : [segment(endedDeals, false)],
    );
    // The count reads the matches' ids alone: the order's columns (a name match is a tsvector
    // test per row) are computed only when the page is sorted from the matches, that is when
    // there are at most `cap` of them, by reading them again (then they are few). At 20,000
    // deals a common word reaches the cap, and computing them for the cap's 1,001 rows cost as
    // much as reading the rows. (A join of the counted ids to deals instead cost the planner
    // several milliseconds at that size.)
    const pageIds = sql`(with m as materialized (
        select ${deals.id} as id from ${deals} where ${base} and ${textMatch(query)}
        limit ${cap + 1}),
      n as (select count(*)::int as matches from m)
      select page.id, (select matches from n) as matches from (
        (select ${deals.id} as id from ${deals}
          where (select matches from n) <= ${cap} and ${base} and ${textMatch(query)}
          order by ${ended}, ${hasNames ? sql`${byName} desc, ` : sql``}${deals.popularity} desc,
            ${deals.averageRating} desc, ${deals.id} desc
          limit ${pageSize} offset ${offset})
        union all
        (select id from (${sql.join(segments, sql` union all `)}) segments
          limit ${pageSize} offset ${offset})
      ) page) page_ids`;
    return db
      .select({
        deal: dealCoreColumns,
        plans: activePlanPrices,
        matches: sql<number>`page_ids.matches`.mapWith(Number),
      })
      .from(deals)
      .innerJoin(pageIds, sql`page_ids.id = ${deals.id}`)
      .orderBy(
        sql`${ended} asc`,
        ...(hasNames ? [sql`${byName} desc`] : []),
        sql`${deals.popularity} desc`,
        sql`${deals.averageRating} desc`,
        sql`${deals.id} desc`,
      );
  }

  /**
   * One page of deal cards and the number of matches: two statements, run in parallel, whatever
   * the filters (taxonomy, attributes and plans are subqueries of the deals table).
   */
  async function listDeals(
    filter: DealFilter,
    options: { sort: SearchSort; page?: number; pageSize?: number; now?: Date },
  ): Promise<DealListing> {
    const now = options.now ?? clock.now();
    const pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
    const page = Math.max(1, options.page ?? 1);
    const where = whereOf(filter, now);

    const offset = (page - 1) * pageSize;
    const countQuery = db
      .select({
        count: sql<number>`count(*)::int`,
        live: sql<number>`(count(*) filter (where not ${isEndedAt(now)}))::int`,
      })
      .from(deals)
      .where(where);

    let rows: { deal: unknown; plans: Parameters<typeof dealCardJson>[1] }[];
    let total: { count: number; live: number } | undefined;
    if (options.sort === "popular" && !filter.query && filter.forUserId == null) {
      // Browse's default order walks deals_popular_idx: deals still for sale, then ended ones,
      // each segment in index order, so a deep page skips index entries instead of sorting the
      // catalogue. The count (which the page needs anyway) says where the segments meet.
      const unfiltered = Object.values(filter).every((v) => v == null || v === false);
      // The whole catalogue: the kept count of public deals (catalogue_counts) less the ended
      // ones, read from deals_may_end_idx (deals that ended or have an end date); a filtered
      // listing counts its matches.
      [total] = unfiltered
        ? await db
            .select({
              count: sql<number>`${catalogueCounts.publicDeals}`,
              live: sql<number>`(${catalogueCounts.publicDeals} - (select count(*)::int from deals
                where ${publicDeal} and (${deals.dealStatus} = 'Ended'
                  or ${deals.browseDealStatus} = 'expired'
                  or (${deals.endDate} is not null
                    and ${deals.endDate} <= ${now.toISOString()}::timestamptz))))::int`,
            })
            .from(catalogueCounts)
            .where(eq(catalogueCounts.id, 1))
        : await countQuery;
      const live = Number(total?.live ?? 0);
      const popularOrder = [
        sql`${deals.popularity} desc`,
        sql`${deals.averageRating} desc`,
        sql`${deals.id} desc`,
      ];
      const segment = (ended: boolean, skip: number, take: number) =>
        db
          .select({
            deal: dealCoreColumns,
            plans: activePlanPrices,
            ended: sql<boolean>`${ended}::boolean`.as("segment_ended"),
          })
          .from(deals)
          .where(
            inArray(
              deals.id,
              // The page's ids first, by a bare index walk: the card columns (plan prices are a
              // subquery) are then computed for the page's rows only, not for every row skipped.
              db
                .select({ id: deals.id })
                .from(deals)
                .where(and(where, ended ? isEndedAt(now) : sql`not ${isEndedAt(now)}`))
                .orderBy(...popularOrder)
                .limit(take)
                .offset(skip),
            ),
          )
          .orderBy(...popularOrder);
      const liveTake = Math.max(0, Math.min(pageSize, live - offset));
      // One statement: both segments (one of them often empty, limit 0), in their own order.
      const both = await unionAll(
        segment(false, Math.min(offset, live), liveTake),
        segment(true, Math.max(0, offset - live), pageSize - liveTake),
      );
      rows = [...both.filter((r) => !r.ended), ...both.filter((r) => r.ended)];
    } else if (filter.query && options.sort === "relevance" && filter.forUserId == null) {
      const found = await rankedSearch(filter, filter.query, now, offset, pageSize);
      rows = found;
      if (found.length > 0 || page === 1) total = { count: found[0]?.matches ?? 0, live: 0 };
      else [total] = await cappedCount(where);
    } else {
      const order = orderOf(options.sort, filter, now);
      if (filter.query) {
        // A text search ranks every match (its GIN index finds them) and counts them in the same
        // pass (a window count over the ranked ids): one read of the matches, not a second scan
        // to count them. The page's card columns are then read for its ids only.
        const pageIds = db
          .select({
            id: deals.id,
            matches: sql<number>`(count(*) over ())::int`.as("matches"),
          })
          .from(deals)
          .where(where)
          .orderBy(...order)
          .limit(pageSize)
          .offset(offset)
          .as("page_ids");
        const found = await db
          .select({ deal: dealCoreColumns, plans: activePlanPrices, matches: pageIds.matches })
          .from(deals)
          .innerJoin(pageIds, eq(pageIds.id, deals.id))
          .orderBy(...order);
        rows = found;
        if (found.length > 0 || page === 1) total = { count: found[0]?.matches ?? 0, live: 0 };
        else [total] = await cappedCount(where);
      } else {
        const rowsQuery = db
          .select({ deal: dealCoreColumns, plans: activePlanPrices })
          .from(deals)
          .where(where)
          .orderBy(...order)
          .limit(pageSize)
          .offset(offset);
        [rows, [total]] = await Promise.all([rowsQuery, countQuery]);
      }
    }
    const matches = Number(total?.count ?? 0);
    const countCapped = matches > countCap;
    const count = countCapped ? countCap : matches;
    return {
      count,
      count_capped: countCapped,
      page,
      page_size: pageSize,
      total_pages: Math.max(1, Math.ceil(count / pageSize)),
      results: rows.map((r) => dealCardJson(r.deal as DealCore, r.plans, now, pricing)),
    };
  }

  /**
   * A taxonomy node by its path slugs with its parents (the breadcrumbs) and its children, in
   * one statement; null when any slug is unknown or does not belong to its parent.
   */
  async function taxonomyNode(group: string, category?: string, subcategory?: string) {
    const [row] = await db
      .select({
        group: { slug: taxonomyGroups.slug, name: taxonomyGroups.name },
        category: { slug: categories.slug, name: categories.name },
        subcategory: { slug: subcategories.slug, name: subcategories.name },
        children: category
          ? subcategory
            ? sql<{ slug: string; name: string }[]>`'[]'::json`
            : sql<{ slug: string; name: string }[]>`coalesce((select json_agg(json_build_object(
                'slug', s.slug, 'name', s.name) order by s.position, s.id)
                from subcategories s where s.category_id = ${categories.id}), '[]'::json)`
          : sql<{ slug: string; name: string }[]>`coalesce((select json_agg(json_build_object(
              'slug', c.slug, 'name', c.name) order by c.position, c.id)
              from categories c where c.group_id = ${taxonomyGroups.id}), '[]'::json)`,
      })
      .from(taxonomyGroups)
      .leftJoin(
        categories,
        and(eq(categories.groupId, taxonomyGroups.id), eq(categories.slug, category ?? "")),
      )
      .leftJoin(
        subcategories,
        and(eq(subcategories.categoryId, categories.id), eq(subcategories.slug, subcategory ?? "")),
      )
      .where(eq(taxonomyGroups.slug, group))
      .limit(1);
    if (!row) return null;
    if (category && !row.category?.slug) return null;
    if (subcategory && !row.subcategory?.slug) return null;
    const groupUrl = `/${row.group.slug}/`;
    const crumbs: TaxonNodeJson[] = [{ ...row.group, url: groupUrl }];
    if (category && row.category)
      crumbs.push({ ...row.category, url: `${groupUrl}${row.category.slug}/` });
    if (subcategory && row.category && row.subcategory)
      crumbs.push({
        ...row.subcategory,
        url: `${groupUrl}${row.category.slug}/${row.subcategory.slug}/`,
      });
    const self = crumbs[crumbs.length - 1] as TaxonNodeJson;
    return {
      level: subcategory ? "subcategory" : category ? "category" : "group",
      node: self,
      breadcrumbs: crumbs,
      children: row.children.map((c) => ({ ...c, url: `${self.url}${c.slug}/` })),
    } as const;
  }

  /** Groups with their categories and subcategories (the browse filters), in one statement. */
  async function taxonomyTree(): Promise<TaxonomyTree> {
    const rows = await db
      .select({
        group: { slug: taxonomyGroups.slug, name: taxonomyGroups.name },
        category: { slug: categories.slug, name: categories.name },
        subcategory: { slug: subcategories.slug, name: subcategories.name },
      })
      .from(taxonomyGroups)
      .leftJoin(categories, eq(categories.groupId, taxonomyGroups.id))
      .leftJoin(subcategories, eq(subcategories.categoryId, categories.id))
      .orderBy(
        asc(taxonomyGroups.position),
        asc(taxonomyGroups.id),
        asc(categories.position),
        asc(categories.id),
        asc(subcategories.position),
        asc(subcategories.id),
      );
    const tree: TaxonomyTree = [];
    for (const r of rows) {
      let g = tree[tree.length - 1];
      if (!g || g.slug !== r.group.slug) {
        g = { ...r.group, url: `/${r.group.slug}/`, categories: [] };
        tree.push(g);
      }
      if (!r.category?.slug) continue;
      let c = g.categories[g.categories.length - 1];
      if (!c || c.slug !== r.category.slug) {
        c = { ...r.category, url: `${g.url}${r.category.slug}/`, subcategories: [] };
        g.categories.push(c);
      }
      if (r.subcategory?.slug)
        c.subcategories.push({ ...r.subcategory, url: `${c.url}${r.subcategory.slug}/` });
    }
    return tree;
  }

  /** A best_for attribute (the /collections/best-for/{slug} collections), or null. */
  async function bestForAttribute(slug: string) {
    const [row] = await db
      .select({ slug: attributes.slug, name: attributes.name })
      .from(attributes)
      .where(and(eq(attributes.type, "best_for"), eq(attributes.slug, slug)))
      .limit(1);
    return row ?? null;
  }

  return { listDeals, taxonomyNode, taxonomyTree, bestForAttribute };
}

export type SearchService = ReturnType<typeof createSearchService>;
