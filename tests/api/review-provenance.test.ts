import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadListPage } from "../../app/discussions/list-page.server";
import { comments } from "../../server/db/schema";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";
import { dealPlans } from "../helpers/commerce";
import { ownLine, refundLine, verifiedMember } from "../helpers/provenance";

// Review provenance (issue 33, decision 070): each review says what its author's purchases of
// the deal are (plan, days owned, refund since, transfer) and whether it changed after the
// founders' reply, keeping its earlier ratings; the reviews list filters to owners and to
// videos. Each test makes its own members, lines and reviews on taskflow.

type Provenance = {
  verified_purchase: boolean;
  plan: string | null;
  days_owned: number | null;
  refunded: boolean;
  by_transfer: boolean;
  updated_after_reply: boolean;
};
type ReviewJson = {
  id: number;
  rating: number;
  video_file: string | null;
  provenance: Provenance;
  rating_history: { rating: number; rated_at: string }[];
  children: { id: number }[];
};

let app: TestApp;
let deal: Awaited<ReturnType<typeof dealPlans>>;
let staff: Credentials;
let partner: Credentials;
const base = "/api/v2/deals/taskflow/reviews";

beforeAll(async () => {
  app = await createTestApp();
  deal = await dealPlans(app, "taskflow");
  staff = await app.login("staff@payonce.test");
  partner = await app.login("partner@payonce.test");
});

/** A member's approved review (posted through the API, approved by staff). */
async function approvedReview(creds: Credentials, rating = 4): Promise<number> {
  const res = await app.send(
    "POST",
    `${base}/`,
    { title: `Provenance ${rating} ${Math.random()}`, rating, comment: "Used it for a month." },
    creds,
  );
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: number }).id;
  const ok = await app.send("POST", `${base}/${id}/approve/`, { approved: "approved" }, staff);
  expect(ok.statusCode, ok.body).toBe(200);
  return id;
}

async function review(id: number, creds?: Credentials): Promise<ReviewJson> {
  const res = await app.send("GET", `${base}/${id}/`, undefined, creds);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReviewJson;
}

// First: before any test of this file adds reviews of its own.
describe("the demo data", () => {
  it("shows provenance of every kind on taskflow", async () => {
    const res = await app.send(
      "GET",
      `${base}/?items_per_page=100&sort=date&order=asc`,
      undefined,
      staff,
    );
    const all: ReviewJson[] = (res.json() as { comments: ReviewJson[] }).comments;
    // Every page of the deal's reviews (a few hundred at most).
    for (let page = 2; page <= 50; page += 1) {
      const more = await app.send(
        "GET",
        `${base}/?items_per_page=100&sort=date&order=asc&page=${page}`,
        undefined,
        staff,
      );
      const rows = (more.json() as { comments: ReviewJson[] }).comments;
      if (rows.length === 0) break;
      all.push(...rows);
    }
    const p = all.map((r) => r.provenance);
    expect(p.some((x) => x.verified_purchase && x.plan !== null && x.days_owned !== null)).toBe(
      true,
    );
    expect(p.some((x) => x.refunded)).toBe(true);
    expect(p.some((x) => x.by_transfer)).toBe(true);
    expect(p.some((x) => x.updated_after_reply)).toBe(true);
    expect(all.some((r) => r.rating_history.length > 0)).toBe(true);
  });
});

describe("review provenance", () => {
  it("says the plan the author owns and how many days they owned it before reviewing", async () => {
    const member = await verifiedMember(app, "owner");
    const tier2 = deal.plan(2);
    await ownLine(app, {
      userId: member.id,
      dealId: deal.deal.id,
      planId: tier2.id,
      daysAgo: 34.2,
    });
    const id = await approvedReview(member.creds);
    const item = await review(id);
    expect(item.provenance).toEqual({
      verified_purchase: true,
      plan: tier2.publicName,
      days_owned: 34,
      refunded: false,
      by_transfer: false,
      updated_after_reply: false,
    });
    expect(item.rating_history).toEqual([]);
    // The list carries the same, from its one page statement (staff: no answer cache).
    const list = await app.send("GET", `${base}/?items_per_page=5`, undefined, staff);
    const row = (list.json() as { comments: ReviewJson[] }).comments.find((c) => c.id === id);
    expect(row?.provenance).toEqual(item.provenance);
  });

  it("counts a transferred plan from the transfer, and says it came by transfer", async () => {
    const member = await verifiedMember(app, "recipient");
    await ownLine(app, {
      userId: member.id,
      dealId: deal.deal.id,
      planId: deal.plan(1).id,
      daysAgo: 90,
      transferredDaysAgo: 3.5,
    });
    const item = await review(await approvedReview(member.creds));
    expect(item.provenance).toMatchObject({
      verified_purchase: true,
      plan: deal.plan(1).publicName,
      days_owned: 3,
      by_transfer: true,
      refunded: false,
    });
  });

  it("says 'refunded since' once the author's purchase is refunded after the review", async () => {
    const member = await verifiedMember(app, "refunded");
    const line = await ownLine(app, {
      userId: member.id,
      dealId: deal.deal.id,
      planId: deal.plan(1).id,
      daysAgo: 10,
    });
    const id = await approvedReview(member.creds, 1);
    expect((await review(id)).provenance.refunded).toBe(false);
    await refundLine(app, line);
    expect((await review(id, staff)).provenance).toEqual({
      verified_purchase: false,
      plan: null,
      days_owned: null,
      refunded: true,
      by_transfer: false,
      updated_after_reply: false,
    });
  });

  it("keeps the earlier rating and says the review changed after the founder's reply", async () => {
    const member = await verifiedMember(app, "updater");
    await ownLine(app, {
      userId: member.id,
      dealId: deal.deal.id,
      planId: deal.plan(1).id,
      daysAgo: 5,
    });
    const id = await approvedReview(member.creds, 2);
    const answer = await app.send(
      "POST",
      `${base}/${id}/reply/`,
      { comment: "Fixed in 2.1, thanks for the report." },
      partner,
    );
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await review(id, staff)).provenance.updated_after_reply).toBe(false);
    const edit = await app.send(
      "PUT",
      `${base}/${id}/edit/`,
      { title: "Fixed now", rating: 5, comment: "The sync bug is gone." },
      member.creds,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    await app.send("POST", `${base}/${id}/approve/`, { approved: "approved" }, staff);
    const item = await review(id, staff);
    expect(item.rating).toBe(5);
    expect(item.provenance.updated_after_reply).toBe(true);
    expect(item.rating_history.map((r) => r.rating)).toEqual([2]);
    // An edit that keeps the rating adds nothing to the history.
    await app.send(
      "PUT",
      `${base}/${id}/edit/`,
      { title: "Fixed now", rating: 5, comment: "The sync bug is gone for good." },
      member.creds,
    );
    expect((await review(id, member.creds)).rating_history.map((r) => r.rating)).toEqual([2]);
  });

  it("is on reviews only", async () => {
    const res = await app.send("GET", "/api/v2/deals/taskflow/questions/?items_per_page=3");
    expect(res.statusCode).toBe(200);
    for (const q of (res.json() as { comments: Record<string, unknown>[] }).comments) {
      expect(q).not.toHaveProperty("provenance");
    }
  });
});

describe("the reviews list's filters", () => {
  const approvedTaskflow = () =>
    and(
      eq(comments.dealId, deal.deal.id),
      eq(comments.kind, "review"),
      isNull(comments.parentId),
      eq(comments.status, "approved"),
    );

  it("lists the reviews of current owners with ?verified=true", async () => {
    const owner = await verifiedMember(app, "filter-owner");
    await ownLine(app, {
      userId: owner.id,
      dealId: deal.deal.id,
      planId: deal.plan(1).id,
      daysAgo: 2,
    });
    const kept = await approvedReview(owner.creds);
    const gone = await verifiedMember(app, "filter-refunded");
    const line = await ownLine(app, {
      userId: gone.id,
      dealId: deal.deal.id,
      planId: deal.plan(1).id,
      daysAgo: 2,
    });
    const refunded = await approvedReview(gone.creds);
    await refundLine(app, line);
    const res = await app.send("GET", `${base}/?verified=true&items_per_page=100`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { comments: ReviewJson[]; meta: { total: number } };
    expect(body.comments.every((c) => c.provenance.verified_purchase)).toBe(true);
    const ids = body.comments.map((c) => c.id);
    expect(ids).toContain(kept);
    expect(ids).not.toContain(refunded);
    const [expected] = await app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(
        and(
          approvedTaskflow(),
          sql`exists (select 1 from deal_owners dow where dow.user_id = ${comments.userId}
            and dow.deal_id = ${comments.dealId})`,
        ),
      );
    expect(body.meta.total).toBe(expected?.n);
  });

  it("lists video reviews with ?video=true", async () => {
    const res = await app.send("GET", `${base}/?video=true&items_per_page=100`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { comments: ReviewJson[]; meta: { total: number } };
    const [expected] = await app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(and(approvedTaskflow(), isNotNull(comments.videoMediaId)));
    expect(body.meta.total).toBe(expected?.n);
    expect(body.comments.length).toBe(Math.min(100, expected?.n ?? 0));
    expect(body.comments.every((c) => c.video_file !== null)).toBe(true);
  });

  it("refuses a filter value that is not a boolean (400)", async () => {
    expect((await app.send("GET", `${base}/?verified=maybe`)).statusCode).toBe(400);
    expect((await app.send("GET", `${base}/?video=2`)).statusCode).toBe(400);
  });

  it("filters on the reviews page too, with the labels on the cards", async () => {
    const ctx = {
      services: app.services,
      session: null,
      publicConfig: { publicUrl: "http://localhost" },
    } as unknown as Parameters<typeof loadListPage>[0];
    const request = new Request("http://localhost/products/taskflow/reviews/?verified=true");
    const page = await loadListPage(ctx, "review", "taskflow", request);
    expect(page.params.verified).toBe(true);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((i) => i.provenance?.verifiedPurchase)).toBe(true);
  });
});
