import { and, eq, ne, sql } from "drizzle-orm";
import { questionForOwnersEmail } from "../../../domain/messages";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { deals } from "../../db/schema/catalog";
import { comments } from "../../db/schema/discussions";
import { dealOwners } from "../../db/schema/ownership";
import { EMAIL_TOPIC } from "../accounts/accounts";
import type { Outbox } from "../jobs/outbox";
import { dealKeyWhere } from "./deal-key";
import { displayPath } from "./item-paths";
import type { Viewer } from "./types";
import type { Tx } from "./write-context";

// Questions routed to owners (issue 33, decision 070): owners of a deal who opted in
// (users.answers_owner_questions) are asked each new approved question on it. The write that
// makes a question public enqueues one job (QUESTION_FOR_OWNERS_TOPIC) in its own transaction;
// the job e-mails the owners who are asked at the time it runs. Part B of issue 33 (notifications,
// with per-topic unsubscribe) may take over the job's handler: the topic and its payload are the
// contract ({ dealId, questionId }).

export const QUESTION_FOR_OWNERS_TOPIC = "discussions.question_for_owners";

/** Enqueues the owners' job for a question that just became public. */
export async function askOwners(
  tx: Tx,
  outbox: Outbox,
  dealId: number,
  questionId: number,
): Promise<void> {
  await outbox.enqueue(tx, {
    kind: "job",
    topic: QUESTION_FOR_OWNERS_TOPIC,
    payload: { dealId, questionId },
  });
}

export function createOwnerAnswers(deps: { db: Db; outbox: Outbox; publicUrl?: string }) {
  const { db, outbox } = deps;

  /**
   * Who is asked a new question on the deal: its current owners of a plan who opted in, not
   * blacklisted from the community, not bots, and not the one asking.
   */
  async function ownersToAsk(
    dealId: number,
    exceptUserId: number | null = null,
  ): Promise<{ id: number; email: string }[]> {
    return db
      .select({ id: users.id, email: users.email })
      .from(dealOwners)
      .innerJoin(users, eq(users.id, dealOwners.userId))
      .where(
        and(
          eq(dealOwners.dealId, dealId),
          sql`${dealOwners.planItems} > 0`,
          eq(users.answersOwnerQuestions, true),
          eq(users.commentBlacklist, false),
          eq(users.isBot, false),
          eq(users.isActive, true),
          exceptUserId == null ? undefined : ne(users.id, exceptUserId),
        ),
      )
      .orderBy(users.id);
  }

  /** The signed-in user's choice to be asked questions on the deals they own. */
  async function setAskOwnerQuestions(user: NonNullable<Viewer>, value: boolean): Promise<void> {
    await db.update(users).set({ answersOwnerQuestions: value }).where(eq(users.id, user.id));
  }

  async function askOwnerQuestions(user: NonNullable<Viewer>): Promise<boolean> {
    const [row] = await db
      .select({ value: users.answersOwnerQuestions })
      .from(users)
      .where(eq(users.id, user.id));
    return Boolean(row?.value);
  }

  /** The job: one e-mail per owner asked, if the question is still public. */
  outbox.handle(QUESTION_FOR_OWNERS_TOPIC, async (message) => {
    const dealId = Number(message.payload.dealId);
    const questionId = Number(message.payload.questionId);
    if (!Number.isInteger(dealId) || !Number.isInteger(questionId)) return;
    const [question] = await db
      .select({
        title: comments.title,
        userId: comments.userId,
        slug: deals.slug,
        name: deals.publicName,
      })
      .from(comments)
      .innerJoin(deals, eq(deals.id, comments.dealId))
      .where(
        and(
          eq(comments.id, questionId),
          eq(comments.dealId, dealId),
          eq(comments.kind, "question"),
          eq(comments.status, "approved"),
          // The deal is still public (the publication rule, read as an anonymous reader).
          dealKeyWhere(String(dealId), null),
        ),
      );
    if (!question) return;
    const owners = await ownersToAsk(dealId, question.userId);
    const path = displayPath(question.slug, "question", questionId, question.title ?? "");
    const link = `${deps.publicUrl ?? ""}${path}`;
    const mail = questionForOwnersEmail(question.name, question.title ?? "", link);
    await db.transaction(async (tx) => {
      for (const owner of owners) {
        await outbox.enqueue(tx, {
          kind: "email",
          topic: EMAIL_TOPIC,
          payload: { to: owner.email, ...mail, template: "question_for_owner" },
        });
      }
    });
  });

  return { ownersToAsk, setAskOwnerQuestions, askOwnerQuestions };
}
