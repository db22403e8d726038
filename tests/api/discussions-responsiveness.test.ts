import { and, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments, deals } from "../../server/db/schema";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";

// Founder responsiveness (issue 3, "Beyond the spec"): of a deal's approved top-level questions,
// how many the founder team answered and the median time to the first founder answer. The
// expected values are computed here from the reply rows themselves, not from the counters the
// write side keeps.

type Responsiveness = {
  questions: number;
  answered: number;
  answered_share: number;
  median_first_answer_seconds: number | null;
  /** Owners' answers beside the founders' (issue 33). */
  owners_answered: number;
  owners_median_first_answer_seconds: number | null;
};

let app: TestApp;
const ids: Record<string, number> = {};
const creds: Record<string, Credentials> = {};

async function call(method: "GET" | "POST", url: string, who?: string, payload?: unknown) {
  return app.send(method, url, payload, who ? creds[who] : undefined);
}

async function responsiveness(key: string | number): Promise<Responsiveness> {
  const res = await call("GET", `/api/v2/deals/${key}/founder_responsiveness/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Responsiveness;
}

/** The expected figures, from each approved question's earliest approved non-bot founder answer. */
async function expected(dealId: number): Promise<Responsiveness> {
  const rows = await app.database.db
    .select({
      wait: sql<number | string | null>`(select extract(epoch from min(r.created_at)
          - comments.created_at)::float8
        from comments r join users u on u.id = r.user_id
        where r.root_id = comments.id and r.answer_type = 'founder_team'
          and r.status = 'approved' and not u.is_bot)`,
      ownerWait: sql<number | string | null>`(select extract(epoch from min(r.created_at)
          - comments.created_at)::float8
        from comments r
        where r.root_id = comments.id and r.answer_type = 'verified_owner'
          and r.status = 'approved')`,
    })
    .from(comments)
    .where(
      and(
        eq(comments.dealId, dealId),
        eq(comments.kind, "question"),
        isNull(comments.parentId),
        eq(comments.status, "approved"),
      ),
    );
  const waits = rows
    .filter((r) => r.wait != null)
    .map((r) => Number(r.wait))
    .sort((a, b) => a - b);
  const ownerWaits = rows
    .filter((r) => r.ownerWait != null)
    .map((r) => Number(r.ownerWait))
    .sort((a, b) => a - b);
  const median = medianOf(waits);
  const ownersMedian = medianOf(ownerWaits);
  return {
    questions: rows.length,
    answered: waits.length,
    answered_share: rows.length ? waits.length / rows.length : 0,
    median_first_answer_seconds: median === null ? null : Math.round(median),
    owners_answered: ownerWaits.length,
    owners_median_first_answer_seconds: ownersMedian === null ? null : Math.round(ownersMedian),
  };
}

function medianOf(sorted: number[]): number | null {
  const mid = sorted.length / 2;
  if (sorted.length === 0) return null;
  return sorted.length % 2
    ? (sorted[Math.floor(mid)] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

beforeAll(async () => {
  app = await createTestApp();
  for (const slug of ["taskflow", "infohub"]) {
    const [row] = await app.database.db.select().from(deals).where(eq(deals.slug, slug));
    ids[slug] = row?.id as number;
  }
  for (const who of ["staff", "buyer", "partner"])
    creds[who] = await app.login(`${who}@payonce.test`);
});

describe("founder responsiveness", () => {
  it("matches the seeded questions and their founder answers, by id or slug", async () => {
    const want = await expected(ids.taskflow as number);
    // The seed has answered and unanswered questions: both branches are exercised.
    expect(want.questions).toBeGreaterThan(want.answered);
    expect(want.answered).toBeGreaterThan(0);
    const got = await responsiveness(ids.taskflow as number);
    expect(got.questions).toBe(want.questions);
    expect(got.answered).toBe(want.answered);
    expect(got.answered_share).toBeCloseTo(want.answered_share, 10);
    expect(got.median_first_answer_seconds).toBe(want.median_first_answer_seconds);
    expect(await responsiveness("taskflow")).toEqual(got);
  });

  it("a deal without questions has none answered and no median", async () => {
    const want = await expected(ids.infohub as number);
    expect(await responsiveness("infohub")).toEqual(want);
    if (want.questions === 0) {
      expect(want).toEqual({
        questions: 0,
        answered: 0,
        answered_share: 0,
        median_first_answer_seconds: null,
        owners_answered: 0,
        owners_median_first_answer_seconds: null,
      });
    }
  });

  it("counts a new approved question; a founder answer makes it answered, a pending one does not", async () => {
    const dealId = ids.taskflow as number;
    const before = await responsiveness(dealId);
    const q = await call("POST", `/api/v2/deals/${dealId}/questions/`, "buyer", {
      title: "Does the responsiveness figure count me?",
    });
    expect(q.statusCode, q.body).toBe(201);
    const question = q.json() as { id: number; status: string };
    // A pending question is not counted until it is approved.
    if (question.status !== "approved") {
      expect((await responsiveness(dealId)).questions).toBe(before.questions);
      const ok = await call(
        "POST",
        `/api/v2/deals/${dealId}/questions/${question.id}/approve/`,
        "staff",
        { approved: "approved" },
      );
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const asked = await responsiveness(dealId);
    expect(asked.questions).toBe(before.questions + 1);
    expect(asked.answered).toBe(before.answered);
    expect(asked).toEqual(await expected(dealId));

    // The buyer's own follow-up is no founder answer.
    await call("POST", `/api/v2/deals/${dealId}/questions/${question.id}/reply/`, "buyer", {
      comment: "Any news?",
    });
    expect((await responsiveness(dealId)).answered).toBe(before.answered);

    const reply = await call(
      "POST",
      `/api/v2/deals/${dealId}/questions/${question.id}/reply/`,
      "partner",
      { comment: "Yes: every approved question counts." },
    );
    expect(reply.statusCode, reply.body).toBe(201);
    const answered = await responsiveness(dealId);
    expect(answered.answered).toBe(before.answered + 1);
    expect(answered.answered_share).toBeCloseTo(answered.answered / answered.questions, 10);
    expect(answered).toEqual(await expected(dealId));
  });

  it("answers 404 for an unknown deal", async () => {
    expect((await call("GET", "/api/v2/deals/99999999/founder_responsiveness/")).statusCode).toBe(
      404,
    );
    expect(
      (await call("GET", "/api/v2/deals/no-such-deal/founder_responsiveness/")).statusCode,
    ).toBe(404);
    expect(
      (await call("GET", "/api/v2/deals/bad%20slug!/founder_responsiveness/")).statusCode,
    ).toBe(404);
  });
});
