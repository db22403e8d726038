import { and, eq, sql } from "drizzle-orm";
import { notFound } from "../../../domain/errors";
import {
  FOUNDER_UPDATE_WINDOW_DAYS,
  FOUNDER_UPDATES_SHOWN,
  type FounderDealCounters,
  founderBadgeText,
  founderRates,
  meanRating,
} from "../../../domain/founder-record";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { dealRoles, deals, founderPosts } from "../../db/schema/catalog";
import { dealSales } from "../../db/schema/ownership";
import { publicDeal } from "./deal-columns";
import type { DealCardJson } from "./deal-json";

// A founder's public record (issue 34, decision 077). A founder is an active user with the
// partner role on at least one published deal (decision 051: never a draft or private deal); the
// record's slug is their username, the one their profile already uses. Every rate is summed from
// counters the write side keeps per deal (deals' question counters, deal_sales), one row per
// deal: nothing counts orders or questions per request.

type CardsOf = (dealIds: readonly number[]) => Promise<DealCardJson[]>;

/** A raw statement's rows, from either driver (node-postgres or PGlite). */
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

type UpdateRow = {
  id: number;
  title: string;
  created_at: string | Date;
  deal_id: number;
  before: { n: number; sum: number };
  after: { n: number; sum: number };
};

type BadgeRow = {
  username: string;
  first_name: string | null;
  last_name: string | null;
  purchases: number;
  refunds: number;
  questions: number;
  answered: number;
  median: number | null;
};

const founderDealCounters = {
  id: deals.id,
  slug: deals.slug,
  name: sql<string>`coalesce(nullif(${deals.publicName}, ''), ${deals.name})`,
  purchases: sql<number>`coalesce(${dealSales.purchases}, 0)::int`,
  refunds: sql<number>`coalesce(${dealSales.refunds}, 0)::int`,
  questions: deals.commentCount,
  answered: deals.founderAnsweredCount,
  medianAnswerSeconds: deals.founderAnswerMedianSeconds,
};

export function createFounderRecordService(deps: { db: Db; cards: CardsOf }) {
  const { db } = deps;

  /** The founder's published deals with their counters, oldest first. */
  function dealsOf(userId: number) {
    return db
      .select(founderDealCounters)
      .from(dealRoles)
      .innerJoin(deals, eq(deals.id, dealRoles.dealId))
      .leftJoin(dealSales, eq(dealSales.dealId, deals.id))
      .where(and(eq(dealRoles.userId, userId), eq(dealRoles.role, "partner"), publicDeal))
      .orderBy(deals.id);
  }

  /**
   * The newest updates (founder posts) of these deals, each with the mean approved review rating
   * in the window before and after it: two index range reads (comments_list_created_idx) per
   * update, at most FOUNDER_UPDATES_SHOWN updates.
   */
  async function updatesOf(dealIds: number[]) {
    if (dealIds.length === 0) return [];
    const window = sql.raw(`interval '${FOUNDER_UPDATE_WINDOW_DAYS} days'`);
    const side = (cmp: "before" | "after") =>
      cmp === "before"
        ? sql`c.created_at >= p.created_at - ${window} and c.created_at < p.created_at`
        : sql`c.created_at >= p.created_at and c.created_at < p.created_at + ${window}`;
    const stats = (cmp: "before" | "after") => sql`(select json_build_object(
        'n', count(*)::int, 'sum', coalesce(sum(c.rating), 0)::int)
      from comments c where c.deal_id = p.deal_id and c.kind = 'review' and c.parent_id is null
        and c.status = 'approved' and c.rating is not null and ${side(cmp)})`;
    const result = await db.execute(sql`select p.id, p.title, p.created_at, p.deal_id,
        ${stats("before")} as before, ${stats("after")} as after
      from ${founderPosts} p
      where p.deal_id in (${sql.join(
        dealIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by p.created_at desc, p.id desc
      limit ${FOUNDER_UPDATES_SHOWN}`);
    return rowsOf<UpdateRow>(result).map((r) => {
      const before = meanRating(r.before.sum, r.before.n);
      const after = meanRating(r.after.sum, r.after.n);
      return {
        id: Number(r.id),
        dealId: Number(r.deal_id),
        title: r.title,
        date: new Date(r.created_at).toISOString(),
        ratingBefore: before,
        reviewsBefore: r.before.n,
        ratingAfter: after,
        reviewsAfter: r.after.n,
        change: before != null && after != null ? Math.round((after - before) * 100) / 100 : null,
      };
    });
  }

  /** The record of the founder with this slug (username); not_found for anyone else. */
  async function record(slug: string) {
    const [user] = await db
      .select({
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        avatar: users.avatar,
        title: users.title,
      })
      .from(users)
      .where(and(eq(users.username, slug), eq(users.isActive, true)))
      .limit(1);
    if (!user) throw notFound();
    const rows = await dealsOf(user.id);
    if (rows.length === 0) throw notFound();
    const [updates, cards] = await Promise.all([
      updatesOf(rows.map((r) => r.id)),
      deps.cards(rows.map((r) => r.id)),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const rates = founderRates(rows.map(countersOf));
    return {
      founder: {
        slug: user.username,
        name: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username,
        avatar: user.avatar || null,
        title: user.title || null,
      },
      ...rates,
      badge: founderBadgeText(rates),
      update_window_days: FOUNDER_UPDATE_WINDOW_DAYS,
      updates: updates.map((u) => ({
        id: u.id,
        title: u.title,
        date: u.date,
        deal: { slug: byId.get(u.dealId)?.slug ?? "", name: byId.get(u.dealId)?.name ?? "" },
        rating_before: u.ratingBefore,
        reviews_before: u.reviewsBefore,
        rating_after: u.ratingAfter,
        reviews_after: u.reviewsAfter,
        change: u.change,
      })),
      deals: cards,
    };
  }

  /**
   * The badges of a deal's founders for its product page: each published founder of the deal
   * with their rates across all their published deals (one statement).
   */
  async function badgesForDeal(dealId: number) {
    const result = await db.execute(sql`select u.username, u.first_name, u.last_name,
        coalesce(s.purchases, 0)::int as purchases, coalesce(s.refunds, 0)::int as refunds,
        d.comment_count as questions, d.founder_answered_count as answered,
        d.founder_answer_median_seconds as median
      from deal_roles this_deal join users u on u.id = this_deal.user_id and u.is_active
        join deal_roles fr on fr.user_id = u.id and fr.role = 'partner'
        join deals d on d.id = fr.deal_id and d.deal_status <> 'Private' and not d.is_draft
        left join deal_sales s on s.deal_id = d.id
      where this_deal.deal_id = ${dealId} and this_deal.role = 'partner'
      order by u.id, d.id`);
    const byUser = new Map<string, { name: string; rows: FounderDealCounters[] }>();
    for (const r of rowsOf<BadgeRow>(result)) {
      const entry = byUser.get(r.username) ?? {
        name: [r.first_name, r.last_name].filter(Boolean).join(" ") || r.username,
        rows: [],
      };
      entry.rows.push(
        countersOf({
          purchases: Number(r.purchases),
          refunds: Number(r.refunds),
          questions: Number(r.questions),
          answered: Number(r.answered),
          medianAnswerSeconds: r.median == null ? null : Number(r.median),
        }),
      );
      byUser.set(r.username, entry);
    }
    return [...byUser].map(([slug, { name, rows: counters }]) => {
      const rates = founderRates(counters);
      return {
        slug,
        name,
        refund_rate: rates.refund_rate,
        median_answer_hours: rates.median_answer_hours,
        badge: founderBadgeText(rates),
      };
    });
  }

  return { record, badgesForDeal };
}

function countersOf(r: FounderDealCounters): FounderDealCounters {
  return {
    purchases: Number(r.purchases),
    refunds: Number(r.refunds),
    questions: Number(r.questions),
    answered: Number(r.answered),
    medianAnswerSeconds: r.medianAnswerSeconds == null ? null : Number(r.medianAnswerSeconds),
  };
}

export type FounderRecordService = ReturnType<typeof createFounderRecordService>;
export type FounderRecordJson = Awaited<ReturnType<FounderRecordService["record"]>>;
export type FounderBadgeJson = Awaited<ReturnType<FounderRecordService["badgesForDeal"]>>[number];
