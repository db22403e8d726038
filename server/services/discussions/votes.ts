import { and, eq, sql } from "drizzle-orm";
import { forbidden, unauthenticated } from "../../../domain/errors";
import { canVote } from "../../../domain/permissions";
import type { Db } from "../../db/client";
import { type CommentKind, comments, commentVotes } from "../../db/schema/discussions";
import type { Clock } from "../../providers/clock";
import type { SessionUser } from "../accounts/sessions";
import { isStaffModeratorUser } from "./ids";
import type { VoteResult } from "./types";
import { dealFacts, loadRow, MESSAGES } from "./write-context";

// Helpful votes on approved items (spec 000 section 5).

export function createVotes(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** A helpful vote; the same direction again takes it back, the other direction switches. */
  async function vote(
    kind: CommentKind,
    dealKey: string,
    commentKey: string,
    user: SessionUser | null,
    direction: 1 | -1,
  ): Promise<VoteResult> {
    if (!user) throw unauthenticated();
    const gate = canVote({ ...user, isStaff: isStaffModeratorUser(user) });
    if (!gate.allowed) {
      throw gate.reason === "login" ? unauthenticated() : forbidden(MESSAGES.verifyToVote);
    }
    return db.transaction(async (tx) => {
      const facts = await dealFacts(tx, dealKey, user, false);
      // The item's row lock serialises votes on it, so the counts below are exact.
      const row = await loadRow(tx, facts, kind, commentKey, user, { lock: true });
      if (row.status !== "approved") throw forbidden(MESSAGES.notApproved);
      if (row.userId === user.id) throw forbidden(MESSAGES.ownVote);
      const [existing] = await tx
        .select({ id: commentVotes.id, direction: commentVotes.direction })
        .from(commentVotes)
        .where(and(eq(commentVotes.commentId, row.id), eq(commentVotes.userId, user.id)));
      let userVote: number = direction;
      if (existing && existing.direction === direction) {
        await tx.delete(commentVotes).where(eq(commentVotes.id, existing.id));
        userVote = 0;
      } else if (existing) {
        await tx.update(commentVotes).set({ direction }).where(eq(commentVotes.id, existing.id));
      } else {
        await tx
          .insert(commentVotes)
          .values({ commentId: row.id, userId: user.id, direction, createdAt: clock.now() });
      }
      const [counts] = await tx
        .update(comments)
        .set({
          upVotes: sql`(select count(*)::int from comment_votes v
            where v.comment_id = ${row.id} and v.direction = 1)`,
          downVotes: sql`(select count(*)::int from comment_votes v
            where v.comment_id = ${row.id} and v.direction = -1)`,
        })
        .where(eq(comments.id, row.id))
        .returning({ upVotes: comments.upVotes, downVotes: comments.downVotes });
      return {
        id: row.id,
        upVotes: Number(counts?.upVotes ?? 0),
        downVotes: Number(counts?.downVotes ?? 0),
        userVote,
      };
    });
  }

  return { vote };
}
