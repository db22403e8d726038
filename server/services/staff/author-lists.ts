/**
 * The comment author lists (issue 33, decision 069): who is blocked from posting (blacklist) and
 * whose posts skip moderation (whitelist), with the reason and time of staff's last change. The
 * change itself is the discussion area's `setAuthorList` (audited there); this is the list.
 */
import { desc, or, type SQL, sql } from "drizzle-orm";
import type { AuthorList } from "../../../domain/flags";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { type ListQuery, matchingAny, paged, sortOrder } from "./paging";
import { iso } from "./shared";

const AUTHOR_SORT = {
  email: users.email,
  username: users.username,
  changed: users.commentListChangedAt,
};

export function createAuthorListReader(deps: { db: Db }) {
  const { db } = deps;

  /** Authors on either list (or the one asked for), the latest change first. */
  async function listAuthors(q: ListQuery & { list: "" | AuthorList }) {
    const onList: SQL =
      q.list === "blacklist"
        ? sql`${users.commentBlacklist}`
        : q.list === "whitelist"
          ? sql`${users.commentWhitelist}`
          : (or(sql`${users.commentBlacklist}`, sql`${users.commentWhitelist}`) as SQL);
    const text = matchingAny(q.query, users.email, users.username);
    const cond = text ? sql`(${onList}) and (${text})` : onList;
    const order = sortOrder(
      q.sort,
      AUTHOR_SORT,
      [sql`${users.commentListChangedAt} desc nulls last`, desc(users.id)],
      users.id,
    );
    const { rows, table } = await paged(
      q.page,
      (limit, offset) =>
        db
          .select({
            id: users.id,
            email: users.email,
            username: users.username,
            blacklist: users.commentBlacklist,
            whitelist: users.commentWhitelist,
            reason: users.commentListReason,
            changed: users.commentListChangedAt,
          })
          .from(users)
          .where(cond)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      () => db.select({ n: sql<number>`count(*)::int` }).from(users).where(cond),
    );
    return table(
      rows.map((r) => ({
        id: r.id,
        email: r.email,
        username: r.username,
        list: (r.blacklist ? "blacklist" : "whitelist") as AuthorList,
        reason: r.reason,
        changed: iso(r.changed),
      })),
    );
  }

  return { listAuthors };
}
