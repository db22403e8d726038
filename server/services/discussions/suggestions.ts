import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { comments } from "../../db/schema/discussions";
import { displayPath } from "./item-paths";
import type { ReadQueries } from "./read-queries";
import type { Viewer } from "./types";

// "Already asked?" on the new-question form: questions like the title being typed. The list
// search matches every word (websearch_to_tsquery), which finds nothing for "Does it support
// zapier webhooks" when the question is "Zapier integration?". Here any stemmed word may match
// (plainto_tsquery's terms joined with OR) and the best ranked come first. Full-text search
// needs nothing PGlite lacks; trigram similarity (pg_trgm) would need an extension loaded in
// both databases for what stemming already finds
// (docs/decisions/024-discussion-pages-profiles-info-pages.md).

export type QuestionSuggestion = {
  id: number;
  title: string;
  displayPath: string;
  replyCount: number;
  created: Date;
};

export const SUGGESTION_QUERY_MAX = 200;

export function createSuggestionReads(deps: { db: Db; queries: ReadQueries }) {
  const { db, queries } = deps;

  async function similarQuestions(
    dealKey: string,
    viewer: Viewer,
    text: string,
    limit: number,
  ): Promise<QuestionSuggestion[]> {
    const words = text.trim().slice(0, SUGGESTION_QUERY_MAX);
    const deal = await queries.dealContext(dealKey, viewer);
    if (!words) return [];
    // Stop words only ("does it"): plainto_tsquery gives an empty query, which matches nothing.
    const anyWord = sql`to_tsquery('english', replace(plainto_tsquery('english', ${words})::text, ' & ', ' | '))`;
    const rank = sql<number>`ts_rank_cd(${comments.search}, ${anyWord})`;
    const rows = await db
      .select({
        id: comments.id,
        title: comments.title,
        replyCount: comments.replyCount,
        created: comments.createdAt,
      })
      .from(comments)
      .where(
        and(
          eq(comments.dealId, deal.id),
          eq(comments.kind, "question"),
          isNull(comments.parentId),
          // Suggestions point at answers everyone can read: approved questions only.
          eq(comments.status, "approved"),
          sql`${comments.search} @@ ${anyWord}`,
        ),
      )
      .orderBy(desc(rank), desc(comments.upVotes), desc(comments.id))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      title: r.title ?? "",
      displayPath: displayPath(deal.slug, "question", r.id, r.title ?? ""),
      replyCount: r.replyCount,
      created: r.created,
    }));
  }

  return { similarQuestions };
}
