import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments, deals } from "../../server/db/schema";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";
import type { Item, Reply } from "../helpers/discussions";

// The read side of the discussion API (spec 000 section 7) against the seeded demo deal taskflow.

type ListBody = { comments: Item[]; meta: { total: number }; search_after: string | null };

let app: TestApp;
let deal: typeof deals.$inferSelect;
const creds: Record<string, Credentials> = {};

async function get(url: string, who?: string) {
  const cookies = who ? creds[who]?.cookies : undefined;
  return app.inject({ method: "GET", url, ...(cookies ? { cookies } : {}) });
}

async function list(kind: "reviews" | "questions", query = "", who?: string): Promise<ListBody> {
  const res = await get(`/api/v2/deals/${deal.id}/${kind}/${query ? `?${query}` : ""}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListBody;
}

/** Every item of a list, walking the search_after cursor. */
async function walk(kind: "reviews" | "questions", query: string, who?: string) {
  const ids: number[] = [];
  let cursor: string | null = null;
  let total = 0;
  for (let guard = 0; guard < 100; guard++) {
    const after: string = cursor ? `&search_after=${encodeURIComponent(cursor)}` : "";
    const body = await list(kind, `${query}${after}`, who);
    total = body.meta.total;
    ids.push(...body.comments.map((c) => c.id));
    cursor = body.search_after;
    if (!cursor) break;
  }
  return { ids, total };
}

beforeAll(async () => {
  app = await createTestApp();
  const rows = await app.database.db.select().from(deals).where(eq(deals.slug, "taskflow"));
  deal = rows[0] as typeof deals.$inferSelect;
  for (const who of ["staff", "partner", "moderator", "buyer", "reviewer", "shopper"]) {
    creds[who] = await app.login(`${who}@payonce.test`);
  }
});

describe("review and question lists", () => {
  it("pages by number in the same order as one long page, for every sort", async () => {
    for (const sort of ["date", "helpful", "rating", "latest"]) {
      const whole = await list("reviews", `sort=${sort}&items_per_page=30`);
      const second = await list("reviews", `sort=${sort}&items_per_page=10&page=2`);
      const third = await list("reviews", `sort=${sort}&items_per_page=10&page=3`);
      expect([...second.comments, ...third.comments].map((c) => c.id)).toEqual(
        whole.comments.slice(10, 30).map((c) => c.id),
      );
      expect(second.comments[0]?.user).toBeTruthy();
    }
  });

  it("answers comments, meta.total and a cursor, 20 to a page by default", async () => {
    const body = await list("reviews");
    expect(body.comments).toHaveLength(20);
    expect(body.search_after).toEqual(expect.any(String));
    const first = body.comments[0] as Item;
    expect(first).toMatchObject({
      deal_id: deal.id,
      status: "approved",
      user_vote: 0,
      video_file: null,
      video_thumbnail: null,
    });
    expect(first).toHaveProperty("rating");
    expect(first.display_path).toMatch(
      new RegExp(`^/products/taskflow/reviews/([a-z0-9-]+-)?${first.id}/$`),
    );
    expect(first.user).toMatchObject({
      id: expect.any(Number),
      username: expect.any(String),
      name: expect.any(String),
      has_plus: expect.any(Boolean),
      deals_purchased: expect.any(Number),
      email_verified: expect.any(Boolean),
      is_founder: false,
      verified_purchaser: expect.any(Boolean),
    });
    for (const c of body.comments) expect(c.status).toBe("approved");
  });

  it("counts for anonymous exactly the deal's review_count aggregate", async () => {
    const body = await list("reviews");
    expect(body.meta.total).toBe(deal.reviewCount);
    expect(body.meta.total).toBeGreaterThan(20);
  });

  it("takes the deal slug as well as its id, with or without the trailing slash", async () => {
    const bySlug = await get("/api/v2/deals/taskflow/reviews");
    expect(bySlug.statusCode).toBe(200);
    expect((bySlug.json() as ListBody).meta.total).toBe(deal.reviewCount);
  });

  it("filters by rating", async () => {
    for (const rating of [1, 5]) {
      const body = await list("reviews", `rating=${rating}&items_per_page=100`);
      const expected = rating === 1 ? deal.reviewCount1 : deal.reviewCount5;
      expect(body.meta.total).toBe(expected);
      expect(body.comments).toHaveLength(expected);
      for (const c of body.comments) expect(c.rating).toBe(rating);
    }
  });

  it("sorts by helpful votes, most first by default and fewest first with order=asc", async () => {
    const down = (await list("reviews", "sort=helpful&items_per_page=100")).comments;
    const votes = down.map((c) => c.up_votes);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    expect(new Set(votes).size).toBeGreaterThan(1);
    const up = (await list("reviews", "sort=helpful&order=asc&items_per_page=100")).comments;
    expect(up.map((c) => c.up_votes)).toEqual([...votes].reverse());
  });

  it("sorts by rating both ways", async () => {
    const desc = (await list("reviews", "sort=rating&items_per_page=100")).comments;
    const ratings = desc.map((c) => c.rating ?? 0);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const asc = (await list("reviews", "sort=rating&order=asc&items_per_page=100")).comments;
    expect(asc.map((c) => c.rating)).toEqual([...ratings].reverse());
  });

  it("finds a seeded review by a word of its text (full-text query)", async () => {
    const all = (await list("reviews", "items_per_page=100")).comments;
    // The longest word of some title: long enough never to be an English stop word.
    const target = all.find((c) => /[a-z]{6,}/i.test(c.title)) as Item;
    const word = (target.title.match(/[a-z]+/gi) ?? []).sort((a, b) => b.length - a.length)[0];
    const body = await list(
      "reviews",
      `query=${encodeURIComponent(word ?? "")}&items_per_page=100`,
    );
    expect(body.comments.map((c) => c.id)).toContain(target.id);
    expect(body.meta.total).toBe(body.comments.length);
    expect(body.meta.total).toBeLessThanOrEqual(all.length);
    const none = await list("reviews", "query=zzqxjvnotaword");
    expect(none).toEqual({ comments: [], meta: { total: 0 }, search_after: null });
  });

  it("walks every item once with the search_after cursor, ending with null", async () => {
    const everything = (await list("reviews", "items_per_page=100")).comments.map((c) => c.id);
    for (const sort of ["date", "helpful", "rating", "latest"]) {
      for (const order of ["desc", "asc"]) {
        const { ids, total } = await walk(
          "reviews",
          `sort=${sort}&order=${order}&items_per_page=7`,
        );
        expect(new Set(ids).size, `${sort} ${order}`).toBe(ids.length);
        expect(ids).toHaveLength(total);
        expect([...ids].sort((a, b) => a - b)).toEqual([...everything].sort((a, b) => a - b));
        // Keyset pages agree with page numbers.
        const byPage: number[] = [];
        for (let page = 1; (page - 1) * 7 < total; page++) {
          const body = await list(
            "reviews",
            `sort=${sort}&order=${order}&items_per_page=7&page=${page}`,
          );
          byPage.push(...body.comments.map((c) => c.id));
        }
        expect(byPage, `${sort} ${order}`).toEqual(ids);
      }
    }
  });

  it("lets the cursor win over page", async () => {
    const first = await list("reviews", "items_per_page=5");
    const cursor = encodeURIComponent(first.search_after ?? "");
    const second = await list("reviews", `items_per_page=5&page=1&search_after=${cursor}`);
    const page2 = await list("reviews", "items_per_page=5&page=2");
    expect(second.comments.map((c) => c.id)).toEqual(page2.comments.map((c) => c.id));
  });

  it("lists questions with founder-team replies nested under them", async () => {
    const body = await list("questions", "items_per_page=100");
    expect(body.meta.total).toBe(deal.commentCount);
    const first = body.comments[0] as Item;
    expect(first).not.toHaveProperty("rating");
    expect(first).not.toHaveProperty("video_file");
    expect(first.display_path).toMatch(
      new RegExp(`^/products/taskflow/questions/.*-${first.id}/$`),
    );
    const replies = body.comments.flatMap((c) => c.children);
    const founder = replies.find((r) => r.answer_type === "founder_team");
    expect(founder?.user).toMatchObject({ is_founder: true });
    for (const c of body.comments) {
      const count = (rs: Reply[]): number => rs.reduce((n, r) => n + 1 + count(r.children), 0);
      expect(c.reply_count).toBe(count(c.children));
      for (const r of c.children) {
        expect(r.parent_id).toBe(c.id);
        expect(r.status).toBe("approved");
      }
    }
  });
});

describe("visibility", () => {
  it("hides pending items from anonymous visitors and shoppers", async () => {
    for (const who of [undefined, "shopper"]) {
      const { comments } = await list("reviews", "items_per_page=100", who);
      for (const c of comments) expect(c.status).toBe("approved");
      const questions = await list("questions", "items_per_page=100", who);
      for (const c of questions.comments) expect(c.status).toBe("approved");
    }
  });

  it("shows pending items to staff, the deal's partner and its user moderator", async () => {
    for (const who of ["moderator", "staff", "partner"]) {
      const all = await list("reviews", "items_per_page=100", who);
      expect(all.meta.total, who).toBeGreaterThan(deal.reviewCount);
      expect(
        all.comments.some((c) => c.status === "pending"),
        who,
      ).toBe(true);
      const pending = await list("reviews", "moderator_filter=unapproved&items_per_page=100", who);
      expect(pending.meta.total).toBeGreaterThan(0);
      for (const c of pending.comments) expect(c.status).toBe("pending");
      const questions = await list("questions", "moderator_filter=unapproved", who);
      expect(questions.meta.total, who).toBeGreaterThan(0);
    }
  });

  it("counts a shopper's own pending items in their totals, by tacos too, and no one else's", async () => {
    const shopperId = await app.userId("shopper@payonce.test");
    const [review] = await app.database.db
      .insert(comments)
      .values({
        dealId: deal.id,
        kind: "review",
        userId: shopperId,
        title: "Pending until a moderator looks",
        comment: "Waiting for approval.",
        rating: 4,
        status: "pending",
      })
      .returning({ id: comments.id });
    await app.database.db.insert(comments).values({
      dealId: deal.id,
      kind: "question",
      userId: shopperId,
      title: "A pending question?",
      comment: "Is this counted for me?",
      status: "pending",
    });
    try {
      const mine = await list("reviews", "items_per_page=100", "shopper");
      expect(mine.meta.total).toBe(deal.reviewCount + 1);
      expect(mine.comments.some((c) => c.id === review?.id)).toBe(true);
      const fourTacos = await list("reviews", "rating=4&items_per_page=100", "shopper");
      expect(fourTacos.meta.total).toBe(deal.reviewCount4 + 1);
      expect((await list("reviews", "rating=5", "shopper")).meta.total).toBe(deal.reviewCount5);
      expect((await list("questions", "", "shopper")).meta.total).toBe(deal.commentCount + 1);
      // Someone else, signed in or not, sees the stored counts.
      for (const who of [undefined, "buyer"]) {
        expect((await list("reviews", "", who)).meta.total, who).toBe(deal.reviewCount);
        expect((await list("questions", "", who)).meta.total, who).toBe(deal.commentCount);
      }
    } finally {
      await app.database.db
        .delete(comments)
        .where(and(eq(comments.userId, shopperId), eq(comments.status, "pending")));
    }
  });

  it("narrows to items needing a founder reply", async () => {
    const body = await list(
      "questions",
      "moderator_filter=needs_reply&items_per_page=100",
      "staff",
    );
    for (const c of body.comments) {
      expect(c.status).toBe("approved");
      const founder = (rs: Reply[]): boolean =>
        rs.some(
          (r) =>
            (r.answer_type === "founder_team" && r.status === "approved") || founder(r.children),
        );
      expect(founder(c.children)).toBe(false);
    }
  });

  it("reads one item with its children, and 404s what the viewer may not see", async () => {
    const { comments } = await list("questions", "items_per_page=100");
    const withReplies = comments.find((c) => c.children.length > 0) as Item;
    const res = await get(`/api/v2/deals/${deal.id}/questions/${withReplies.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: withReplies.id, children: withReplies.children });
    // The page route's last hyphen-separated segment is the id.
    const bySegment = await get(`/api/v2/deals/taskflow/questions/some-title-${withReplies.id}`);
    expect(bySegment.statusCode).toBe(200);

    const pending = (await list("reviews", "moderator_filter=unapproved", "moderator"))
      .comments[0] as Item;
    expect((await get(`/api/v2/deals/${deal.id}/reviews/${pending.id}/`)).statusCode).toBe(404);
    expect(
      (await get(`/api/v2/deals/${deal.id}/reviews/${pending.id}/`, "moderator")).statusCode,
    ).toBe(200);
    // A question is not a review, and an item of another deal is not this deal's.
    expect((await get(`/api/v2/deals/${deal.id}/reviews/${withReplies.id}/`)).statusCode).toBe(404);
    const other = await get(`/api/v2/deals/${deal.id + 1}/questions/${withReplies.id}/`);
    expect(other.statusCode).toBe(404);
    expect((await get(`/api/v2/deals/${deal.id}/reviews/99999999/`)).json()).toEqual({
      detail: "Not found.",
    });
  });
});

describe("stats and user status", () => {
  it("gives moderators the moderation counts and refuses everyone else", async () => {
    for (const who of ["staff", "partner", "moderator"]) {
      for (const stats of ["review_stats", "question_stats"]) {
        const res = await get(`/api/v2/deals/${deal.id}/${stats}/`, who);
        expect(res.statusCode, `${who} ${stats}`).toBe(200);
        const body = res.json() as { needs_moderation: number | null; needs_reply: number };
        // Spec 000 section 6: the needs-moderation count is staff moderators'; partners and user
        // moderators get the reply counts.
        if (who === "staff") expect(body.needs_moderation).toBeGreaterThan(0);
        else expect(body.needs_moderation, `${who} ${stats}`).toBeNull();
        expect(body.needs_reply).toEqual(expect.any(Number));
      }
    }
    const needsReply = await list("questions", "moderator_filter=needs_reply", "staff");
    const stats = (await get(`/api/v2/deals/${deal.id}/question_stats/`, "staff")).json();
    expect(stats.needs_reply).toBe(needsReply.meta.total);
    expect((await get(`/api/v2/deals/${deal.id}/review_stats/`, "shopper")).statusCode).toBe(403);
    // Not signed in: the spec's 401, not 403.
    expect((await get(`/api/v2/deals/${deal.id}/question_stats/`)).statusCode).toBe(401);
    expect((await get(`/api/v2/deals/${deal.id}/review_stats/`)).statusCode).toBe(401);
  });

  it("tells each viewer their relation to the deal", async () => {
    const status = async (who?: string) =>
      (await get(`/api/v2/deals/${deal.id}/user_status/`, who)).json();
    // The spec's four fields, then the fill's (issue 32): nothing personal for a visitor.
    expect(await status()).toEqual({
      user_has_purchased: false,
      user_has_reviewed: false,
      user_moderator: false,
      staff_moderator: false,
      user_review: null,
      owned_plan_ids: [],
      votes: [],
      own_items: 0,
      own_staff_message: false,
      viewer: null,
    });
    expect(await status("buyer")).toMatchObject({
      user_has_purchased: true,
      user_has_reviewed: false,
      staff_moderator: false,
    });
    // The reviewer's own review is theirs whatever its status: their page renders for them.
    expect(await status("reviewer")).toMatchObject({
      user_has_purchased: true,
      user_has_reviewed: true,
      own_items: 1,
    });
    expect(await status("buyer")).toMatchObject({ own_items: 0 });
    expect(await status("moderator")).toMatchObject({
      user_moderator: true,
      staff_moderator: false,
    });
    expect(await status("staff")).toMatchObject({ staff_moderator: true });
  });
});

describe("bad input", () => {
  it("answers 400 with a field map for invalid query values", async () => {
    const cases: [string, string][] = [
      ["page=0", "page"],
      ["page=abc", "page"],
      ["sort=newest", "sort"],
      ["order=sideways", "order"],
      ["items_per_page=101", "items_per_page"],
      ["items_per_page=0", "items_per_page"],
      ["rating=6", "rating"],
      ["moderator_filter=everything", "moderator_filter"],
      ["search_after=not-a-cursor", "search_after"],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/api/v2/deals/${deal.id}/reviews/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toHaveProperty(field);
    }
    // A cursor of one sort is refused under another rather than silently skipping items.
    const cursor = (await list("reviews", "sort=helpful&items_per_page=5")).search_after ?? "";
    const res = await get(`/api/v2/deals/${deal.id}/reviews/?search_after=${cursor}`);
    expect(res.statusCode).toBe(400);
  });

  it("answers 404 for an unknown deal", async () => {
    for (const key of ["99999999", "no-such-deal", "99999999999999"]) {
      for (const path of ["reviews/", "questions/", "review_stats/", "user_status/"]) {
        const res = await get(`/api/v2/deals/${key}/${path}`, "staff");
        expect(res.statusCode, `${key}/${path}`).toBe(404);
      }
    }
  });
});

describe("SQL statements per list", () => {
  // The deal with its roles (and a signed-in viewer's own pending items), the page (authors,
  // media and the viewer's vote joined), and every reply of the page's items: the same count for
  // 5 items as for 50. The total is the deal's stored count (plus the viewer's pending items)
  // except for a moderator, whose total counts every status: one statement more.
  const ANONYMOUS = 3;
  // A signed-in request also loads its session; staff moderate, so their total is counted.
  const SIGNED_IN = ANONYMOUS + 2;
  // An anonymous answer is stored in the page cache (server/http/api-cache.ts) until the deal's
  // next time boundary, read on the miss: the deal's dates, its campaigns, its staff messages.
  const STORE = 3;

  for (const kind of ["reviews", "questions"] as const) {
    it(`runs a fixed number for ${kind}, whatever the page size`, async () => {
      const counts: number[] = [];
      for (const size of [5, 50]) {
        for (const who of [undefined, "staff"]) {
          // A page event first: the anonymous answer is read, not replayed from the cache.
          await app.services.pageEvents.dealChanged(deal.id);
          app.database.queries.reset();
          const res = await get(`/api/v2/deals/${deal.id}/${kind}/?items_per_page=${size}`, who);
          expect(res.statusCode).toBe(200);
          expect(res.headers["x-cache"]).toBe(who ? "BYPASS" : "MISS");
          const limit = who ? SIGNED_IN : ANONYMOUS + STORE;
          expect(
            app.database.queries.count,
            app.database.queries.log.join("\n"),
          ).toBeLessThanOrEqual(limit);
          counts.push(app.database.queries.count);
        }
      }
      expect(counts.slice(2)).toEqual(counts.slice(0, 2));
      // An anonymous list asked again: replayed, no statement at all.
      await get(`/api/v2/deals/${deal.id}/${kind}/?items_per_page=50`);
      app.database.queries.reset();
      const again = await get(`/api/v2/deals/${deal.id}/${kind}/?items_per_page=50`);
      expect(again.headers["x-cache"]).toBe("HIT");
      expect(app.database.queries.count).toBe(0);
    });
  }
});

describe("an anonymous list", () => {
  it("keeps its deal's context between requests, reads it again after a page event, and loads replies only for threads that have some", async () => {
    const shopperId = await app.userId("shopper@payonce.test");
    // The newest question, approved, without replies: alone on a page of one.
    const [question] = await app.database.db
      .insert(comments)
      .values({
        dealId: deal.id,
        kind: "question",
        userId: shopperId,
        title: "Does it sync offline?",
        comment: "Asking before I buy.",
        status: "approved",
      })
      .returning({ id: comments.id });
    const statements = async (query: string) => {
      app.database.queries.reset();
      const body = await list("questions", query);
      return { body, count: app.database.queries.count, log: app.database.queries.log };
    };
    // Each query string below is asked once (an answer cache entry of its own, server/http/
    // api-cache.ts): the list is read, and its stored until the deal's next boundary (STORE reads).
    const STORE = 3;
    try {
      await statements("items_per_page=1");
      // The context kept, no replies to load: the page's statement alone.
      const kept = await statements("items_per_page=1&page=1");
      expect(kept.body.comments.map((c) => c.id)).toEqual([question?.id]);
      expect(kept.count, kept.log.join("\n")).toBe(1 + STORE);
      // The deal's stored count moves with a page event: the next list reads the context again
      // and answers the new total.
      await app.database.db
        .update(deals)
        .set({ commentCount: deal.commentCount + 1 })
        .where(eq(deals.id, deal.id));
      await app.services.pageEvents.dealChanged(deal.slug);
      const after = await statements("items_per_page=1&page=1");
      expect(after.count, after.log.join("\n")).toBe(2 + STORE);
      expect(after.body.meta.total).toBe(deal.commentCount + 1);
      // Items with replies still come with them (their replies statement).
      const withReplies = await statements("items_per_page=30&page=1");
      const threads = withReplies.body.comments.filter((c) => c.reply_count > 0);
      expect(threads.length).toBeGreaterThan(0);
      for (const c of threads) expect(c.children.length).toBeGreaterThan(0);
      expect(withReplies.count).toBe(2 + STORE);
    } finally {
      await app.database.db.delete(comments).where(eq(comments.id, question?.id ?? 0));
      await app.database.db
        .update(deals)
        .set({ commentCount: deal.commentCount })
        .where(eq(deals.id, deal.id));
      await app.services.pageEvents.dealChanged(deal.slug);
    }
  });
});
