import { and, eq, sql } from "drizzle-orm";
import { notFound } from "../../../domain/errors";
import { VERIFY_TO_VOTE } from "../../../domain/messages";
import type { DealFacts, Viewer as DomainViewer } from "../../../domain/permissions";
import type { Db } from "../../db/client";
import { deals } from "../../db/schema/catalog";
import { type CommentKind, type CommentStatus, comments } from "../../db/schema/discussions";
import type { SessionUser } from "../accounts/sessions";
import { ownsDeal } from "../commerce/ownership-sql";
import { dealKeyFor } from "../storefront/publication";
import { isStaffModeratorUser, itemIdFromSegment } from "./ids";
import type { DiscussionNode, DiscussionReader, DiscussionReply } from "./types";

// What every writer of the discussion area (spec 000 sections 4 to 7, contract.md "Discussions")
// starts from: the deal as a writer sees it, the comment row it acts on, and the refusals.
//
// Every change that can move a deal's aggregates runs in one transaction that first locks the
// deal row (FOR UPDATE), then changes comments, then recomputes the aggregates from the comments
// table. The lock serialises writers of one deal, so each recompute sees every committed change
// before it: the aggregates are exact under any interleaving, and only approved items count.

/** Replies nest at most this deep (a reply to a review or question is depth 1). Our choice. */
export const MAX_REPLY_DEPTH = 3;

// Our wording: the spec gives no server messages for these refusals.
export const MESSAGES = {
  verify: "Verify your e-mail address to post.",
  verifyToVote: VERIFY_TO_VOTE,
  blacklisted: "You cannot post in the community.",
  buy: "Only customers who bought this deal can review it.",
  alreadyReviewed: "You have already reviewed this deal.",
  declined: "You cannot reply to a declined item.",
  tooDeep: `Replies can be nested at most ${MAX_REPLY_DEPTH} levels deep.`,
  ownVote: "You cannot vote on your own post.",
  notApproved: "Only approved items can be voted on.",
  notPending: "Only pending items can be approved or declined.",
  staffOnly: "Only staff moderators can do this.",
} as const;

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

/** The deal as a writer sees it, with the acting user's relation to it; read under the lock. */
export type DealFacts2 = {
  id: number;
  slug: string;
  partnerIds: number[];
  moderatorIds: number[];
  isInfo: boolean;
  inactiveIndefinitely: boolean;
  reviewCount: number;
  reviewsSummary: string | null;
  reviewsSummaryUpdatedAt: Date | null;
  purchased: boolean;
  reviewed: boolean;
  /** The user's own row, read now (the session may be minutes old). */
  blacklisted: boolean;
  whitelisted: boolean;
  isBot: boolean;
};

export type Row = {
  id: number;
  dealId: number;
  kind: CommentKind;
  parentId: number | null;
  rootId: number | null;
  userId: number | null;
  title: string | null;
  status: CommentStatus;
  rating: number | null;
  videoMediaId: number | null;
  videoThumbnailMediaId: number | null;
};

const rowColumns = {
  id: comments.id,
  dealId: comments.dealId,
  kind: comments.kind,
  parentId: comments.parentId,
  rootId: comments.rootId,
  userId: comments.userId,
  title: comments.title,
  status: comments.status,
  rating: comments.rating,
  videoMediaId: comments.videoMediaId,
  videoThumbnailMediaId: comments.videoThumbnailMediaId,
};

const parseIds = (value: unknown): number[] => {
  const list: unknown = typeof value === "string" ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.filter((v): v is number => typeof v === "number") : [];
};

/** Finds a reply anywhere in a thread. */
function findReply(list: DiscussionReply[], id: number): DiscussionReply | null {
  for (const reply of list) {
    if (reply.id === id) return reply;
    const found = findReply(reply.children, id);
    if (found) return found;
  }
  return null;
}

export const domainViewer = (user: SessionUser, facts: DealFacts2): NonNullable<DomainViewer> => ({
  id: user.id,
  isStaff: isStaffModeratorUser(user),
  emailVerified: user.emailVerified,
  commentBlacklist: facts.blacklisted,
  hasPlus: user.hasPlus,
});

export const domainFacts = (facts: DealFacts2): DealFacts => ({
  partnerUserIds: facts.partnerIds,
  moderatorUserIds: facts.moderatorIds,
  hasPurchased: facts.purchased,
  hasReviewed: facts.reviewed,
  isInfo: facts.isInfo,
  isInactiveIndefinitely: facts.inactiveIndefinitely,
});

/** The deal with roles and the user's relation; `lock` takes the deal row FOR UPDATE. */
export async function dealFacts(
  ex: Executor,
  dealKey: string | number,
  user: SessionUser | null,
  lock: boolean,
): Promise<DealFacts2> {
  // The publication rule (issue 31): a deal `user` may not read is not found, for writes too.
  const where = dealKeyFor(dealKey, user);
  const userId = user?.id ?? null;
  const query = ex
    .select({
      id: deals.id,
      slug: deals.slug,
      isInfo: deals.isInfo,
      currentStage: deals.currentStage,
      nextStage: deals.nextStage,
      reviewCount: deals.reviewCount,
      reviewsSummary: deals.reviewsSummary,
      reviewsSummaryUpdatedAt: deals.reviewsSummaryUpdatedAt,
      partnerIds: sql<string>`coalesce((select json_agg(dr.user_id)::text from deal_roles dr
        where dr.deal_id = deals.id and dr.role = 'partner'), '[]')`,
      moderatorIds: sql<string>`coalesce((select json_agg(dr.user_id)::text from deal_roles dr
        where dr.deal_id = deals.id and dr.role = 'user_moderator'), '[]')`,
      purchased: ownsDeal(sql`${userId}::int`, sql.raw("deals.id")),
      reviewed: sql<boolean>`exists (select 1 from comments c where c.deal_id = deals.id
        and c.kind = 'review' and c.parent_id is null and c.user_id = ${userId}::int)`,
      blacklisted: sql<boolean>`coalesce((select u.comment_blacklist from users u
        where u.id = ${userId}::int), false)`,
      whitelisted: sql<boolean>`coalesce((select u.comment_whitelist from users u
        where u.id = ${userId}::int), false)`,
      isBot: sql<boolean>`coalesce((select u.is_bot from users u where u.id = ${userId}::int), false)`,
    })
    .from(deals)
    .where(where)
    .limit(1);
  const rows = lock ? await query.for("update", { of: deals }) : await query;
  const row = rows[0];
  if (!row) throw notFound();
  return {
    id: row.id,
    slug: row.slug,
    partnerIds: parseIds(row.partnerIds),
    moderatorIds: parseIds(row.moderatorIds),
    isInfo: row.isInfo,
    inactiveIndefinitely: row.currentStage === "inactive" && row.nextStage == null,
    reviewCount: Number(row.reviewCount),
    reviewsSummary: row.reviewsSummary,
    reviewsSummaryUpdatedAt: row.reviewsSummaryUpdatedAt,
    purchased: Boolean(row.purchased),
    reviewed: Boolean(row.reviewed),
    blacklisted: Boolean(row.blacklisted),
    whitelisted: Boolean(row.whitelisted),
    isBot: Boolean(row.isBot),
  };
}

export const isModerator = (user: SessionUser, facts: DealFacts2) =>
  isStaffModeratorUser(user) ||
  facts.partnerIds.includes(user.id) ||
  facts.moderatorIds.includes(user.id);

/** Approved items, the user's own, and everything for the deal's moderators. */
const visible = (row: Row, user: SessionUser | null, facts: DealFacts2) =>
  row.status === "approved" ||
  (user != null && (row.userId === user.id || isModerator(user, facts)));

/** One comment of the deal and kind (top-level or reply), optionally locked. */
export async function loadRow(
  ex: Executor,
  facts: DealFacts2,
  kind: CommentKind,
  itemKey: string,
  user: SessionUser | null,
  opts: { lock?: boolean } = {},
): Promise<Row> {
  const id = itemIdFromSegment(itemKey);
  if (id === null) throw notFound();
  const query = ex
    .select(rowColumns)
    .from(comments)
    .where(and(eq(comments.id, id), eq(comments.dealId, facts.id), eq(comments.kind, kind)))
    .limit(1);
  const rows = opts.lock ? await query.for("update") : await query;
  const row = rows[0];
  if (!row || !visible(row, user, facts)) throw notFound();
  return row;
}

/** The changed item as the lists show it: the item, or the reply inside its thread. */
export async function changedNode(
  read: DiscussionReader,
  kind: CommentKind,
  facts: { id: number },
  id: number,
  rootId: number | null,
  user: SessionUser,
): Promise<DiscussionNode> {
  if (rootId == null) {
    return { type: "item", item: await read.get(kind, String(facts.id), String(id), user) };
  }
  const root = await read.get(kind, String(facts.id), String(rootId), user);
  const reply = findReply(root.children, id);
  if (!reply) throw notFound();
  return { type: "reply", reply };
}
