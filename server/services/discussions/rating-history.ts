import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { FounderPostKind } from "../../db/schema/catalog";
import { commentRatingHistory, comments } from "../../db/schema/discussions";
import { dealRow } from "./deal-key";
import type { Viewer } from "./types";
import type { Tx } from "./write-context";

/**
 * A reviewer changes their rating (issue 33, decision 070): the earlier one is kept with the time
 * it was given, and the review's rated_at moves to now, so the review's history shows both and
 * the deal's rating history counts each rating in the month it was given. Runs inside the edit's
 * transaction, on the row the edit has locked; answers the columns the edit sets (none when the
 * rating did not change).
 */
export async function keepEarlierRating(
  tx: Tx,
  commentId: number,
  nextRating: number | null | undefined,
  now: Date,
): Promise<{ ratedAt: Date } | Record<string, never>> {
  if (nextRating == null) return {};
  const [row] = await tx
    .select({ rating: comments.rating, ratedAt: comments.ratedAt, createdAt: comments.createdAt })
    .from(comments)
    .where(eq(comments.id, commentId));
  if (!row || row.rating == null || row.rating === nextRating) return {};
  await tx.insert(commentRatingHistory).values({
    commentId,
    rating: row.rating,
    ratedAt: row.ratedAt ?? row.createdAt,
    replacedAt: now,
  });
  return { ratedAt: now };
}

/** A month of ratings given (YYYY-MM, UTC): their average and count. */
export type RatingMonth = { month: string; average: number; count: number };
/** A founder post or changelog entry, the marks on the rating history. */
export type RatingUpdate = { date: Date; title: string; kind: FounderPostKind };
export type RatingAverage = { average: number | null; count: number };

export type RatingHistory = {
  months: RatingMonth[];
  updates: RatingUpdate[];
  /** The approved reviews' current ratings. */
  lifetime: RatingAverage;
  /** Current ratings given after the latest update; null when the deal has no update. */
  sinceLatestUpdate: (RatingAverage & { since: Date }) | null;
};

const approvedReviews = sql.raw(`c.deal_id = deals.id and c.kind = 'review'
  and c.parent_id is null and c.status = 'approved'`);

/**
 * The deal's rating history (issue 33): each month's ratings as they were given (an earlier
 * rating in the month it was given, its replacement in the month of the change), the founders'
 * posts and changelog entries, and the averages for life and since the latest update. One
 * statement with the deal's own row (the publication rule: a deal the reader may not see is a
 * 404); a full read of the deal's approved reviews, which the answer cache keeps per deal.
 */
export function createRatingHistoryReads(deps: { db: Db }) {
  const { db } = deps;

  async function ratingHistory(dealKey: string, viewer: Viewer): Promise<RatingHistory> {
    const row = await dealRow(db, dealKey, viewer, {
      history: sql<string>`json_build_array(
        (select coalesce(json_agg(json_build_array(m.month, m.average, m.count)
            order by m.month), '[]'::json)
          from (select to_char(date_trunc('month', r.at at time zone 'UTC'), 'YYYY-MM') as month,
              avg(r.rating)::float8 as average, count(*)::int as count
            from (select c.rating, coalesce(c.rated_at, c.created_at) as at from comments c
                where ${approvedReviews} and c.rating is not null
              union all
              select h.rating, h.rated_at from comment_rating_history h
                join comments c on c.id = h.comment_id
                where ${approvedReviews}) r
            group by 1) m),
        (select coalesce(json_agg(json_build_array(fp.created_at, fp.title, fp.kind)
            order by fp.created_at, fp.id), '[]'::json)
          from founder_posts fp where fp.deal_id = deals.id),
        (select json_build_array(avg(c.rating)::float8, count(*)::int) from comments c
          where ${approvedReviews} and c.rating is not null),
        (select json_build_array(avg(c.rating)::float8, count(*)::int) from comments c
          where ${approvedReviews} and c.rating is not null
            and coalesce(c.rated_at, c.created_at) > (select max(fp.created_at)
              from founder_posts fp where fp.deal_id = deals.id)))::text`,
    });
    const [months, updates, lifetime, since] = JSON.parse(row.history) as [
      [string, number, number][],
      [string, string, FounderPostKind][],
      [number | null, number],
      [number | null, number],
    ];
    const parsedUpdates = updates.map(([date, title, kind]) => ({
      date: new Date(date),
      title,
      kind,
    }));
    const latest = parsedUpdates[parsedUpdates.length - 1];
    const average = (pair: [number | null, number]): RatingAverage => ({
      average: pair[0] == null ? null : Number(pair[0]),
      count: Number(pair[1] ?? 0),
    });
    return {
      months: months.map(([month, avg, count]) => ({
        month,
        average: Number(avg),
        count: Number(count),
      })),
      updates: parsedUpdates,
      lifetime: average(lifetime),
      sinceLatestUpdate: latest ? { ...average(since), since: latest.date } : null,
    };
  }

  return { ratingHistory };
}
