import { and, asc, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadProductPageData } from "../../app/product/page-data.server";
import { commentRatingHistory, comments, founderPosts } from "../../server/db/schema";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";
import { dealPlans } from "../helpers/commerce";
import { ownLine, verifiedMember } from "../helpers/provenance";

// The rating history beside the founders' updates (issue 33, decision 070): each month's ratings
// as they were given (earlier ratings in their own month), the founder posts and changelog
// entries, the lifetime average and the one since the latest update. The expected figures are
// computed here from the rows, not by the route's SQL.

type History = {
  months: { month: string; average: number; count: number }[];
  updates: { date: string; title: string; kind: string }[];
  lifetime: { average: number | null; count: number };
  since_latest_update: { since: string; average: number | null; count: number } | null;
};

let app: TestApp;
let deal: Awaited<ReturnType<typeof dealPlans>>;
let staff: Credentials;
const url = "/api/v2/deals/taskflow/rating_history/";

beforeAll(async () => {
  app = await createTestApp();
  deal = await dealPlans(app, "taskflow");
  staff = await app.login("staff@payonce.test");
});

const round = (n: number) => Math.round(n * 100) / 100;
const monthOf = (d: Date) => d.toISOString().slice(0, 7);

async function expected(dealId: number): Promise<History> {
  const db = app.database.db;
  const approved = and(
    eq(comments.dealId, dealId),
    eq(comments.kind, "review"),
    isNull(comments.parentId),
    eq(comments.status, "approved"),
  );
  const current = await db
    .select({ rating: comments.rating, ratedAt: comments.ratedAt, createdAt: comments.createdAt })
    .from(comments)
    .where(approved);
  const earlier = await db
    .select({ rating: commentRatingHistory.rating, ratedAt: commentRatingHistory.ratedAt })
    .from(commentRatingHistory)
    .innerJoin(comments, eq(comments.id, commentRatingHistory.commentId))
    .where(approved);
  const posts = await db
    .select()
    .from(founderPosts)
    .where(eq(founderPosts.dealId, dealId))
    .orderBy(asc(founderPosts.createdAt), asc(founderPosts.id));
  const given = [
    ...current
      .filter((r) => r.rating != null)
      .map((r) => ({ rating: r.rating as number, at: r.ratedAt ?? r.createdAt })),
    ...earlier.map((r) => ({ rating: r.rating, at: r.ratedAt })),
  ];
  const byMonth = new Map<string, number[]>();
  for (const g of given)
    byMonth.set(monthOf(g.at), [...(byMonth.get(monthOf(g.at)) ?? []), g.rating]);
  const avg = (xs: number[]) =>
    xs.length ? round(xs.reduce((a, b) => a + b, 0) / xs.length) : null;
  const now = current.filter((r) => r.rating != null);
  const latest = posts[posts.length - 1];
  const since = latest
    ? now.filter((r) => (r.ratedAt ?? r.createdAt).getTime() > latest.createdAt.getTime())
    : [];
  return {
    months: [...byMonth.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, xs]) => ({ month, average: avg(xs) ?? 0, count: xs.length })),
    updates: posts.map((p) => ({ date: p.createdAt.toISOString(), title: p.title, kind: p.kind })),
    lifetime: { average: avg(now.map((r) => r.rating as number)), count: now.length },
    since_latest_update: latest
      ? {
          since: latest.createdAt.toISOString(),
          average: avg(since.map((r) => r.rating as number)),
          count: since.length,
        }
      : null,
  };
}

describe("GET /api/v2/deals/{id}/rating_history/", () => {
  it("answers the months, the updates and both averages, by id or slug", async () => {
    const res = await app.send("GET", url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as History;
    expect(body).toEqual(await expected(deal.deal.id));
    // The demo data: a founders' post and a changelog entry; on mailbeam (two months old),
    // months of ratings with an earlier rating among them.
    expect(body.updates.map((u) => u.kind)).toEqual(expect.arrayContaining(["post", "changelog"]));
    expect(body.since_latest_update).not.toBeNull();
    const mailbeam = await app.send("GET", "/api/v2/deals/mailbeam/rating_history/");
    const demo = mailbeam.json() as History;
    expect(demo.months.length).toBeGreaterThan(1);
    expect(demo.updates.map((u) => u.kind)).toEqual(expect.arrayContaining(["post", "changelog"]));
    const mailbeamId = (await dealPlans(app, "mailbeam")).deal.id;
    expect(demo).toEqual(await expected(mailbeamId));
    const byId = await app.send("GET", `/api/v2/deals/${deal.deal.id}/rating_history/`);
    expect(byId.json()).toEqual(body);
  });

  it("is kept for anonymous readers until a review of the deal changes", async () => {
    const first = await app.send("GET", url);
    const kept = await app.send("GET", url);
    expect(kept.headers["x-cache"]).toBe("HIT");
    expect(kept.json()).toEqual(first.json());
    // A new approved review is a page event of the deal: the next answer counts it.
    const member = await verifiedMember(app, "history");
    await ownLine(app, {
      userId: member.id,
      dealId: deal.deal.id,
      planId: deal.plan(1).id,
      daysAgo: 1,
    });
    const posted = await app.send(
      "POST",
      "/api/v2/deals/taskflow/reviews/",
      { title: "After the update", rating: 5, comment: "Much better now." },
      member.creds,
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const id = (posted.json() as { id: number }).id;
    await app.send(
      "POST",
      `/api/v2/deals/taskflow/reviews/${id}/approve/`,
      { approved: "approved" },
      staff,
    );
    const after = await app.send("GET", url);
    expect(after.headers["x-cache"]).toBe("MISS");
    const body = after.json() as History;
    expect(body.lifetime.count).toBe((first.json() as History).lifetime.count + 1);
    expect(body).toEqual(await expected(deal.deal.id));
  });

  it("counts a changed rating in the month it was given, and the earlier one in its own", async () => {
    const member = await verifiedMember(app, "rerater");
    await ownLine(app, {
      userId: member.id,
      dealId: deal.deal.id,
      planId: deal.plan(1).id,
      daysAgo: 1,
    });
    const posted = await app.send(
      "POST",
      "/api/v2/deals/taskflow/reviews/",
      { title: "Was broken", rating: 1, comment: "Sync failed." },
      member.creds,
    );
    const id = (posted.json() as { id: number }).id;
    const approve = () =>
      app.send(
        "POST",
        `/api/v2/deals/taskflow/reviews/${id}/approve/`,
        { approved: "approved" },
        staff,
      );
    await approve();
    // The earlier rating was given two months ago (as if the review were that old).
    const twoMonthsAgo = new Date(Date.now() - 62 * 86_400_000);
    await app.database.db
      .update(comments)
      .set({ createdAt: twoMonthsAgo })
      .where(eq(comments.id, id));
    const edit = await app.send(
      "PUT",
      `/api/v2/deals/taskflow/reviews/${id}/edit/`,
      { title: "Fixed", rating: 4, comment: "Sync works since 2.1." },
      member.creds,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    await approve();
    const [kept] = await app.database.db
      .select()
      .from(commentRatingHistory)
      .where(eq(commentRatingHistory.commentId, id));
    expect(kept?.rating).toBe(1);
    expect(kept?.ratedAt.toISOString()).toBe(twoMonthsAgo.toISOString());
    const res = await app.send("GET", url, undefined, staff);
    expect(res.json()).toEqual(await expected(deal.deal.id));
  });

  it("is what the product page draws (the page door)", async () => {
    const ctx = { services: app.services, session: null } as unknown as Parameters<
      typeof loadProductPageData
    >[0];
    const data = await loadProductPageData(ctx, "taskflow");
    const api = await app.send("GET", url, undefined, staff);
    expect(data?.ratingHistory).toEqual(api.json());
  });

  it("is a 404 for a deal that does not exist", async () => {
    expect((await app.send("GET", "/api/v2/deals/no-such-deal/rating_history/")).statusCode).toBe(
      404,
    );
    expect((await app.send("GET", "/api/v2/deals/99999999/rating_history/")).statusCode).toBe(404);
  });
});
