import { type AnyColumn, and, asc, eq, gt, lte, max, type SQL, sql } from "drizzle-orm";
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
   * Approved top-level items of one kind on public deals. The kind is written as a literal so the
   * planner matches the kind's partial index (comments_sitemap_{kind}_idx) for any plan.
   */
  const publicItem = (kind: "review" | "question") =>
    sql`${comments.kind} = ${sql.raw(`'${kind}'`)} and ${comments.parentId} is null and ${comments.status} = 'approved' and exists (select 1 from ${deals} where ${deals.id} = ${comments.dealId} and ${publicDeal})`;

  /**
   * People whose profile shows something: an approved review or question of a public deal, or an
   * approved answer in an approved thread (what /profile/{username}/ lists).
   */
  const hasPublicItem = sql`exists (select 1 from ${comments} join ${deals} on ${deals.id} = ${comments.dealId} where ${comments.userId} = ${users.id} and ${comments.status} = 'approved' and ${publicDeal} and (${comments.rootId} is null or exists (select 1 from comments thread where thread.id = ${comments.rootId} and thread.status = 'approved')))`;
  const publicProfile = sql`${users.isActive} and not ${users.isBot} and ${hasPublicItem}`;

  /** Each ranged kind's table and which of its rows are public. */
  const ranged: Record<RangedKind, { id: AnyColumn; table: SQL; where: SQL }> = {
    deals: { id: deals.id, table: sql`${deals}`, where: publicDeal },
    reviews: { id: comments.id, table: sql`${comments}`, where: publicItem("review") },
    questions: { id: comments.id, table: sql`${comments}`, where: publicItem("question") },
    profiles: { id: users.id, table: sql`${users}`, where: publicProfile },
  };

  /**
   * The ranges of a kind that hold at least one public row, as their `after`: a skip scan over
   * range numbers, one probe per range found (the first public row past the previous range),
   * never a pass over ids. Ordered by the range number, which only the kind's own index provides
   * for reviews and questions (comments_sitemap_{kind}_idx), so the planner cannot walk the
   * primary key through the replies instead.
   */
  async function rangesOf(kind: RangedKind): Promise<number[]> {
    const { id, table, where } = ranged[kind];
    const width = sql.raw(String(widths[kind]));
    const range = sql`((${id} - 1) / ${width})`;
    // Deals and people have no such gaps: their primary key, in id order, finds the next one.
    const first = (n: SQL) =>
      kind === "reviews" || kind === "questions"
        ? sql`(select ${range} from ${table} where ${where} and ${range} > ${n} order by ${range} limit 1)`
        : sql`(select ${range} from ${table} where ${where} and ${id} > (${n} + 1) * ${width} order by ${id} limit 1)`;
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
