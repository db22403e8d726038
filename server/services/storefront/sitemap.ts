import { and, asc, eq, gt, isNull, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { comments, deals, users } from "../../db/schema";
import { displayPath } from "../discussions/item-paths";
import { publicDeal } from "./deal-columns";
import { dealUrl } from "./deal-json";
import type { SearchService } from "./search";

// The sitemaps (issue 18): an index, and one sitemap per kind of public page split into parts of
// at most 50,000 URLs (the protocol's limit). A part is named by the id it starts after and read
// by keyset (`id > after order by id limit n`), so part 400 costs what part 1 does; the index
// finds each part's starting id in one pass over the kind's ids. Only public, approved content:
// public deals, approved top-level reviews and questions of public deals, and the profiles of
// people who wrote one.

/** The sitemap protocol's limit of URLs per file. */
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

/** The community guidelines and the footer's company pages (app/info). */
const INFO_PAGES = ["/community-guidelines/", "/about/", "/partners/", "/help/", "/legal/"];

export type SitemapUrl = { path: string; lastmod: Date | null };
/** A part of a kind's sitemap: the URLs after id `after` (0: from the start). */
export type SitemapPart = { kind: SitemapKind; after: number; lastmod: Date | null };

const latest = (...dates: (Date | null | undefined)[]): Date | null => {
  const times = dates.filter((d): d is Date => d instanceof Date).map((d) => d.getTime());
  return times.length ? new Date(Math.max(...times)) : null;
};

const toDate = (v: unknown): Date | null =>
  v == null ? null : v instanceof Date ? v : new Date(String(v));

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

export function createSitemapService(deps: {
  db: Db;
  search: Pick<SearchService, "taxonomyTree">;
  /** The collection pages (stored and rule collections) with their last change. */
  collections: () => Promise<{ path: string; updatedAt: Date | null }[]>;
  /** URLs per part: the protocol's 50,000 (tests split smaller). */
  partSize?: number;
}) {
  const { db, search } = deps;
  const partSize = deps.partSize ?? SITEMAP_MAX_URLS;

  /** Approved top-level items of public deals (the reviews and questions sitemaps). */
  const publicItem = (kind: "review" | "question") =>
    and(
      eq(comments.kind, kind),
      isNull(comments.parentId),
      eq(comments.status, "approved"),
      sql`exists (select 1 from ${deals} where ${deals.id} = ${comments.dealId} and ${publicDeal})`,
    );

  /**
   * People whose profile shows something: an approved review or question of a public deal, or an
   * approved answer in an approved thread (what /profile/{username}/ lists).
   */
  const hasPublicItem = sql`exists (select 1 from ${comments} join ${deals} on ${deals.id} = ${comments.dealId} where ${comments.userId} = ${users.id} and ${comments.status} = 'approved' and ${publicDeal} and (${comments.rootId} is null or exists (select 1 from comments thread where thread.id = ${comments.rootId} and thread.status = 'approved')))`;
  const publicProfile = and(eq(users.isActive, true), eq(users.isBot, false), hasPublicItem);

  /**
   * The starting ids (exclusive) of a kind's parts: the id before every 50,000th row, found in
   * one ordered pass (row_number), never by OFFSET.
   */
  async function partStarts(
    table: typeof deals | typeof comments | typeof users,
    where: ReturnType<typeof and>,
  ): Promise<{ after: number; lastmod: Date | null }[]> {
    const idCol = table.id;
    // lag() runs over every row before the filter on row numbers keeps each part's first row.
    const rows = rowsOf<{ after: number | string }>(
      await db.execute(sql`
        select coalesce(prev, 0) as after from (
          select ${idCol} as id, lag(${idCol}) over (order by ${idCol}) as prev,
            row_number() over (order by ${idCol}) as rn
          from ${table} where ${where}
        ) ordered
        where (rn - 1) % ${partSize} = 0
        order by id`),
    );
    return rows.map((r) => ({ after: Number(r.after), lastmod: null }));
  }

  /** Every part of every kind, for the index. */
  async function index(): Promise<SitemapPart[]> {
    const [dealParts, reviewParts, questionParts, profileParts, dealsLastmod] = await Promise.all([
      partStarts(deals, publicDeal as ReturnType<typeof and>),
      partStarts(comments, publicItem("review")),
      partStarts(comments, publicItem("question")),
      partStarts(users, publicProfile),
      db
        .select({ at: max(deals.updatedAt) })
        .from(deals)
        .where(publicDeal),
    ]);
    const dealsAt = toDate(dealsLastmod[0]?.at);
    const one = (kind: SitemapKind, lastmod: Date | null = null): SitemapPart[] => [
      { kind, after: 0, lastmod },
    ];
    const many = (kind: SitemapKind, parts: { after: number }[]) =>
      parts.map((p) => ({ kind, after: p.after, lastmod: null }));
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

  /** The URLs of one part: at most 50,000, with their last change. */
  async function part(kind: SitemapKind, after: number): Promise<SitemapUrl[]> {
    const limit = partSize;
    switch (kind) {
      case "pages": {
        if (after !== 0) return [];
        const [row] = await db
          .select({ at: max(deals.updatedAt) })
          .from(deals)
          .where(publicDeal);
        const at = toDate(row?.at);
        return [
          { path: "/", lastmod: at },
          { path: "/browse", lastmod: at },
          ...INFO_PAGES.map((path) => ({ path, lastmod: null })),
        ];
      }
      case "deals": {
        const rows = await db
          .select({ id: deals.id, slug: deals.slug, updatedAt: deals.updatedAt })
          .from(deals)
          .where(and(publicDeal, gt(deals.id, after)))
          .orderBy(asc(deals.id))
          .limit(limit);
        return rows.map((d) => ({ path: dealUrl(d.slug), lastmod: toDate(d.updatedAt) }));
      }
      case "collections": {
        if (after !== 0) return [];
        return (await deps.collections()).map((c) => ({ path: c.path, lastmod: c.updatedAt }));
      }
      case "categories": {
        if (after !== 0) return [];
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
          .where(and(publicItem(itemKind), gt(comments.id, after)))
          .orderBy(asc(comments.id))
          .limit(limit);
        return rows.map((r) => ({
          path: displayPath(r.slug, itemKind, r.id, r.title ?? ""),
          lastmod: latest(toDate(r.createdAt), toDate(r.editedAt), toDate(r.lastReplyAt)),
        }));
      }
      case "profiles": {
        const rows = await db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(and(publicProfile, gt(users.id, after)))
          .orderBy(asc(users.id))
          .limit(limit);
        return rows.map((u) => ({
          path: `/profile/${encodeURIComponent(u.username)}/`,
          lastmod: null,
        }));
      }
    }
  }

  return { index, part };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
