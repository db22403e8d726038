// Bench data beyond the demo: a deal with 100,000 approved reviews (each by its own user: one
// review per user per deal), so the reviews list is measured at page 1 and at a deep cursor.
import { sql } from "drizzle-orm";
import type { Database } from "../server/db/client";
import { encodeCursor } from "../server/services/discussions/cursor";

export const BENCH_DEAL_SLUG = "bench-100k";
const REVIEWS = 100_000;

type Row = Record<string, unknown>;
const rows = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

/** Adds the bench deal if missing; returns its id and a cursor 90% of the way down the list. */
export async function prepareBenchData(database: Database) {
  const { db } = database;
  const existing = rows(
    await db.execute(sql`select id from deals where slug = ${BENCH_DEAL_SLUG}`),
  );
  if (existing.length === 0) {
    // One transaction: a run cut short (a timeout under load) leaves no half-made bench deal.
    await db.transaction(async (tx) => {
      // Copy pixelforge's stored columns (identity and generated ones excluded) under a new slug.
      const cols = rows(
        await tx.execute(sql`select column_name from information_schema.columns
          where table_name = 'deals' and table_schema = 'public' and is_identity = 'NO'
            and is_generated = 'NEVER' and column_name not in ('slug', 'name', 'public_name')`),
      ).map((r) => `"${String(r.column_name)}"`);
      const list = sql.raw(cols.join(", "));
      await tx.execute(sql`insert into deals (slug, name, public_name, ${list})
        select ${BENCH_DEAL_SLUG}, 'Bench 100k', 'Bench 100k', ${list} from deals where slug = 'pixelforge'`);
      await tx.execute(sql`insert into users (email, username, first_name, last_name)
        select 'bench' || g || '@bench.test', 'bench-' || g, 'Bench', 'User ' || g
        from generate_series(1, ${REVIEWS}) g`);
      await tx.execute(sql`insert into comments (deal_id, kind, user_id, title, comment, rating, status,
          up_votes, created_at)
        select d.id, 'review', u.id, 'Review number ' || u.n,
          'Solid tool for a small team: setup took minutes and support answered within a day. #' || u.n,
          1 + (u.n % 5), 'approved', u.n % 13, now() - (u.n || ' minutes')::interval
        from (select id, row_number() over (order by id) as n from users
              where email like '%@bench.test') u,
             (select id from deals where slug = ${BENCH_DEAL_SLUG}) d`);
      await tx.execute(sql`update deals set
          review_count = s.total, review_count1 = s.c1, review_count2 = s.c2,
          review_count3 = s.c3, review_count4 = s.c4, review_count5 = s.c5,
          rating_sum = s.rsum, average_rating = round(s.rsum::numeric / s.total, 2)
        from (select deal_id, count(*)::int total, sum(rating)::int rsum,
                count(*) filter (where rating = 1)::int c1, count(*) filter (where rating = 2)::int c2,
                count(*) filter (where rating = 3)::int c3, count(*) filter (where rating = 4)::int c4,
                count(*) filter (where rating = 5)::int c5
              from comments where kind = 'review' and status = 'approved' group by deal_id) s
        where s.deal_id = deals.id and deals.slug = ${BENCH_DEAL_SLUG}`);
      await tx.execute(sql`analyze comments`);
    });
  }
  const [deal] = rows(await db.execute(sql`select id from deals where slug = ${BENCH_DEAL_SLUG}`));
  const [deep] = rows(
    await db.execute(sql`select id, created_at::text as created from comments
      where deal_id = ${deal?.id} and kind = 'review' and parent_id is null and status = 'approved'
      order by created_at desc, id desc offset ${Math.floor(REVIEWS * 0.9)} limit 1`),
  );
  const cursor = encodeCursor({
    s: "date",
    o: "desc",
    k: [String(deep?.created)],
    i: Number(deep?.id),
  });
  return { dealId: Number(deal?.id), dealSlug: BENCH_DEAL_SLUG, deepCursor: cursor };
}
