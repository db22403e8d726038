import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { notFound } from "../../../domain/errors";
import type { Db } from "../../db/client";
import { deals } from "../../db/schema/catalog";
import { type CommentStatus, comments } from "../../db/schema/discussions";
import { ownsDeal } from "../commerce/ownership-sql";
import { dealKeyWhere, dealRow } from "./deal-key";
import { INT4_MAX, isStaffModeratorUser } from "./ids";
import { displayPath } from "./item-paths";
import type { FounderResponsiveness, UserStatus, Viewer } from "./types";

// What the discussion area says about a deal as a whole: the viewer's relation to it, the
// founder team's responsiveness, and the reviews the summary cites.

export function createDealReads(deps: { db: Db }) {
  const { db } = deps;

  /** The viewer's relation to the deal (all false for anonymous), in one statement. */
  async function userStatus(dealKey: string, viewer: Viewer): Promise<UserStatus> {
    const viewerId = viewer?.id ?? null;
    const row = await dealRow(db, dealKey, viewer, {
      id: deals.id,
      purchased: ownsDeal(sql`${viewerId}::int`, sql.raw("deals.id")),
      review: sql<string | null>`(select json_build_array(c.id, c.status)::text from comments c
          where c.deal_id = deals.id and c.kind = 'review' and c.parent_id is null
          and c.user_id = ${viewerId}::int order by c.id limit 1)`,
    });
    const review = row.review ? (JSON.parse(row.review) as unknown[]) : null;
    if (!viewer) {
      return {
        userHasPurchased: false,
        userHasReviewed: false,
        ownReview: null,
        userModerator: false,
        staffModerator: false,
      };
    }
    return {
      userHasPurchased: Boolean(row.purchased),
      userHasReviewed: review != null,
      ownReview: review ? { id: Number(review[0]), status: review[1] as CommentStatus } : null,
      userModerator: Boolean(row.userModerator),
      staffModerator: isStaffModeratorUser(viewer),
    };
  }

  /**
   * The share of approved top-level questions the founder team answered and the median time to
   * the first founder answer (approved founder-team replies, never a bot's), as the write side
   * keeps them on the deal (aggregates.ts): one row read, whatever the number of questions.
   */
  async function founderResponsiveness(
    dealKey: string,
    viewer: Viewer,
  ): Promise<FounderResponsiveness> {
    const rows = await db
      .select({
        questions: deals.commentCount,
        answered: deals.founderAnsweredCount,
        median: deals.founderAnswerMedianSeconds,
        // Owners' answers (issue 33): each approved question's first approved verified-owner
        // answer, by the partial index of approved owner answers (migration 0014).
        owners: sql<string>`(select json_build_array(count(*)::int,
            percentile_cont(0.5) within group (order by w.wait)::float8)::text
          from (select extract(epoch from min(r.created_at) - q.created_at)::float8 as wait
            from comments r join comments q on q.id = r.root_id
            where r.deal_id = deals.id and r.answer_type = 'verified_owner'
              and r.status = 'approved' and q.kind = 'question' and q.parent_id is null
              and q.status = 'approved'
            group by q.id, q.created_at) w)`,
      })
      .from(deals)
      .where(dealKeyWhere(dealKey, viewer))
      .limit(1);
    const row = rows[0];
    if (!row) throw notFound();
    const questions = Number(row.questions);
    const answered = Number(row.answered);
    const [ownersAnswered, ownersMedian] = JSON.parse(row.owners) as [number, number | null];
    return {
      questions,
      answered,
      answeredShare: questions ? answered / questions : 0,
      medianFirstAnswerSeconds: row.median == null ? null : Math.round(Number(row.median)),
      ownersAnswered: Number(ownersAnswered ?? 0),
      ownersMedianFirstAnswerSeconds:
        ownersMedian == null ? null : Math.round(Number(ownersMedian)),
    };
  }

  /**
   * The summary's evidence as links: of the given review ids, the deal's approved top-level
   * reviews (one later declined or deleted drops out), with their titles for the item paths.
   */
  async function approvedReviewLinks(
    deal: { id: number; slug: string },
    ids: readonly number[],
  ): Promise<Map<number, { title: string; displayPath: string }>> {
    const wanted = [...new Set(ids)].filter(
      (id) => Number.isInteger(id) && id > 0 && id <= INT4_MAX,
    );
    const out = new Map<number, { title: string; displayPath: string }>();
    if (wanted.length === 0) return out;
    const rows = await db
      .select({ id: comments.id, title: comments.title })
      .from(comments)
      .where(
        and(
          inArray(comments.id, wanted),
          eq(comments.dealId, deal.id),
          eq(comments.kind, "review"),
          isNull(comments.parentId),
          eq(comments.status, "approved"),
        ),
      );
    for (const row of rows) {
      const title = row.title ?? "";
      out.set(row.id, { title, displayPath: displayPath(deal.slug, "review", row.id, title) });
    }
    return out;
  }

  return { userStatus, founderResponsiveness, approvedReviewLinks };
}
