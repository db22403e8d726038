import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { notFound } from "../../../domain/errors";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { deals } from "../../db/schema/catalog";
import { comments } from "../../db/schema/discussions";
import type { Clock } from "../../providers/clock";
import { hasActivePlus } from "../commerce/ownership-sql";
import { publicDeal } from "../storefront/deal-columns";
import { displayPath } from "./item-paths";

// A member's public profile (spec 000 section 2, /profile/{username}/): who they are and what
// they wrote that everyone may read: approved reviews and questions, and approved answers in approved question
// threads, on deals the public may see. Nothing pending, declined or private ever shows here.

export type ProfileTab = "reviews" | "questions" | "answers";

export type ProfileEntry = {
  id: number;
  kind: "review" | "question" | "answer";
  deal: { slug: string; name: string };
  /** The review's title, or the title of the question answered. */
  title: string;
  comment: string;
  rating: number | null;
  created: Date;
  edited: Date | null;
  upVotes: number;
  /** The review's page, or the question's page (with the answer's anchor). */
  path: string;
  founderTeam: boolean;
};

export type Profile = {
  user: {
    id: number;
    username: string;
    name: string;
    avatar: string | null;
    title: string | null;
    dateJoined: Date;
    isBot: boolean;
    hasPlus: boolean;
    /** Deals whose partner (founder team) this member is, public ones only. */
    founderOf: { slug: string; name: string }[];
  };
  counts: { reviews: number; questions: number; answers: number };
  tab: ProfileTab;
  page: number;
  pageSize: number;
  entries: ProfileEntry[];
};

const USERNAME = /^[A-Za-z0-9_.@+-]{1,150}$/;

export function createProfileReads(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const question = alias(comments, "question");
  const parent = alias(comments, "parent");

  // What may show: approved, top-level reviews and questions on public deals...
  const topWhere = (userId: number, kind: "review" | "question") =>
    and(
      eq(comments.userId, userId),
      eq(comments.kind, kind),
      isNull(comments.parentId),
      eq(comments.status, "approved"),
      publicDeal,
    );
  // ...and approved answers whose question and direct parent are approved too (a reply under a
  // hidden reply is hidden with it on the question's page, so it is hidden here as well).
  const answerWhere = (userId: number) =>
    and(
      eq(comments.userId, userId),
      eq(comments.kind, "question"),
      isNotNull(comments.parentId),
      eq(comments.status, "approved"),
      eq(question.status, "approved"),
      eq(parent.status, "approved"),
      publicDeal,
    );

  /**
   * The profile of `username` with one page of reviews, questions or answers (newest first).
   * Unknown or inactive members are a 404. `tab` null picks the first of them that has any.
   */
  async function profile(
    username: string,
    options: { tab: ProfileTab | null; page: number; pageSize: number },
  ): Promise<Profile> {
    if (!USERNAME.test(username)) throw notFound();
    const now = clock.now();
    const rows = await db
      .select({
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        avatar: users.avatar,
        title: users.title,
        dateJoined: users.dateJoined,
        isBot: users.isBot,
        hasPlus: hasActivePlus(sql.raw("users.id"), now),
        founderOf: sql<string>`coalesce((select json_agg(json_build_object('slug', d.slug,
            'name', coalesce(nullif(d.public_name, ''), d.name)) order by d.id)::text
          from deal_roles dr join deals d on d.id = dr.deal_id
          where dr.user_id = users.id and dr.role = 'partner'
            and d.deal_status <> 'Private' and not d.is_draft), '[]')`,
      })
      .from(users)
      .where(and(eq(users.username, username), eq(users.isActive, true)))
      .limit(1);
    const user = rows[0];
    if (!user) throw notFound();

    const topCount = (kind: "review" | "question") =>
      db
        .select({ n: count() })
        .from(comments)
        .innerJoin(deals, eq(deals.id, comments.dealId))
        .where(topWhere(user.id, kind));
    const [reviewTotal, questionTotal, answerTotal] = await Promise.all([
      topCount("review"),
      topCount("question"),
      db
        .select({ n: count() })
        .from(comments)
        .innerJoin(deals, eq(deals.id, comments.dealId))
        .innerJoin(question, eq(question.id, comments.rootId))
        .innerJoin(parent, eq(parent.id, comments.parentId))
        .where(answerWhere(user.id)),
    ]);
    const counts = {
      reviews: Number(reviewTotal[0]?.n ?? 0),
      questions: Number(questionTotal[0]?.n ?? 0),
      answers: Number(answerTotal[0]?.n ?? 0),
    };
    const tab: ProfileTab =
      options.tab ??
      (["reviews", "questions", "answers"] as const).find((t) => counts[t] > 0) ??
      "reviews";
    const offset = (options.page - 1) * options.pageSize;
    const dealName = sql<string>`coalesce(nullif(${deals.publicName}, ''), ${deals.name})`;

    let entries: ProfileEntry[];
    if (tab !== "answers") {
      const kind = tab === "reviews" ? "review" : "question";
      const list = await db
        .select({
          id: comments.id,
          slug: deals.slug,
          dealName,
          title: comments.title,
          comment: comments.comment,
          rating: comments.rating,
          created: comments.createdAt,
          edited: comments.editedAt,
          upVotes: comments.upVotes,
        })
        .from(comments)
        .innerJoin(deals, eq(deals.id, comments.dealId))
        .where(topWhere(user.id, kind))
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .limit(options.pageSize)
        .offset(offset);
      entries = list.map((r) => ({
        id: r.id,
        kind,
        deal: { slug: r.slug, name: r.dealName },
        title: r.title ?? "",
        comment: r.comment,
        rating: kind === "review" ? r.rating : null,
        created: r.created,
        edited: r.edited,
        upVotes: r.upVotes,
        path: displayPath(r.slug, kind, r.id, r.title ?? ""),
        founderTeam: false,
      }));
    } else {
      const list = await db
        .select({
          id: comments.id,
          slug: deals.slug,
          dealName,
          questionId: question.id,
          title: question.title,
          comment: comments.comment,
          created: comments.createdAt,
          edited: comments.editedAt,
          upVotes: comments.upVotes,
          answerType: comments.answerType,
        })
        .from(comments)
        .innerJoin(deals, eq(deals.id, comments.dealId))
        .innerJoin(question, eq(question.id, comments.rootId))
        .innerJoin(parent, eq(parent.id, comments.parentId))
        .where(answerWhere(user.id))
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .limit(options.pageSize)
        .offset(offset);
      entries = list.map((r) => ({
        id: r.id,
        kind: "answer",
        deal: { slug: r.slug, name: r.dealName },
        title: r.title ?? "",
        comment: r.comment,
        rating: null,
        created: r.created,
        edited: r.edited,
        upVotes: r.upVotes,
        path: displayPath(r.slug, "question", r.questionId, r.title ?? ""),
        founderTeam: r.answerType === "founder_team",
      }));
    }

    const founderOf = JSON.parse(user.founderOf) as { slug: string; name: string }[];
    return {
      user: {
        id: user.id,
        username: user.username,
        name: `${user.firstName} ${user.lastName}`.trim() || user.username,
        avatar: user.avatar,
        title: user.title,
        dateJoined: user.dateJoined,
        isBot: user.isBot,
        hasPlus: Boolean(user.hasPlus),
        founderOf,
      },
      counts,
      tab,
      page: options.page,
      pageSize: options.pageSize,
      entries,
    };
  }

  return { profile };
}
