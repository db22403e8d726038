import { and, eq, sql } from "drizzle-orm";
import { notFound, unauthenticated } from "../../../domain/errors";
import type { Db } from "../../db/client";
import { comments } from "../../db/schema/discussions";
import { questionFollows } from "../../db/schema/notifications";
import type { Clock } from "../../providers/clock";
import type { SessionUser } from "../accounts/sessions";
import type { PageEvents } from "../cache/page-events";
import { dealFacts, loadRow } from "./write-context";

// Following a question (issue 33, decision 068): one row per person and question; its followers
// are e-mailed when it is answered (notifications.ts). The question's author follows it
// implicitly: no row, and they cannot stop (their replies switch is theirs to turn off).

export type FollowState = { id: number; following: boolean; followersCount: number };

export function createFollows(deps: { db: Db; clock: Clock; pageEvents: PageEvents }) {
  const { db, clock } = deps;

  /** Follow (on) or unfollow a question the user can see; 404 for anything else. */
  async function follow(
    dealKey: string,
    questionKey: string,
    user: SessionUser | null,
    on: boolean,
  ): Promise<FollowState> {
    if (!user) throw unauthenticated();
    const result = await db.transaction(async (tx) => {
      const facts = await dealFacts(tx, dealKey, user, false);
      const row = await loadRow(tx, facts, "question", questionKey, user);
      if (row.parentId != null) throw notFound();
      let changed = false;
      if (row.userId !== user.id) {
        if (on) {
          const added = await tx
            .insert(questionFollows)
            .values({ commentId: row.id, userId: user.id, createdAt: clock.now() })
            .onConflictDoNothing()
            .returning({ userId: questionFollows.userId });
          changed = added.length > 0;
        } else {
          const removed = await tx
            .delete(questionFollows)
            .where(and(eq(questionFollows.commentId, row.id), eq(questionFollows.userId, user.id)))
            .returning({ userId: questionFollows.userId });
          changed = removed.length > 0;
        }
      }
      // The primary key serialises two requests of one person: each change counts once.
      const [counted] = changed
        ? await tx
            .update(comments)
            .set({ followersCount: sql`greatest(${comments.followersCount} + ${on ? 1 : -1}, 0)` })
            .where(eq(comments.id, row.id))
            .returning({ followersCount: comments.followersCount })
        : await tx
            .select({ followersCount: comments.followersCount })
            .from(comments)
            .where(eq(comments.id, row.id));
      return {
        dealId: facts.id,
        changed,
        state: {
          id: row.id,
          following: row.userId === user.id ? true : on,
          followersCount: counted?.followersCount ?? 0,
        },
      };
    });
    // The count is on the question's pages and in the lists.
    if (result.changed) await deps.pageEvents.dealChanged(result.dealId);
    return result.state;
  }

  /** Whether the user follows the question (its author always does). */
  async function isFollowing(
    questionId: number,
    authorId: number | null,
    user: SessionUser | null,
  ): Promise<boolean> {
    if (!user) return false;
    if (authorId === user.id) return true;
    const rows = await db
      .select({ userId: questionFollows.userId })
      .from(questionFollows)
      .where(and(eq(questionFollows.commentId, questionId), eq(questionFollows.userId, user.id)))
      .limit(1);
    return rows.length > 0;
  }

  return { follow, isFollowing };
}
