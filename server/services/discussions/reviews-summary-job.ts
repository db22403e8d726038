import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deals } from "../../db/schema/catalog";
import { comments } from "../../db/schema/discussions";
import type { Clock } from "../../providers/clock";
import type { SessionUser } from "../accounts/sessions";
import type { PageEvents } from "../cache/page-events";
import type { Outbox } from "../jobs/outbox";
import { SUMMARY_TOPIC } from "./aggregates";
import { buildReviewsSummary, parseReviewsSummary, type SummaryReview } from "./summary";
import { dealFacts } from "./write-context";

// The reviews summary: the outbox job that rebuilds it (queued by aggregates.ts when the
// approved reviews grew or shrank enough) and the stored summary as the API answers it.

export function createReviewsSummaryJob(deps: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  pageEvents: PageEvents;
}) {
  const { db, clock, outbox, pageEvents } = deps;

  /** The worker's job: rebuild the summary from the approved reviews as they are now. */
  async function regenerateSummary(dealId: number): Promise<void> {
    const reviews: SummaryReview[] = (
      await db
        .select({
          id: comments.id,
          title: comments.title,
          comment: comments.comment,
          rating: comments.rating,
        })
        .from(comments)
        .where(
          and(
            eq(comments.dealId, dealId),
            eq(comments.kind, "review"),
            isNull(comments.parentId),
            eq(comments.status, "approved"),
          ),
        )
        .orderBy(sql`${comments.upVotes} desc`, comments.id)
    ).map((r) => ({ ...r, title: r.title ?? "" }));
    const now = clock.now();
    const summary = buildReviewsSummary(reviews, now);
    await db
      .update(deals)
      .set({
        reviewsSummary: summary ? JSON.stringify(summary) : null,
        reviewsSummaryUpdatedAt: summary ? now : null,
      })
      .where(eq(deals.id, dealId));
    // The product page and its reviews list show the summary: their cached copies go.
    await pageEvents.dealChanged(dealId);
  }

  outbox.handle(SUMMARY_TOPIC, async (message) => {
    const dealId = Number(message.payload.dealId);
    if (!Number.isInteger(dealId) || dealId < 1) return;
    await regenerateSummary(dealId);
  });

  /** The deal's stored summary, to a reader who may read the deal (the publication rule). */
  async function reviewsSummary(dealKey: string, reader: SessionUser | null) {
    const facts = await dealFacts(db, dealKey, reader, false);
    return parseReviewsSummary(facts.reviewsSummary, facts.reviewsSummaryUpdatedAt);
  }

  return { regenerateSummary, reviewsSummary };
}
