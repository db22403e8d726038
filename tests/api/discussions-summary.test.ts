import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments, deals, outbox } from "../../server/db/schema";
import { SUMMARY_TOPIC } from "../../server/services/discussions/aggregates";
import { buildReviewsSummary } from "../../server/services/discussions/summary";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";

// The extractive reviews summary: built from approved reviews only, with its evidence, rebuilt by
// the outbox worker when approved reviews grow by 20% or fall by 5%.

type Statement = { text: string; count: number; review_ids: number[]; theme: string[] };
type Summary = {
  text: string;
  statements: Statement[];
  based_on: number | null;
  label: string | null;
  generated_at: string;
};

let app: TestApp;
const ids: Record<string, number> = {};
const creds: Record<string, Credentials> = {};

async function call(method: "GET" | "POST", url: string, who?: string, payload?: unknown) {
  return app.send(method, url, payload, who ? creds[who] : undefined);
}

const queuedJobs = async () =>
  app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.topic, SUMMARY_TOPIC), eq(outbox.status, "pending")));

async function summary(slug: string): Promise<Summary | null> {
  const res = await call("GET", `/api/v2/deals/${ids[slug]}/reviews_summary/`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { reviews_summary: Summary | null }).reviews_summary;
}

async function approvedReviewIds(dealId: number) {
  const rows = await app.database.db
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.dealId, dealId),
        eq(comments.kind, "review"),
        isNull(comments.parentId),
        eq(comments.status, "approved"),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

beforeAll(async () => {
  app = await createTestApp();
  for (const slug of ["taskflow", "infohub"]) {
    const [row] = await app.database.db.select().from(deals).where(eq(deals.slug, slug));
    ids[slug] = row?.id as number;
  }
  for (const who of ["staff", "shopper", "plus", "buyer"])
    creds[who] = await app.login(`${who}@payonce.test`);
});

describe("reviews summary", () => {
  it("reads an older plain-text summary as text without evidence", async () => {
    const s = await summary("taskflow");
    expect(s?.text).toMatch(/TaskFlow/);
    expect(s?.statements).toEqual([]);
    expect(s?.based_on).toBeNull();
    expect(await summary("infohub")).toBeNull();
  });

  it("builds statements from shared themes, each with its backing reviews", () => {
    const now = new Date("2025-01-01T00:00:00Z");
    const s = buildReviewsSummary(
      [
        {
          id: 1,
          title: "Great portal",
          rating: 5,
          comment: "The client portal is great. Support was slow.",
        },
        {
          id: 2,
          title: "Love it",
          rating: 4,
          comment: "Our clients love the client portal. Setup took minutes.",
        },
        {
          id: 3,
          title: "Meh",
          rating: 2,
          comment: "Support was slow to answer. The client portal is fine.",
        },
        { id: 4, title: "Good", rating: 4, comment: "Setup took minutes and it just works." },
      ],
      now,
    );
    expect(s?.based_on).toBe(4);
    expect(s?.label).toBe("Based on 4 reviews");
    expect(s?.generated_at).toBe(now.toISOString());
    const portal = s?.statements.find((st) => st.theme.join(" ") === "client portal");
    expect(portal).toMatchObject({ count: 3, review_ids: [1, 2, 3] });
    for (const st of s?.statements ?? []) {
      expect(st.count).toBe(st.review_ids.length);
      expect(st.count).toBeGreaterThanOrEqual(2);
    }
    expect(buildReviewsSummary([], now)).toBeNull();
  });

  it("a first approved review queues a summary; the worker writes it with its evidence", async () => {
    const res = await call("POST", `/api/v2/deals/${ids.infohub}/reviews/`, "shopper", {
      title: "Clear explanations",
      rating: 5,
      comment: "The guides are clear and the examples are practical. I learned a lot.",
    });
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { id: number }).id;
    // Pending: nothing is queued and nothing is summarised.
    expect(await queuedJobs()).toHaveLength(0);
    await call("POST", `/api/v2/deals/${ids.infohub}/reviews/${id}/approve/`, "staff", {
      approved: "approved",
    });
    expect(await queuedJobs()).toHaveLength(1);
    await app.services.outbox.runOnce();
    const s = await summary("infohub");
    expect(s).toMatchObject({ based_on: 1, label: "Based on 1 review" });
    expect(s?.statements[0]?.review_ids).toEqual([id]);
  });

  it("never summarises pending or declined reviews", async () => {
    const pending = await call("POST", `/api/v2/deals/${ids.infohub}/reviews/`, "plus", {
      title: "Pending opinion",
      rating: 1,
      comment: "The guides are clear but this is a pending review about examples.",
    });
    const pendingId = (pending.json() as { id: number }).id;
    await app.services.discussions.regenerateSummary(ids.infohub as number);
    const s = await summary("infohub");
    expect(s?.based_on).toBe(1);
    for (const st of s?.statements ?? []) expect(st.review_ids).not.toContain(pendingId);
    // Approving the second review is +100%: queued again.
    await call("POST", `/api/v2/deals/${ids.infohub}/reviews/${pendingId}/approve/`, "staff", {
      approved: "approved",
    });
    expect(await queuedJobs()).toHaveLength(1);
    await app.services.outbox.runOnce();
    expect((await summary("infohub"))?.based_on).toBe(2);
  });

  it("on a large deal, queues only when approved reviews fall by 5% (or grow by 20%)", async () => {
    const dealId = ids.taskflow as number;
    await app.services.discussions.regenerateSummary(dealId);
    const s = await summary("taskflow");
    const approved = await approvedReviewIds(dealId);
    expect(s?.based_on).toBe(approved.size);
    expect(s?.statements.length).toBeGreaterThan(0);
    for (const st of s?.statements ?? []) {
      expect(st.count).toBe(st.review_ids.length);
      for (const id of st.review_ids) expect(approved.has(id)).toBe(true);
    }
    const previous = approved.size;
    const list = [...approved];
    let denied = 0;
    while (previous - denied > previous * 0.95) {
      expect(await queuedJobs()).toHaveLength(0);
      const id = list[denied] as number;
      const res = await call("POST", `/api/v2/deals/${dealId}/reviews/${id}/approve/`, "staff", {
        approved: "denied",
      });
      expect(res.statusCode).toBe(200);
      denied++;
    }
    expect(await queuedJobs()).toHaveLength(1);
    await app.services.outbox.runOnce();
    const after = await summary("taskflow");
    expect(after?.based_on).toBe(previous - denied);
    for (const st of after?.statements ?? []) {
      for (const id of list.slice(0, denied)) expect(st.review_ids).not.toContain(id);
    }
  });

  it("links a statement's evidence to approved reviews of the deal only", async () => {
    const dealId = ids.taskflow as number;
    const approved = [...(await approvedReviewIds(dealId))].slice(0, 3);
    const [declined] = await app.database.db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.dealId, dealId), eq(comments.status, "declined")))
      .limit(1);
    const [question] = await app.database.db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.dealId, dealId), eq(comments.kind, "question")))
      .limit(1);
    const links = await app.services.discussions.approvedReviewLinks(
      { id: dealId, slug: "taskflow" },
      [...approved, declined?.id ?? 0, question?.id ?? 0, 99999999],
    );
    expect([...links.keys()].sort((a, b) => a - b)).toEqual([...approved].sort((a, b) => a - b));
    for (const [id, link] of links) {
      expect(link.displayPath).toMatch(
        new RegExp(`^/products/taskflow/reviews/[a-z0-9-]+-${id}/$`),
      );
    }
    expect(
      (await app.services.discussions.approvedReviewLinks({ id: dealId, slug: "x" }, [])).size,
    ).toBe(0);
  });

  it("answers 404 for an unknown deal", async () => {
    expect((await call("GET", "/api/v2/deals/99999999/reviews_summary/")).statusCode).toBe(404);
    expect((await call("GET", "/api/v2/deals/taskflow/reviews_summary")).statusCode).toBe(200);
  });
});
