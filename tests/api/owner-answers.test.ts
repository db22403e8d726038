import { and, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadItemPage } from "../../app/discussions/item-page.server";
import { comments, outbox } from "../../server/db/schema";
import { QUESTION_FOR_OWNERS_TOPIC } from "../../server/services/discussions/owner-answers";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";
import { dealPlans } from "../helpers/commerce";
import { ownLine, verifiedMember } from "../helpers/provenance";

// Questions routed to owners (issue 33, decision 070): an owner's answer is a verified owner's,
// moderated like any reply; answers rank by helpful votes; the deal says whether founders or
// owners answer faster; owners who opt in are asked each new public question (an outbox job that
// e-mails them).

type Reply = { id: number; answer_type: string | null; status: string; up_votes: number };
type Question = { id: number; children: Reply[] };

let app: TestApp;
let deal: Awaited<ReturnType<typeof dealPlans>>;
let staff: Credentials;
let partner: Credentials;
const base = "/api/v2/deals/taskflow/questions";

beforeAll(async () => {
  app = await createTestApp();
  deal = await dealPlans(app, "taskflow");
  staff = await app.login("staff@payonce.test");
  partner = await app.login("partner@payonce.test");
});

async function owner(tag: string) {
  const member = await verifiedMember(app, tag);
  await ownLine(app, {
    userId: member.id,
    dealId: deal.deal.id,
    planId: deal.plan(1).id,
    daysAgo: 20,
  });
  return member;
}

const approve = (id: number) =>
  app.send("POST", `${base}/${id}/approve/`, { approved: "approved" }, staff);

async function approvedQuestion(creds: Credentials): Promise<number> {
  const res = await app.send(
    "POST",
    `${base}/`,
    { title: `Does it export to CSV? ${Math.random()}`, comment: "For our reports." },
    creds,
  );
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: number }).id;
  expect((await approve(id)).statusCode).toBe(200);
  return id;
}

async function answer(questionId: number, creds: Credentials, text: string): Promise<Reply> {
  const res = await app.send("POST", `${base}/${questionId}/reply/`, { comment: text }, creds);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Reply;
}

async function question(id: number, creds?: Credentials): Promise<Question> {
  const res = await app.send("GET", `${base}/${id}/`, undefined, creds);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Question;
}

describe("owners' answers", () => {
  it("types an owner's answer verified_owner, moderated like any reply", async () => {
    const asker = await verifiedMember(app, "asker");
    const qid = await approvedQuestion(asker.creds);
    const byOwner = await answer(qid, (await owner("answering-owner")).creds, "Yes, from Reports.");
    expect(byOwner.answer_type).toBe("verified_owner");
    expect(byOwner.status).toBe("pending");
    // Not public until a moderator approves it.
    expect((await question(qid)).children.map((r) => r.id)).not.toContain(byOwner.id);
    expect((await approve(byOwner.id)).statusCode).toBe(200);
    const shown = (await question(qid, staff)).children.find((r) => r.id === byOwner.id);
    expect(shown?.answer_type).toBe("verified_owner");
    // Someone who does not own the deal answers as no one; the founders as the founder team.
    const byOther = await answer(qid, (await verifiedMember(app, "non-owner")).creds, "No idea.");
    expect(byOther.answer_type).toBeNull();
    expect((await answer(qid, partner, "Yes: Reports > Export.")).answer_type).toBe("founder_team");
    // A review's replies are never an owner's answer.
    const reviews = await app.send("GET", "/api/v2/deals/taskflow/reviews/?items_per_page=1");
    const reviewId = (reviews.json() as { comments: { id: number }[] }).comments[0]?.id;
    const onReview = await app.send(
      "POST",
      `/api/v2/deals/taskflow/reviews/${reviewId}/reply/`,
      { comment: "Same here." },
      (await owner("review-replier")).creds,
    );
    expect(onReview.statusCode, onReview.body).toBe(201);
    expect((onReview.json() as Reply).answer_type).toBeNull();
  });

  it("ranks a question's answers by helpful votes, the oldest first among equals", async () => {
    const qid = await approvedQuestion((await verifiedMember(app, "ranker")).creds);
    const first = await answer(qid, (await owner("first-owner")).creds, "Via the API.");
    const second = await answer(qid, (await owner("second-owner")).creds, "Reports > Export CSV.");
    const third = await answer(qid, (await owner("third-owner")).creds, "Zapier works too.");
    for (const r of [first, second, third]) await approve(r.id);
    expect((await question(qid)).children.map((r) => r.id)).toEqual([
      first.id,
      second.id,
      third.id,
    ]);
    const voter = await verifiedMember(app, "voter");
    const vote = await app.send(
      "POST",
      `${base}/${second.id}/vote/`,
      { direction: 1 },
      voter.creds,
    );
    expect(vote.statusCode, vote.body).toBe(200);
    expect((await question(qid, voter.creds)).children.map((r) => r.id)).toEqual([
      second.id,
      first.id,
      third.id,
    ]);
  });

  it("says how fast owners answer beside the founders (API and the question's page)", async () => {
    const qid = await approvedQuestion((await verifiedMember(app, "timer")).creds);
    await approve((await answer(qid, (await owner("fast-owner")).creds, "Yes.")).id);
    const res = await app.send("GET", "/api/v2/deals/taskflow/founder_responsiveness/");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      owners_answered: number;
      owners_median_first_answer_seconds: number;
    };
    const [row] = await app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(
        and(
          eq(comments.dealId, deal.deal.id),
          eq(comments.kind, "question"),
          isNull(comments.parentId),
          eq(comments.status, "approved"),
          sql`exists (select 1 from comments r where r.root_id = ${comments.id}
            and r.answer_type = 'verified_owner' and r.status = 'approved')`,
        ),
      );
    expect(body.owners_answered).toBe(row?.n);
    expect(body.owners_median_first_answer_seconds).not.toBeNull();
    const ctx = {
      services: app.services,
      session: null,
      publicConfig: { publicUrl: "http://localhost" },
    } as unknown as Parameters<typeof loadItemPage>[0];
    // The page at the question's one address.
    const path = ((await question(qid)) as Question & { display_path: string }).display_path;
    const segment = path.split("/").at(-2) ?? "";
    const page = await loadItemPage(
      ctx,
      "question",
      "taskflow",
      segment,
      new Request(`http://localhost${path}`),
    );
    expect(page.fasterAnswers).toMatch(/answer faster|Owners answered/);
  });
});

describe("owners asked new questions", () => {
  it("keeps the opt-in per owner (signed in only)", async () => {
    expect((await app.send("GET", "/api/users/owner_questions/")).statusCode).toBe(401);
    expect(
      (await app.send("PUT", "/api/users/owner_questions/", { enabled: true })).statusCode,
    ).toBe(401);
    const member = await owner("opt-in");
    const read = await app.send("GET", "/api/users/owner_questions/", undefined, member.creds);
    expect(read.json()).toEqual({ enabled: false });
    const bad = await app.send(
      "PUT",
      "/api/users/owner_questions/",
      { enabled: "x" },
      member.creds,
    );
    expect(bad.statusCode).toBe(400);
    const on = await app.send(
      "PUT",
      "/api/users/owner_questions/",
      { enabled: true },
      member.creds,
    );
    expect(on.json()).toEqual({ enabled: true });
    expect(
      (await app.send("GET", "/api/users/owner_questions/", undefined, member.creds)).json(),
    ).toEqual({ enabled: true });
  });

  it("lists the opted-in owners and e-mails them each new public question", async () => {
    const asked = await owner("asked");
    const quiet = await owner("quiet");
    await app.send("PUT", "/api/users/owner_questions/", { enabled: true }, asked.creds);
    const ids = (await app.services.discussions.ownersToAsk(deal.deal.id)).map((o) => o.id);
    expect(ids).toContain(asked.id);
    expect(ids).not.toContain(quiet.id);
    // Not the one asking.
    const except = await app.services.discussions.ownersToAsk(deal.deal.id, asked.id);
    expect(except.map((o) => o.id)).not.toContain(asked.id);

    const asker = await verifiedMember(app, "new-asker");
    const posted = await app.send(
      "POST",
      `${base}/`,
      { title: "Can I self-host it?", comment: "On our own servers." },
      asker.creds,
    );
    const qid = (posted.json() as { id: number }).id;
    const jobs = () =>
      app.database.db
        .select()
        .from(outbox)
        .where(
          and(
            eq(outbox.topic, QUESTION_FOR_OWNERS_TOPIC),
            sql`(${outbox.payload}->>'questionId')::int = ${qid}`,
          ),
        );
    // Pending: nobody is asked yet.
    expect(await jobs()).toHaveLength(0);
    await approve(qid);
    expect(await jobs()).toHaveLength(1);
    // The worker runs the job (and whatever else is queued) until the queue is empty.
    for (let i = 0; i < 50 && (await app.services.outbox.runOnce()) > 0; i += 1);
    const mails = await app.database.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.kind, "email"), sql`${outbox.payload}->>'template' = 'question_for_owner'`),
      );
    const to = mails.map((m) => (m.payload as { to: string; text: string }).to);
    expect(to).toContain(asked.email);
    expect(to).not.toContain(quiet.email);
    // This question's e-mail among those of the questions approved earlier in this file.
    const texts = mails
      .map((m) => m.payload as { to: string; text: string })
      .filter((m) => m.to === asked.email)
      .map((m) => m.text);
    expect(texts.some((t) => t.includes("Can I self-host it?"))).toBe(true);
  });
});
