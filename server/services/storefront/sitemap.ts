import { type AnyColumn, and, asc, eq, gt, inArray, lte, max, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { comments, deals, users } from "../../db/schema";
import { SITEMAP_RANGE } from "../../db/schema/discussions";
import type { PageEvents } from "../cache/page-events";
import { displayPath } from "../discussions/item-paths";
import { publicDeal } from "./deal-columns";
import { dealUrl } from "./deal-json";
import type { SearchService } from "./search";
import { createSitemapCache, type SitemapCache } from "./sitemap-cache";

// The sitemaps (issue 18, issue 32): an index, and one sitemap per kind of public page. Only
// public, approved content: public deals, approved top-level reviews and questions of public
// deals, and the profiles of people who wrote one.
//
// A kind with many rows (deals, reviews, questions, profiles) is split into parts by fixed id
// ranges: part `{kind}-{after}` holds the public rows whose id is in (after, after + width], and
// `after` is a multiple of the kind's width (docs/decisions/062). So a part's URL and boundaries
// never move when content changes: a new review lands in the part its id names, a removed one
// leaves a gap. Each part reads at most `width` rows by an index range, and the index finds the
// ranges that hold any public row by skipping from one to the next (one index probe per part),
// so neither grows with the data beyond the number of parts.

/** The sitemap protocol's limit of URLs per file (a part's width stays far below it). */
export const SITEMAP_MAX_URLS = 50_000;

export const SITEMAP_KINDS = [
  "pages",
  "deals",
  "collections",
  "categories",
  "reviews",
  "questions",
  "profiles",
] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** The kinds split by id range. */
export type RangedKind = "deals" | "reviews" | "questions" | "profiles";

/**
 * Ids per part: a part reads at most this many rows, so its cost is fixed, and the index probes
 * once per part, so it costs ids / width probes (docs/decisions/062: both under 50 ms uncached at
 * the L size at 2,000). The comments' sitemap indexes are keyed by it.
 */
export const SITEMAP_PART_WIDTHS: Record<RangedKind, number> = {
  deals: SITEMAP_RANGE,
  reviews: SITEMAP_RANGE,
  questions: SITEMAP_RANGE,
  profiles: SITEMAP_RANGE,
};

/** The community guidelines and the footer's company pages (app/info). */
const INFO_PAGES = ["/community-guidelines/", "/about/", "/partners/", "/help/", "/legal/"];

export type SitemapUrl = { path: string; lastmod: Date | null };
/** A part of a kind's sitemap: the URLs with ids after `after` (0: from the start). */
export type SitemapPart = { kind: SitemapKind; after: number; lastmod: Date | null };

const latest = (...dates: (Date | null | undefined)[]): Date | null => {
  const times = dates.filter((d): d is Date => d instanceof Date).map((d) => d.getTime());
  return times.length ? new Date(Math.max(...times)) : null;
};

const toDate = (v: unknown): Date | null =>
  v == null ? null : v instanceof Date ? v : new Date(String(v));

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

const isRanged = (kind: SitemapKind): kind is RangedKind => kind in SITEMAP_PART_WIDTHS;

export function createSitemapService(deps: {
  db: Db;
  search: Pick<SearchService, "taxonomyTree">;
  /** The collection pages (stored and rule collections) with their last change. */
  collections: () => Promise<{ path: string; updatedAt: Date | null }[]>;
  /** What the rendered sitemaps are dropped on. */
  pageEvents: Pick<PageEvents, "subscribe">;
  /** Ids per part (tests split narrower). */
  widths?: Partial<Record<RangedKind, number>>;
}) {
  const { db, search } = deps;
  const widths: Record<RangedKind, number> = { ...SITEMAP_PART_WIDTHS, ...deps.widths };
  const cache: SitemapCache = createSitemapCache({ pageEvents: deps.pageEvents });

  /**
   * Approved top-level items of one kind (of any deal). The kind is written as a literal so the
   * planner matches the kind's partial index (comments_sitemap_{kind}_idx) for any plan.
   */
  const approvedItem = (kind: "review" | "question") =>
    sql`${comments.kind} = ${sql.raw(`'${kind}'`)} and ${comments.parentId} is null and ${comments.status} = 'approved'`;
  /** Approved top-level items of one kind on public deals (the reviews and questions sitemaps). */
  const publicItem = (kind: "review" | "question") =>
    sql`${approvedItem(kind)} and exists (select 1 from ${deals} where ${deals.id} = ${comments.dealId} and ${publicDeal})`;

  /**
   * People whose profile shows something: an approved review or question of a public deal, or an
   * approved answer in an approved thread (what /profile/{username}/ lists).
   */
  const hasPublicItem = sql`exists (select 1 from ${comments} join ${deals} on ${deals.id} = ${comments.dealId} where ${comments.userId} = ${users.id} and ${comments.status} = 'approved' and ${publicDeal} and (${comments.rootId} is null or exists (select 1 from comments thread where thread.id = ${comments.rootId} and thread.status = 'approved')))`;
  const publicProfile = sql`${users.isActive} and not ${users.isBot} and ${hasPublicItem}`;

  /** Deals' and people's table and which of their rows are public. */
  const ranged: Record<"deals" | "profiles", { id: AnyColumn; table: SQL; where: SQL }> = {
    deals: { id: deals.id, table: sql`${deals}`, where: publicDeal },
    profiles: { id: users.id, table: sql`${users}`, where: publicProfile },
  };

  /**
   * The ranges of a kind that hold at least one public row, as their `after`: a skip scan, one
   * probe per range found (the first public row past the previous range), never a pass over ids.
   */
  async function rangesOf(kind: RangedKind): Promise<number[]> {
    if (kind === "reviews" || kind === "questions") return itemRangesOf(kind);
    const { id, table, where } = ranged[kind];
    const width = sql.raw(String(widths[kind]));
    // Deals and people have no long gaps: their primary key, in id order, finds the next one.
    const first = (n: SQL) =>
      sql`(select ((${id} - 1) / ${width}) from ${table} where ${where} and ${id} > (${n} + 1) * ${width} order by ${id} limit 1)`;
    const rows = rowsOf<{ n: number | string }>(
      await db.execute(sql`
        with recursive ranges(n) as (
          select ${first(sql`-1`)}
          union all
          select ${first(sql`ranges.n`)} from ranges where ranges.n is not null
        )
        select n from ranges where n is not null`),
    );
    return rows.map((r) => Number(r.n) * widths[kind]);
  }

  /**
   * The reviews' or questions' ranges: the skip scan reads the kind's index alone, in range-number
   * order (comments_sitemap_{kind}_idx: ordered by id, the planner walks the primary key through
   * the replies between ranges instead), and keeps each range's first item's deal. Hidden deals
   * are few: only a range whose first item is on one is read again for a public item. (Checking
   * each probe's deal inside the scan doubled its cost.)
   */
  async function itemRangesOf(kind: "reviews" | "questions"): Promise<number[]> {
    const item = approvedItem(kind === "reviews" ? "review" : "question");
    const width = sql.raw(String(widths[kind]));
    const range = sql`((${comments.id} - 1) / ${width})`;
    const next = (n: SQL) =>
      sql`(select ${range} as n, ${comments.dealId} as deal from ${comments} where ${item} and ${range} > ${n} order by ${range} limit 1)`;
    const found = rowsOf<{ n: number | string; deal: number | string }>(
      await db.execute(sql`
        with recursive ranges(n, deal) as (
          ${next(sql`-1`)}
          union all
          select next.n, next.deal from ranges, lateral ${next(sql`ranges.n`)} next
        )
        select n, deal from ranges`),
    ).map((r) => ({ n: Number(r.n), deal: Number(r.deal) }));
    const dealIds = [...new Set(found.map((r) => r.deal))];
    const hidden = new Set(
      dealIds.length
        ? (
            await db
              .select({ id: deals.id })
              .from(deals)
              .where(and(inArray(deals.id, dealIds), sql`not ${publicDeal}`))
          ).map((d) => d.id)
        : [],
    );
    const doubtful = found.filter((r) => hidden.has(r.deal)).map((r) => r.n);
    const confirmed = new Set(
      doubtful.length
        ? rowsOf<{ n: number | string }>(
            await db.execute(
              sql`select distinct ${range} as n from ${comments} where ${publicItem(kind === "reviews" ? "review" : "question")} and ${range} in (${sql.join(
                doubtful.map((n) => sql`${n}`),
                sql`, `,
              )})`,
            ),
          ).map((r) => Number(r.n))
        : [],
    );
    return found
      .filter((r) => !hidden.has(r.deal) || confirmed.has(r.n))
      .map((r) => r.n * widths[kind]);
  }

  /** When the public deals last changed (the home page's, browse's and categories' lastmod). */
  async function dealsChangedAt(): Promise<Date | null> {
    const [row] = await db
      .select({ at: max(deals.updatedAt) })
      .from(deals)
      .where(publicDeal);
    return toDate(row?.at);
  }

  /** Every part of every kind, for the index. */
  async function index(): Promise<SitemapPart[]> {
    const [dealParts, reviewParts, questionParts, profileParts, dealsAt] = await Promise.all([
      rangesOf("deals"),
      rangesOf("reviews"),
      rangesOf("questions"),
      rangesOf("profiles"),
      dealsChangedAt(),
    ]);
    const one = (kind: SitemapKind, lastmod: Date | null = null): SitemapPart[] => [
      { kind, after: 0, lastmod },
    ];
    const many = (kind: SitemapKind, afters: number[]) =>
      afters.map((after) => ({ kind, after, lastmod: null }));
    return [
      ...one("pages", dealsAt),
      ...many("deals", dealParts),
      ...one("collections"),
      ...one("categories", dealsAt),
      ...many("reviews", reviewParts),
      ...many("questions", questionParts),
      ...many("profiles", profileParts),
    ];
  }

  /** The rows of a ranged part: ids in (after, after + width]. */
  const inRange = (column: AnyColumn, kind: RangedKind, after: number) =>
    and(gt(column, after), lte(column, after + widths[kind]));

  /**
   * The URLs of one part, with their last change; null when there is no such part (an `after`
   * that is not a range's start, or a range with nothing public in it).
   */
  async function part(kind: SitemapKind, after: number): Promise<SitemapUrl[] | null> {
    if (isRanged(kind) ? after % widths[kind] !== 0 : after !== 0) return null;
    const urls = await partUrls(kind, after);
    return urls.length || !isRanged(kind) ? urls : null;
  }

  async function partUrls(kind: SitemapKind, after: number): Promise<SitemapUrl[]> {
    switch (kind) {
      case "pages": {
        const at = await dealsChangedAt();
        return [
          { path: "/", lastmod: at },
          { path: "/browse", lastmod: at },
          ...INFO_PAGES.map((path) => ({ path, lastmod: null })),
        ];
      }
      case "deals": {
        const rows = await db
          .select({ slug: deals.slug, updatedAt: deals.updatedAt })
          .from(deals)
          .where(and(publicDeal, inRange(deals.id, kind, after)))
          .orderBy(asc(deals.id));
        return rows.map((d) => ({ path: dealUrl(d.slug), lastmod: toDate(d.updatedAt) }));
      }
      case "collections":
        return (await deps.collections()).map((c) => ({ path: c.path, lastmod: c.updatedAt }));
      case "categories": {
        const tree = await search.taxonomyTree();
        return tree.flatMap((g) => [
          { path: g.url, lastmod: null },
          ...g.categories.flatMap((c) => [
            { path: c.url, lastmod: null },
            ...c.subcategories.map((s) => ({ path: s.url, lastmod: null })),
          ]),
        ]);
      }
      case "reviews":
      case "questions": {
        const itemKind = kind === "reviews" ? "review" : "question";
        const rows = await db
          .select({
            id: comments.id,
            title: comments.title,
            slug: deals.slug,
            createdAt: comments.createdAt,
            editedAt: comments.editedAt,
            lastReplyAt: comments.lastReplyAt,
          })
          .from(comments)
          .innerJoin(deals, eq(deals.id, comments.dealId))
          .where(and(publicItem(itemKind), inRange(comments.id, kind, after)))
          .orderBy(asc(comments.id));
        return rows.map((r) => ({
          path: displayPath(r.slug, itemKind, r.id, r.title ?? ""),
          lastmod: latest(toDate(r.createdAt), toDate(r.editedAt), toDate(r.lastReplyAt)),
        }));
      }
      case "profiles": {
        const rows = await db
          .select({ username: users.username })
          .from(users)
          .where(and(publicProfile, inRange(users.id, kind, after)))
          .orderBy(asc(users.id));
        return rows.map((u) => ({
          path: `/profile/${encodeURIComponent(u.username)}/`,
          lastmod: null,
        }));
      }
    }
  }

  return {
    index,
    part,
    /**
     * The rendered index or part by name, kept until a page event (sitemap-cache.ts): `render`
     * runs once per name and change, however many crawlers ask at once.
     */
    rendered: cache.get,
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
