import { eq } from "drizzle-orm";
import { comments } from "../../db/schema/discussions";
import type { SessionUser } from "../accounts/sessions";
import type { Writer } from "../staff/audit";
import type { Tx } from "./write-context";

/**
 * A discussion write's author as the audit log names them; the role (staff, the deal's partner
 * or user moderator, or none for a shopper's own write) is decided inside the write, from the
 * deal's roles read under its lock.
 */
export const writerOf = (user: SessionUser): Writer => ({ id: user.id, email: user.email });

/** An item as the audit log keeps it: who, where, what it said and its state. */
export async function commentSnapshot(tx: Tx, id: number): Promise<Record<string, unknown>> {
  const [row] = await tx
    .select({
      id: comments.id,
      kind: comments.kind,
      deal_id: comments.dealId,
      parent_id: comments.parentId,
      user_id: comments.userId,
      title: comments.title,
      comment: comments.comment,
      rating: comments.rating,
      status: comments.status,
      resolved: comments.resolved,
    })
    .from(comments)
    .where(eq(comments.id, id));
  return row ?? { id };
}
