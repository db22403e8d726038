import { and, asc, eq, isNull, notInArray } from "drizzle-orm";
import { commentFlags, comments, users } from "../schema";
import type { AccountIds } from "./accounts";
import { get, type Timeline, type Tx } from "./util";

/**
 * Reports of abuse and the author lists' reasons (issue 33), so the staff pages have something to
 * show: two of MailBeam's approved posts reported by the demo buyer and Plus member, and the
 * blocked demo account's reason. (NoteCraft, the first choice, has no posts in the demo.)
 */
export async function seedFlags(
  tx: Tx,
  dealIds: ReadonlyMap<string, number>,
  accounts: AccountIds,
  time: Timeline,
): Promise<void> {
  const reporters = [get(accounts.byKey, "buyer", "user"), get(accounts.byKey, "plus", "user")];
  const reported = await tx
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.dealId, get(dealIds, "mailbeam", "deal")),
        eq(comments.status, "approved"),
        isNull(comments.parentId),
        notInArray(comments.userId, reporters),
      ),
    )
    .orderBy(asc(comments.id))
    .limit(2);
  const [first, second] = reported;
  const rows = [
    first && {
      commentId: first.id,
      userId: reporters[0],
      reason: "off_topic" as const,
      details: "This is about a different app.",
      createdAt: time.ago(2),
    },
    first && {
      commentId: first.id,
      userId: reporters[1],
      reason: "off_topic" as const,
      details: "",
      createdAt: time.ago(1),
    },
    second && {
      commentId: second.id,
      userId: reporters[0],
      reason: "spam" as const,
      details: "",
      createdAt: time.ago(0, 5),
    },
  ].filter((r) => r != null);
  if (rows.length) await tx.insert(commentFlags).values(rows);
  await tx
    .update(users)
    .set({
      commentListReason: "Posted the same coupon link under twelve deals.",
      commentListChangedAt: time.ago(30),
    })
    .where(eq(users.id, get(accounts.byKey, "blocked", "user")));
}
