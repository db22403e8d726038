import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
  type NotificationTopic,
  wantsTopic,
} from "../../../domain/notifications";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { deals } from "../../db/schema/catalog";
import { type CommentStatus, comments } from "../../db/schema/discussions";
import {
  notificationEvents,
  notificationSettings,
  questionFollows,
} from "../../db/schema/notifications";
import type { Clock } from "../../providers/clock";
import { EMAIL_TOPIC } from "../accounts/account-records";
import type { Outbox } from "../jobs/outbox";
import { displayPath } from "./item-paths";
import type { Tx } from "./write-context";

// Notification e-mails of the discussions (issue 33, decision 068): an author hears that their
// review or question was approved or declined (with the moderator's reason), a thread's author
// hears of replies in it, followers of a question hear of its answers, a deal's founders hear of
// new questions (each, or a daily digest). Written in the transaction of the change, through the
// outbox; one notification_events row per event and recipient makes every event mail once.

export const PARTNER_DIGEST_TOPIC = "notifications.partner_digest";

/** A notification e-mail's unsubscribe addresses for one recipient and topic. */
export function unsubscribeUrls(publicUrl: string, token: string, topic: NotificationTopic) {
  const base = publicUrl.replace(/\/$/, "");
  return {
    /** The page the e-mail's link opens: it asks, and its form unsubscribes (scanner-safe). */
    page: `${base}/email/notifications/${token}/${topic}/`,
    /** RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` here. */
    oneClick: `${base}/api/notifications/unsubscribe/${token}/${topic}/`,
  };
}

type Notice = {
  userId: number;
  topic: NotificationTopic;
  /** What happened, for this recipient: the idempotency key. */
  key: string;
  commentId: number;
  subject: string;
  lines: string[];
};

type Recipient = {
  id: number;
  email: string;
  token: string | null;
  settings: NotificationSettings;
};

const KIND_WORD = { review: "review", question: "question" } as const;

const quote = (text: string | null) => {
  const t = (text ?? "").replace(/\s+/g, " ").trim();
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
};

export function createNotifier(deps: { db: Db; clock: Clock; outbox: Outbox; publicUrl: string }) {
  const { db, clock, outbox } = deps;
  const base = deps.publicUrl.replace(/\/$/, "");

  /** The comment with its deal, thread and founders, as the notices need them. */
  async function facts(tx: Tx, commentId: number) {
    const root = alias(comments, "root");
    const parent = alias(comments, "parent");
    const rows = await tx
      .select({
        id: comments.id,
        kind: comments.kind,
        parentId: comments.parentId,
        rootId: comments.rootId,
        userId: comments.userId,
        title: comments.title,
        comment: comments.comment,
        answerType: comments.answerType,
        editedAt: comments.editedAt,
        moderationReason: comments.moderationReason,
        dealId: deals.id,
        dealSlug: deals.slug,
        dealName: deals.publicName,
        rootUserId: root.userId,
        rootTitle: root.title,
        parentUserId: parent.userId,
        partnerIds: sql<string>`coalesce((select json_agg(dr.user_id)::text from deal_roles dr
          where dr.deal_id = ${deals.id} and dr.role = 'partner'), '[]')`,
        authorName: sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username}, 'Someone')`,
      })
      .from(comments)
      .innerJoin(deals, eq(deals.id, comments.dealId))
      .leftJoin(root, eq(root.id, comments.rootId))
      .leftJoin(parent, eq(parent.id, comments.parentId))
      .leftJoin(users, eq(users.id, comments.userId))
      .where(eq(comments.id, commentId))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    const list: unknown = JSON.parse(row.partnerIds);
    const partnerIds = Array.isArray(list)
      ? list.filter((v): v is number => Number.isInteger(v))
      : [];
    const threadId = row.rootId ?? row.id;
    const threadTitle = (row.rootId == null ? row.title : row.rootTitle) ?? "";
    return {
      ...row,
      partnerIds,
      threadTitle,
      url: `${base}${displayPath(row.dealSlug, row.kind, threadId, threadTitle)}`,
    };
  }

  /**
   * Recipients who may be mailed (active, not blocked, not a bot, primary address confirmed), with
   * their settings.
   */
  async function recipients(tx: Tx, ids: number[]): Promise<Map<number, Recipient>> {
    const out = new Map<number, Recipient>();
    if (ids.length === 0) return out;
    const rows = await tx
      .select({
        id: users.id,
        email: users.email,
        token: notificationSettings.unsubscribeToken,
        moderation: notificationSettings.moderation,
        replies: notificationSettings.replies,
        followedQuestions: notificationSettings.followedQuestions,
        partnerQuestions: notificationSettings.partnerQuestions,
      })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(
        and(
          inArray(users.id, ids),
          eq(users.isActive, true),
          eq(users.isBot, false),
          eq(users.commentBlacklist, false),
          // A confirmed address only: signing up with someone else's cannot send them mail.
          sql`exists (select 1 from user_emails ue where ue.user_id = ${users.id}
            and ue."primary" and ue.verified)`,
        ),
      );
    for (const r of rows) {
      out.set(r.id, {
        id: r.id,
        email: r.email,
        token: r.token,
        settings:
          r.token == null
            ? DEFAULT_NOTIFICATION_SETTINGS
            : {
                moderation: r.moderation ?? true,
                replies: r.replies ?? true,
                followedQuestions: r.followedQuestions ?? true,
                partnerQuestions: r.partnerQuestions ?? "each",
              },
      });
    }
    return out;
  }

  /** The recipient's unsubscribe token, made with their settings row on first need. */
  async function tokenOf(tx: Tx, recipient: Recipient): Promise<string> {
    if (recipient.token) return recipient.token;
    await tx
      .insert(notificationSettings)
      .values({ userId: recipient.id, unsubscribeToken: randomBytes(24).toString("base64url") })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ token: notificationSettings.unsubscribeToken })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, recipient.id));
    if (!row) throw new Error("notification settings missing");
    recipient.token = row.token;
    return row.token;
  }

  async function enqueueMail(
    tx: Tx,
    recipient: Recipient,
    topic: NotificationTopic,
    subject: string,
    lines: string[],
    template: string,
  ) {
    const links = unsubscribeUrls(base, await tokenOf(tx, recipient), topic);
    await outbox.enqueue(tx, {
      kind: "email",
      topic: EMAIL_TOPIC,
      payload: {
        to: recipient.email,
        subject,
        text: [
          "Hi,",
          "",
          ...lines,
          "",
          "You can choose which e-mails you get in your e-mail settings:",
          `    ${base}/account/email/`,
          `Unsubscribe from these e-mails with one click: ${links.page}`,
        ].join("\n"),
        headers: {
          "List-Unsubscribe": `<${links.oneClick}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
        template,
        notification_topic: topic,
        unsubscribe_url: links.page,
      },
    });
  }

  /**
   * Sends the notices, at most one per recipient (the first of theirs wins), never to anyone in
   * `exclude` (whoever acted: an author is never told of their own doing).
   */
  async function deliver(tx: Tx, notices: Notice[], exclude: (number | null)[]) {
    const skip = new Set(exclude.filter((v): v is number => v != null));
    const chosen = new Map<number, Notice>();
    for (const n of notices) {
      if (skip.has(n.userId) || chosen.has(n.userId)) continue;
      chosen.set(n.userId, n);
    }
    const who = await recipients(tx, [...chosen.keys()]);
    for (const notice of chosen.values()) {
      const recipient = who.get(notice.userId);
      if (!recipient || !wantsTopic(recipient.settings, notice.topic)) continue;
      const digest =
        notice.topic === "partner_questions" && recipient.settings.partnerQuestions === "daily";
      const inserted = await tx
        .insert(notificationEvents)
        .values({
          key: notice.key,
          userId: notice.userId,
          topic: notice.topic,
          commentId: notice.commentId,
          digestPending: digest,
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning({ key: notificationEvents.key });
      if (inserted.length === 0) continue;
      if (digest) await scheduleDigest(tx, notice.userId);
      else
        await enqueueMail(tx, recipient, notice.topic, notice.subject, notice.lines, notice.topic);
    }
  }

  /** One digest job per founder and day: it runs at the next midnight (UTC). */
  async function scheduleDigest(tx: Tx, userId: number) {
    const now = clock.now();
    const next = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 0, 0),
    );
    const day = next.toISOString().slice(0, 10);
    const job = await tx
      .insert(notificationEvents)
      .values({ key: `partner_digest:${userId}:${day}`, userId, topic: "partner_digest" })
      .onConflictDoNothing()
      .returning({ key: notificationEvents.key });
    if (job.length === 0) return;
    await outbox.enqueue(tx, {
      kind: "job",
      topic: PARTNER_DIGEST_TOPIC,
      payload: { user_id: userId },
      runAfter: next,
    });
  }

  /** The day's questions for one founder, in one e-mail (none when they all went away). */
  async function sendDigest(userId: number) {
    await db.transaction(async (tx) => {
      const waiting = await tx
        .update(notificationEvents)
        .set({ digestPending: false })
        .where(
          and(eq(notificationEvents.userId, userId), eq(notificationEvents.digestPending, true)),
        )
        .returning({ commentId: notificationEvents.commentId });
      const ids = waiting.map((w) => w.commentId).filter((v): v is number => v != null);
      if (ids.length === 0) return;
      const recipient = (await recipients(tx, [userId])).get(userId);
      if (!recipient || !wantsTopic(recipient.settings, "partner_questions")) return;
      const questions = await tx
        .select({
          id: comments.id,
          title: comments.title,
          dealSlug: deals.slug,
          dealName: deals.publicName,
        })
        .from(comments)
        .innerJoin(deals, eq(deals.id, comments.dealId))
        .where(and(inArray(comments.id, ids), eq(comments.status, "approved")))
        .orderBy(comments.id);
      if (questions.length === 0) return;
      const lines = [
        questions.length === 1
          ? "A new question was asked on your deals:"
          : `${questions.length} new questions were asked on your deals:`,
        "",
        ...questions.flatMap((q) => [
          `- ${q.dealName}: "${quote(q.title)}"`,
          `    ${base}${displayPath(q.dealSlug, "question", q.id, q.title ?? "")}`,
        ]),
      ];
      const subject =
        questions.length === 1
          ? "1 new question on your deals"
          : `${questions.length} new questions on your deals`;
      await enqueueMail(
        tx,
        recipient,
        "partner_questions",
        subject,
        lines,
        "partner_questions_digest",
      );
    });
  }

  outbox.handle(PARTNER_DIGEST_TOPIC, async (message) => {
    const userId = Number(message.payload.user_id);
    if (Number.isInteger(userId)) await sendDigest(userId);
  });

  /** A moderator approved or declined an item: its author hears of it (with the reason). */
  async function moderated(tx: Tx, commentId: number, status: CommentStatus, actorId: number) {
    if (status !== "approved" && status !== "declined") return;
    const c = await facts(tx, commentId);
    if (!c || c.userId == null) return;
    const what = c.parentId == null ? `${KIND_WORD[c.kind]} "${quote(c.title)}"` : "reply";
    const where = `on ${c.dealName}`;
    const lines =
      status === "approved"
        ? [`Your ${what} ${where} was approved and is now public:`, "", `    ${c.url}`]
        : [
            `Your ${what} ${where} was declined by a moderator.`,
            ...(c.moderationReason ? ["", `The moderator's reason: ${c.moderationReason}`] : []),
            "",
            "You can still see it, edit it (which sends it back for review) or delete it:",
            `    ${c.url}`,
          ];
    // One e-mail per status of each version of the item: an edit approved again is news again.
    const version = c.editedAt ? c.editedAt.toISOString() : "original";
    await deliver(
      tx,
      [
        {
          userId: c.userId,
          topic: "moderation",
          key: `moderated:${c.id}:${status}:${version}`,
          commentId: c.id,
          subject:
            status === "approved"
              ? `Your ${KIND_WORD[c.kind]} on ${c.dealName} was approved`
              : `Your ${KIND_WORD[c.kind]} on ${c.dealName} was declined`,
          lines,
        },
      ],
      [actorId],
    );
  }

  /**
   * An item became public (posted approved, or approved by a moderator): a reply tells its
   * thread's author and the author it answers, and an answer (a founder's, staff's or another
   * typed answer) tells the question's followers; a new question tells the deal's founders.
   */
  async function published(tx: Tx, commentId: number, actorId: number) {
    const c = await facts(tx, commentId);
    if (!c) return;
    const notices: Notice[] = [];
    if (c.parentId == null) {
      if (c.kind !== "question") return;
      for (const partnerId of c.partnerIds) {
        notices.push({
          userId: partnerId,
          topic: "partner_questions",
          key: `question:${c.id}:to:${partnerId}`,
          commentId: c.id,
          subject: `New question on ${c.dealName}: "${quote(c.title)}"`,
          lines: [
            `${c.authorName} asked a question on ${c.dealName}:`,
            "",
            `    "${quote(c.title)}"`,
            "",
            `Answer it here: ${c.url}`,
          ],
        });
      }
      await deliver(tx, notices, [c.userId, actorId]);
      return;
    }
    const who =
      c.answerType === "founder_team"
        ? `The founders of ${c.dealName}`
        : c.answerType === "staff"
          ? "Payonce staff"
          : c.authorName;
    const excerpt = quote(c.comment);
    const replyLines = (intro: string) => [intro, "", `    "${excerpt}"`, "", `    ${c.url}`];
    const reply = (userId: number | null, intro: string): void => {
      if (userId == null) return;
      notices.push({
        userId,
        topic: "replies",
        key: `reply:${c.id}:to:${userId}`,
        commentId: c.id,
        subject: `${who} replied to your ${KIND_WORD[c.kind]} on ${c.dealName}`,
        lines: replyLines(intro),
      });
    };
    reply(
      c.rootUserId,
      `${who} replied in your ${KIND_WORD[c.kind]} "${quote(c.threadTitle)}" on ${c.dealName}:`,
    );
    reply(c.parentUserId, `${who} replied to you on ${c.dealName}:`);
    if (c.kind === "question" && c.answerType != null && c.rootId != null) {
      const followers = await tx
        .select({ userId: questionFollows.userId })
        .from(questionFollows)
        .where(eq(questionFollows.commentId, c.rootId));
      for (const f of followers) {
        notices.push({
          userId: f.userId,
          topic: "followed_questions",
          key: `reply:${c.id}:to:${f.userId}`,
          commentId: c.id,
          subject: `A question you follow was answered: "${quote(c.threadTitle)}"`,
          lines: replyLines(
            `${who} answered the question you follow on ${c.dealName}, "${quote(c.threadTitle)}":`,
          ),
        });
      }
    }
    await deliver(tx, notices, [c.userId, actorId]);
  }

  return { moderated, published, sendDigest };
}

export type Notifier = ReturnType<typeof createNotifier>;
