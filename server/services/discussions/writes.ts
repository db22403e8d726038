import { and, eq, isNull, sql } from "drizzle-orm";
import {
  canApproveOrDecline,
  canAskQuestion,
  canDelete,
  canEdit,
  canReply,
  canUndoResolveWhitelistBlacklist,
  canVote,
  canWriteReview,
  type DealFacts,
  initialReplyStatus,
  type Viewer as DomainViewer,
} from "../../../domain/permissions";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { deals, media as mediaTable } from "../../db/schema/catalog";
import {
  type AnswerType,
  type CommentKind,
  type CommentStatus,
  commentVotes,
  comments,
} from "../../db/schema/discussions";
import { outbox as outboxTable } from "../../db/schema/marketing";
import {
  conflict,
  DomainError,
  forbidden,
  invalid,
  notFound,
  unauthenticated,
} from "../../../domain/errors";
import type { Clock } from "../../providers/clock";
import type { MediaProvider } from "../../providers/media";
import type { PageEvents } from "../cache/page-events";
import { DEAL_SLUG, isStaffModeratorUser, itemIdFromSegment, parseId } from "./ids";
import {
  buildReviewsSummary,
  parseReviewsSummary,
  type SummaryReview,
  summaryIsStale,
} from "./summary";
import type { StoredVideo } from "./video";
import type { DiscussionItem, DiscussionReply } from "./reads";
import type { Outbox } from "../jobs/outbox";
import type { SessionUser } from "../accounts/sessions";
import { ownsDeal } from "../commerce/ownership-sql";

// The write side of the discussion area (spec 000 sections 4 to 7, contract.md "Discussions"):
// create, reply, edit, delete, vote, approve, resolve, and the author white- and blacklists.
//
// Every change that can move a deal's aggregates runs in one transaction that first locks the
// deal row (FOR UPDATE), then changes comments, then recomputes the aggregates from the comments
// table. The lock serialises writers of one deal, so each recompute sees every committed change
// before it: the aggregates are exact under any interleaving, and only approved items count.

/** Replies nest at most this deep (a reply to a review or question is depth 1). Our choice. */
export const MAX_REPLY_DEPTH = 3;
export const SUMMARY_TOPIC = "discussions.reviews_summary";

// Our wording: the spec gives no server messages for these refusals.
export const MESSAGES = {
  verify: "Verify your e-mail address to post.",
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

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

export type ApproveValue = "approved" | "denied" | null;

export type CreateInput = {
  title: string;
  comment: string;
  rating?: number | undefined;
  video?: StoredVideo | null | undefined;
};

export type EditTarget = { isReply: boolean; hasVideo: boolean };

export type VoteResult = { id: number; upVotes: number; downVotes: number; userVote: number };

/** What the read side gives the write side to answer with the created or changed item. */
export type DiscussionReader = {
  get(
    kind: CommentKind,
    dealKey: string,
    itemKey: string,
    viewer: SessionUser | null,
  ): Promise<DiscussionItem>;
};

/** The deal as a writer sees it, with the acting user's relation to it; read under the lock. */
type DealFacts2 = {
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

type Row = {
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

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err, i = 0; e && i < 5; i++) {
    if (
      typeof e === "object" &&
      e !== null &&
      "code" in e &&
      (e as { code: unknown }).code === "23505"
    )
      return true;
    e =
      typeof e === "object" && e !== null && "cause" in e ? (e as { cause: unknown }).cause : null;
  }
  return false;
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

export type DiscussionNode =
  | { type: "item"; item: DiscussionItem }
  | { type: "reply"; reply: DiscussionReply };

export function createDiscussionWrites(deps: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  media: MediaProvider;
  read: DiscussionReader;
  pageEvents?: PageEvents;
}) {
  const { db, clock, outbox, media, read } = deps;

  const domainViewer = (user: SessionUser, facts: DealFacts2): NonNullable<DomainViewer> => ({
    id: user.id,
    isStaff: isStaffModeratorUser(user),
    emailVerified: user.emailVerified,
    commentBlacklist: facts.blacklisted,
    hasPlus: user.hasPlus,
  });

  const domainFacts = (facts: DealFacts2): DealFacts => ({
    partnerUserIds: facts.partnerIds,
    moderatorUserIds: facts.moderatorIds,
    hasPurchased: facts.purchased,
    hasReviewed: facts.reviewed,
    isInfo: facts.isInfo,
    isInactiveIndefinitely: facts.inactiveIndefinitely,
  });

  /** The deal with roles and the user's relation; `lock` takes the deal row FOR UPDATE. */
  async function dealFacts(
    ex: Executor,
    dealKey: string | number,
    user: SessionUser | null,
    lock: boolean,
  ): Promise<DealFacts2> {
    const id = typeof dealKey === "number" ? dealKey : parseId(dealKey);
    if (id === null && (typeof dealKey === "number" || !DEAL_SLUG.test(dealKey))) throw notFound();
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
      .where(id !== null ? eq(deals.id, id) : eq(deals.slug, String(dealKey)))
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

  const isModerator = (user: SessionUser, facts: DealFacts2) =>
    isStaffModeratorUser(user) ||
    facts.partnerIds.includes(user.id) ||
    facts.moderatorIds.includes(user.id);

  /** Approved items, the user's own, and everything for the deal's moderators. */
  const visible = (row: Row, user: SessionUser | null, facts: DealFacts2) =>
    row.status === "approved" ||
    (user != null && (row.userId === user.id || isModerator(user, facts)));

  /** One comment of the deal and kind (top-level or reply), optionally locked. */
  async function loadRow(
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

  // -------------------------------------------------------------------------------------------
  // Aggregates
  // -------------------------------------------------------------------------------------------

  /** deal_review and deal_comment from the approved top-level items, in one statement. */
  async function recomputeDeal(tx: Tx, dealId: number): Promise<void> {
    await tx.execute(sql`update deals d set
        review_count = s.n, review_count1 = s.n1, review_count2 = s.n2, review_count3 = s.n3,
        review_count4 = s.n4, review_count5 = s.n5, rating_sum = s.total,
        average_rating = case when s.n > 0 then round(s.total::numeric / s.n, 2) else 0 end,
        comment_count = s.q
      from (select
          count(*) filter (where c.kind = 'review' and c.rating is not null)::int as n,
          count(*) filter (where c.kind = 'review' and c.rating = 1)::int as n1,
          count(*) filter (where c.kind = 'review' and c.rating = 2)::int as n2,
          count(*) filter (where c.kind = 'review' and c.rating = 3)::int as n3,
          count(*) filter (where c.kind = 'review' and c.rating = 4)::int as n4,
          count(*) filter (where c.kind = 'review' and c.rating = 5)::int as n5,
          coalesce(sum(c.rating) filter (where c.kind = 'review'), 0)::int as total,
          count(*) filter (where c.kind = 'question')::int as q
        from comments c
        where c.deal_id = ${dealId} and c.parent_id is null and c.status = 'approved') s
      where d.id = ${dealId}`);
  }

  /**
   * A thread's counters: every reply's direct reply count; the root's reply count (the whole
   * thread), last reply time and founder-answer flags. Bot replies never count as founder answers.
   */
  async function recomputeThread(tx: Tx, rootId: number): Promise<void> {
    await tx.execute(sql`update comments c set
        reply_count = (select count(*)::int from comments d where d.parent_id = c.id)
      where c.root_id = ${rootId}`);
    await tx.execute(sql`update comments c set
        reply_count = (select count(*)::int from comments d where d.root_id = c.id),
        last_reply_at = (select max(d.created_at) from comments d where d.root_id = c.id),
        has_founder_reply = exists (select 1 from comments d join users u on u.id = d.user_id
          where d.root_id = c.id and d.answer_type = 'founder_team' and d.status = 'approved'
            and not u.is_bot),
        first_founder_reply_at = (select min(d.created_at) from comments d
          join users u on u.id = d.user_id
          where d.root_id = c.id and d.answer_type = 'founder_team' and d.status = 'approved'
            and not u.is_bot)
      where c.id = ${rootId}`);
  }

  /**
   * Queues a new reviews summary when the approved reviews grew by 20% or fell by 5% since the
   * last one (a plain-text summary from before counts as written from the reviews before this
   * change). Runs after recomputeDeal in the same transaction; one queued job per deal at a time.
   */
  async function maybeQueueSummary(tx: Tx, facts: DealFacts2): Promise<void> {
    const [row] = await tx
      .select({ reviewCount: deals.reviewCount })
      .from(deals)
      .where(eq(deals.id, facts.id));
    const current = Number(row?.reviewCount ?? 0);
    const stored = parseReviewsSummary(facts.reviewsSummary, facts.reviewsSummaryUpdatedAt);
    const previous = stored ? (stored.based_on ?? facts.reviewCount) : 0;
    if (!stored && current === 0) return;
    if (!summaryIsStale(previous, current)) return;
    const queued = await tx
      .select({ id: outboxTable.id })
      .from(outboxTable)
      .where(
        and(
          eq(outboxTable.topic, SUMMARY_TOPIC),
          eq(outboxTable.status, "pending"),
          sql`${outboxTable.payload}->>'dealId' = ${String(facts.id)}`,
        ),
      )
      .limit(1);
    if (queued.length) return;
    await outbox.enqueue(tx, { kind: "job", topic: SUMMARY_TOPIC, payload: { dealId: facts.id } });
  }

  /** After a change to approved top-level items of a deal (or their ratings). */
  async function afterTopLevelChange(tx: Tx, facts: DealFacts2, kind: CommentKind) {
    await recomputeDeal(tx, facts.id);
    if (kind === "review") await maybeQueueSummary(tx, facts);
  }

  // -------------------------------------------------------------------------------------------
  // Gates
  // -------------------------------------------------------------------------------------------

  function assertCreateAllowed(kind: CommentKind, user: SessionUser, facts: DealFacts2): void {
    const viewer = domainViewer(user, facts);
    const gate =
      kind === "review" ? canWriteReview(viewer, domainFacts(facts)) : canAskQuestion(viewer);
    if (gate.allowed) return;
    switch (gate.reason) {
      case "login":
        throw unauthenticated();
      case "verify":
        throw forbidden(MESSAGES.verify);
      case "blacklisted":
        throw forbidden(MESSAGES.blacklisted);
      case "buy":
        throw forbidden(MESSAGES.buy);
      case "already_reviewed":
        throw conflict(MESSAGES.alreadyReviewed);
    }
  }

  /** The posting gates alone, before a (possibly large) body is read. */
  async function checkCreate(
    kind: CommentKind,
    dealKey: string,
    user: SessionUser | null,
  ): Promise<void> {
    if (!user) throw unauthenticated();
    const facts = await dealFacts(db, dealKey, user, false);
    assertCreateAllowed(kind, user, facts);
  }

  /** Whitelisted authors (staff's choice, per author) skip moderation of their top-level items. */
  const initialTopLevelStatus = (facts: DealFacts2): CommentStatus =>
    facts.whitelisted && !facts.blacklisted ? "approved" : "pending";

  /** answer_type comes from the author's role, never from the client. Bots answer as no one. */
  function answerTypeFor(user: SessionUser, facts: DealFacts2): AnswerType | null {
    if (facts.isBot) return null;
    if (facts.partnerIds.includes(user.id)) return "founder_team";
    if (isStaffModeratorUser(user)) return "staff";
    return null;
  }

  async function insertVideo(tx: Tx, user: SessionUser, video: StoredVideo) {
    const [v] = await tx
      .insert(mediaTable)
      .values({
        key: video.videoKey,
        contentType: video.videoContentType,
        size: video.videoSize,
        uploadedByUserId: user.id,
      })
      .returning({ id: mediaTable.id });
    const [t] = await tx
      .insert(mediaTable)
      .values({
        key: video.thumbnailKey,
        contentType: "image/svg+xml",
        size: video.thumbnailSize,
        width: 640,
        height: 360,
        uploadedByUserId: user.id,
      })
      .returning({ id: mediaTable.id });
    return { videoMediaId: v?.id ?? null, videoThumbnailMediaId: t?.id ?? null };
  }

  /** Media rows of the given ids; returns their keys so the files go after the commit. */
  async function deleteMediaRows(tx: Tx, ids: (number | null)[]): Promise<string[]> {
    const list = ids.filter((id): id is number => id != null);
    if (!list.length) return [];
    const rows = await tx
      .delete(mediaTable)
      .where(
        sql`${mediaTable.id} in (${sql.join(
          list.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
      .returning({ key: mediaTable.key });
    return rows.map((r) => r.key);
  }

  async function deleteFiles(keys: string[]): Promise<void> {
    // A file left behind is only wasted space; the rows are already gone.
    await Promise.all(keys.map((key) => media.delete(key).catch(() => {})));
  }

  /** Removes an uploaded video that never became part of a review. */
  async function discardVideo(video: StoredVideo | null | undefined): Promise<void> {
    if (video) await deleteFiles([video.videoKey, video.thumbnailKey]);
  }

  /** The changed item as the lists show it: the item, or the reply inside its thread. */
  async function node(
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

  // -------------------------------------------------------------------------------------------
  // Create, reply, edit, delete
  // -------------------------------------------------------------------------------------------

  async function create(
    kind: CommentKind,
    dealKey: string,
    user: SessionUser | null,
    input: CreateInput,
  ): Promise<DiscussionItem> {
    if (!user) throw unauthenticated();
    let id: number;
    let dealId: number;
    try {
      ({ id, dealId } = await db.transaction(async (tx) => {
        const facts = await dealFacts(tx, dealKey, user, true);
        assertCreateAllowed(kind, user, facts);
        const status = initialTopLevelStatus(facts);
        const mediaIds =
          kind === "review" && input.video ? await insertVideo(tx, user, input.video) : null;
        const [row] = await tx
          .insert(comments)
          .values({
            dealId: facts.id,
            kind,
            userId: user.id,
            title: input.title,
            comment: input.comment,
            rating: kind === "review" ? (input.rating ?? null) : null,
            status,
            ...(mediaIds ?? {}),
            createdAt: clock.now(),
          })
          .returning({ id: comments.id });
        if (!row) throw new Error("insert returned nothing");
        if (status === "approved") await afterTopLevelChange(tx, facts, kind);
        return { id: row.id, dealId: facts.id };
      }));
    } catch (err) {
      await discardVideo(input.video);
      // Two requests racing past the gate: the unique index decides.
      if (isUniqueViolation(err)) throw conflict(MESSAGES.alreadyReviewed);
      throw err;
    }
    await deps.pageEvents?.dealChanged(dealId);
    return read.get(kind, String(dealId), String(id), user);
  }

  async function depthOf(tx: Tx, id: number): Promise<number> {
    const rows = await tx.execute<{
      depth: number;
    }>(sql`with recursive up(id, parent_id, depth) as (
        select c.id, c.parent_id, 0 from comments c where c.id = ${id}
        union all
        select c.id, c.parent_id, up.depth + 1 from comments c join up on c.id = up.parent_id
        where up.depth < 50)
      select max(depth)::int as depth from up`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: { depth: number }[] }).rows) as {
      depth: number;
    }[];
    return Number(list[0]?.depth ?? 0);
  }

  async function reply(
    kind: CommentKind,
    dealKey: string,
    parentKey: string,
    user: SessionUser | null,
    input: { comment: string },
  ): Promise<DiscussionReply> {
    if (!user) throw unauthenticated();
    const result = await db.transaction(async (tx) => {
      const facts = await dealFacts(tx, dealKey, user, true);
      const parent = await loadRow(tx, facts, kind, parentKey, user);
      const rootId = parent.rootId ?? parent.id;
      let threadStatus = parent.status;
      if (parent.rootId != null) {
        const root = await loadRow(tx, facts, kind, String(parent.rootId), user);
        if (root.status === "declined") threadStatus = "declined";
      }
      const gate = canReply(domainViewer(user, facts), threadStatus);
      if (!gate.allowed) {
        if (gate.reason === "login") throw unauthenticated();
        throw forbidden(gate.reason === "declined" ? MESSAGES.declined : MESSAGES.blacklisted);
      }
      const depth = (await depthOf(tx, parent.id)) + 1;
      if (depth > MAX_REPLY_DEPTH) throw invalid({ parent: [MESSAGES.tooDeep] });
      const viewer = domainViewer(user, facts);
      const status = facts.isBot
        ? "pending"
        : initialReplyStatus(viewer, { partnerUserIds: facts.partnerIds });
      const [row] = await tx
        .insert(comments)
        .values({
          dealId: facts.id,
          kind,
          parentId: parent.id,
          rootId,
          userId: user.id,
          title: null,
          comment: input.comment,
          status,
          answerType: answerTypeFor(user, facts),
          createdAt: clock.now(),
        })
        .returning({ id: comments.id });
      if (!row) throw new Error("insert returned nothing");
      await recomputeThread(tx, rootId);
      return { id: row.id, rootId, dealId: facts.id };
    });
    await deps.pageEvents?.dealChanged(result.dealId);
    const found = await node(kind, { id: result.dealId }, result.id, result.rootId, user);
    if (found.type !== "reply") throw notFound();
    return found.reply;
  }

  /** Who may edit what, before the body is read: owners only (404 when not visible). */
  async function editTarget(
    kind: CommentKind,
    dealKey: string,
    itemKey: string,
    user: SessionUser | null,
  ): Promise<EditTarget> {
    if (!user) throw unauthenticated();
    const facts = await dealFacts(db, dealKey, user, false);
    const row = await loadRow(db, facts, kind, itemKey, user);
    if (row.userId == null || !canEdit(domainViewer(user, facts), row.userId)) throw forbidden();
    if (facts.blacklisted) throw forbidden(MESSAGES.blacklisted);
    return { isReply: row.parentId != null, hasVideo: row.videoMediaId != null };
  }

  /**
   * An owner's edit: the text (and for reviews title, rating and optionally a new video) is
   * replaced, `edited` is set, and the item returns to the status a new item of its author would
   * get (pending for most; approved for a non-staff partner's reply or a whitelisted author's
   * item), so an approved item leaves the public counts until a moderator approves the edit.
   */
  async function edit(
    kind: CommentKind,
    dealKey: string,
    itemKey: string,
    user: SessionUser | null,
    input: CreateInput,
  ): Promise<DiscussionNode> {
    if (!user) throw unauthenticated();
    let removedKeys: string[] = [];
    let result: { id: number; rootId: number | null; dealId: number };
    try {
      result = await db.transaction(async (tx) => {
        const facts = await dealFacts(tx, dealKey, user, true);
        const row = await loadRow(tx, facts, kind, itemKey, user, { lock: true });
        const viewer = domainViewer(user, facts);
        if (row.userId == null || !canEdit(viewer, row.userId)) throw forbidden();
        if (facts.blacklisted) throw forbidden(MESSAGES.blacklisted);
        const isReply = row.parentId != null;
        const status: CommentStatus = isReply
          ? facts.isBot
            ? "pending"
            : initialReplyStatus(viewer, { partnerUserIds: facts.partnerIds })
          : initialTopLevelStatus(facts);
        let mediaIds = {};
        if (!isReply && kind === "review" && input.video) {
          removedKeys = await deleteMediaRows(tx, [row.videoMediaId, row.videoThumbnailMediaId]);
          mediaIds = await insertVideo(tx, user, input.video);
        }
        await tx
          .update(comments)
          .set({
            comment: input.comment,
            ...(isReply
              ? {}
              : {
                  title: input.title,
                  ...(kind === "review" ? { rating: input.rating ?? row.rating } : {}),
                }),
            ...mediaIds,
            status,
            editedAt: clock.now(),
          })
          .where(eq(comments.id, row.id));
        if (isReply) await recomputeThread(tx, row.rootId ?? row.id);
        else if (row.status === "approved" || status === "approved") {
          await afterTopLevelChange(tx, facts, kind);
        }
        return { id: row.id, rootId: row.rootId, dealId: facts.id };
      });
    } catch (err) {
      await discardVideo(input.video);
      throw err;
    }
    await deleteFiles(removedKeys);
    await deps.pageEvents?.dealChanged(result.dealId);
    return node(kind, { id: result.dealId }, result.id, result.rootId, user);
  }

  /** Owners delete their own items, staff any; a parent takes its whole thread with it. */
  async function remove(
    kind: CommentKind,
    dealKey: string,
    itemKey: string,
    user: SessionUser | null,
  ): Promise<void> {
    if (!user) throw unauthenticated();
    const keys = await db.transaction(async (tx) => {
      const facts = await dealFacts(tx, dealKey, user, true);
      const row = await loadRow(tx, facts, kind, itemKey, user, { lock: true });
      if (row.userId == null && !isStaffModeratorUser(user)) throw forbidden();
      if (!canDelete(domainViewer(user, facts), row.userId ?? -1)) throw forbidden();
      // Videos hang off top-level reviews only; their rows and files go with the thread.
      const removed = await deleteMediaRows(tx, [row.videoMediaId, row.videoThumbnailMediaId]);
      // comments.parent_id and root_id cascade: the thread below goes in the same statement.
      await tx.delete(comments).where(eq(comments.id, row.id));
      if (row.rootId != null) await recomputeThread(tx, row.rootId);
      else if (row.status === "approved") await afterTopLevelChange(tx, facts, kind);
      return removed;
    });
    await deps.pageEvents?.dealChanged(dealKey);
    await deleteFiles(keys);
  }

  // -------------------------------------------------------------------------------------------
  // Votes and moderation
  // -------------------------------------------------------------------------------------------

  /** A helpful vote; the same direction again takes it back, the other direction switches. */
  async function vote(
    kind: CommentKind,
    dealKey: string,
    commentKey: string,
    user: SessionUser | null,
    direction: 1 | -1,
  ): Promise<VoteResult> {
    if (!user || !canVote({ ...user, isStaff: isStaffModeratorUser(user) }).allowed) {
      throw unauthenticated();
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

  const TARGET: Record<"approved" | "denied", CommentStatus> = {
    approved: "approved",
    denied: "declined",
  };

  /**
   * approved / denied / null (back to pending). Staff moderators: any transition on any item. The
   * deal's partners and user moderators: approve or decline pending items only. Others: 403.
   */
  async function approve(
    kind: CommentKind,
    dealKey: string,
    commentKey: string,
    user: SessionUser | null,
    value: ApproveValue,
  ): Promise<DiscussionNode> {
    if (!user) throw unauthenticated();
    const result = await db.transaction(async (tx) => {
      const facts = await dealFacts(tx, dealKey, user, true);
      const row = await loadRow(tx, facts, kind, commentKey, user, { lock: true });
      const viewer = domainViewer(user, facts);
      const deal = { partnerUserIds: facts.partnerIds, moderatorUserIds: facts.moderatorIds };
      if (!canApproveOrDecline(viewer, deal)) throw forbidden();
      const staff = canUndoResolveWhitelistBlacklist(viewer);
      if (value === null && !staff) throw forbidden(MESSAGES.staffOnly);
      if (!staff && row.status !== "pending") throw forbidden(MESSAGES.notPending);
      const next: CommentStatus = value === null ? "pending" : TARGET[value];
      if (next !== row.status) {
        await tx.update(comments).set({ status: next }).where(eq(comments.id, row.id));
        if (row.rootId != null) await recomputeThread(tx, row.rootId);
        else if (row.status === "approved" || next === "approved") {
          await afterTopLevelChange(tx, facts, kind);
        }
      }
      return { id: row.id, rootId: row.rootId, dealId: facts.id };
    });
    await deps.pageEvents?.dealChanged(result.dealId);
    return node(kind, { id: result.dealId }, result.id, result.rootId, user);
  }

  /** Resolve and unresolve: staff moderators only. */
  async function resolve(
    kind: CommentKind,
    dealKey: string,
    commentKey: string,
    user: SessionUser | null,
    resolved: boolean,
  ): Promise<DiscussionNode> {
    if (!user) throw unauthenticated();
    if (!isStaffModeratorUser(user)) throw forbidden(MESSAGES.staffOnly);
    const facts = await dealFacts(db, dealKey, user, false);
    const row = await loadRow(db, facts, kind, commentKey, user);
    await db.update(comments).set({ resolved }).where(eq(comments.id, row.id));
    return node(kind, facts, row.id, row.rootId, user);
  }

  /**
   * Staff put an author on the comment whitelist (new items start approved) or blacklist (may not
   * post). The lists exclude each other: adding to one takes the author off the other.
   */
  async function setAuthorList(
    user: SessionUser | null,
    list: "whitelist" | "blacklist",
    targetKey: string,
    on: boolean,
  ): Promise<{ userId: number; commentWhitelist: boolean; commentBlacklist: boolean }> {
    if (!user) throw unauthenticated();
    if (!isStaffModeratorUser(user)) throw forbidden(MESSAGES.staffOnly);
    const targetId = parseId(targetKey);
    if (targetId === null) throw notFound();
    const changes =
      list === "whitelist"
        ? { commentWhitelist: on, ...(on ? { commentBlacklist: false } : {}) }
        : { commentBlacklist: on, ...(on ? { commentWhitelist: false } : {}) };
    const [row] = await db.update(users).set(changes).where(eq(users.id, targetId)).returning({
      id: users.id,
      commentWhitelist: users.commentWhitelist,
      commentBlacklist: users.commentBlacklist,
    });
    if (!row) throw notFound();
    return {
      userId: row.id,
      commentWhitelist: row.commentWhitelist,
      commentBlacklist: row.commentBlacklist,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Reviews summary and media
  // -------------------------------------------------------------------------------------------

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
  }

  outbox.handle(SUMMARY_TOPIC, async (message) => {
    const dealId = Number(message.payload.dealId);
    if (!Number.isInteger(dealId) || dealId < 1) return;
    await regenerateSummary(dealId);
  });

  async function reviewsSummary(dealKey: string) {
    const facts = await dealFacts(db, dealKey, null, false);
    return parseReviewsSummary(facts.reviewsSummary, facts.reviewsSummaryUpdatedAt);
  }

  /** A stored file's type and size as recorded at upload; null when unknown. */
  async function mediaHead(key: string) {
    const [row] = await db
      .select({ contentType: mediaTable.contentType, size: mediaTable.size })
      .from(mediaTable)
      .where(eq(mediaTable.key, key))
      .limit(1);
    return row ?? null;
  }

  /** A stored file's bytes (or an inclusive range of them) with its recorded type. */
  async function mediaFile(key: string, range?: { start: number; end: number }) {
    const head = await mediaHead(key);
    if (!head) return null;
    const file = await media.get(key, range);
    return file ? { ...file, contentType: head.contentType } : null;
  }

  return {
    checkCreate,
    create,
    reply,
    editTarget,
    edit,
    remove,
    vote,
    approve,
    resolve,
    setAuthorList,
    regenerateSummary,
    reviewsSummary,
    mediaHead,
    mediaFile,
    discardVideo,
  };
}

/** A 413 with the video field's message, in the 400 field-map shape. */
export const videoTooLarge = (message: string) =>
  new DomainError("too_large", { video_file: [message] });
