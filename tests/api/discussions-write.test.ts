import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  EITHER_COMMENT_OR_VIDEO,
  FIELD_REQUIRED,
  INVALID_CHOICE,
  RATING_INVALID,
  tooLong,
} from "../../domain/messages";
import { comments, deals, users } from "../../server/db/schema";
import { MAX_REPLY_DEPTH } from "../../server/services/discussions/write-context";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";
import type { Item, Reply } from "../helpers/discussions";

// The write side of the discussion API (spec 000 sections 4 to 7, contract.md): posting gates,
// validation, create, reply, edit, delete, vote and the exact deal aggregates.

let app: TestApp;
const ids: Record<string, number> = {};
const userIds: Record<string, number> = {};
const creds: Record<string, Credentials> = {};

async function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  who?: string,
  payload?: unknown,
  extraHeaders: Record<string, string> = {},
) {
  return app.send(method, url, payload, who ? creds[who] : undefined, extraHeaders);
}

async function dealRow(slug: string) {
  const [row] = await app.database.db.select().from(deals).where(eq(deals.slug, slug));
  return row as typeof deals.$inferSelect;
}

async function commentRow(id: number) {
  const [row] = await app.database.db.select().from(comments).where(eq(comments.id, id));
  return row;
}

const base = (slug: string, kind: "reviews" | "questions") => `/api/v2/deals/${ids[slug]}/${kind}`;

async function createReview(who: string, slug = "taskflow", body: Record<string, unknown> = {}) {
  return call("POST", `${base(slug, "reviews")}/`, who, {
    title: "Solid tool",
    rating: 4,
    comment: "Does what it says.",
    ...body,
  });
}

async function approve(
  slug: string,
  kind: "reviews" | "questions",
  id: number,
  who: string,
  value: unknown,
) {
  return call("POST", `${base(slug, kind)}/${id}/approve/`, who, { approved: value });
}

/** The deal_review aggregates the deal row must equal, recomputed here from the comments. */
async function expectedAggregates(dealId: number) {
  const rows = await app.database.db
    .select({ rating: comments.rating, kind: comments.kind })
    .from(comments)
    .where(and(eq(comments.dealId, dealId), eq(comments.status, "approved")));
  const top = await app.database.db
    .select({
      id: comments.id,
      parentId: comments.parentId,
      kind: comments.kind,
      rating: comments.rating,
    })
    .from(comments)
    .where(and(eq(comments.dealId, dealId), eq(comments.status, "approved")));
  void rows;
  const reviews = top.filter((r) => r.parentId == null && r.kind === "review" && r.rating != null);
  const sum = reviews.reduce((s, r) => s + (r.rating ?? 0), 0);
  const count = (n: number) => reviews.filter((r) => r.rating === n).length;
  return {
    reviewCount: reviews.length,
    reviewCount1: count(1),
    reviewCount2: count(2),
    reviewCount3: count(3),
    reviewCount4: count(4),
    reviewCount5: count(5),
    ratingSum: sum,
    averageRating: reviews.length ? Math.round((sum / reviews.length) * 100) / 100 : 0,
    commentCount: top.filter((r) => r.parentId == null && r.kind === "question").length,
  };
}

async function expectExactAggregates(slug: string) {
  const deal = await dealRow(slug);
  const expected = await expectedAggregates(deal.id);
  expect({
    reviewCount: deal.reviewCount,
    reviewCount1: deal.reviewCount1,
    reviewCount2: deal.reviewCount2,
    reviewCount3: deal.reviewCount3,
    reviewCount4: deal.reviewCount4,
    reviewCount5: deal.reviewCount5,
    ratingSum: deal.ratingSum,
    averageRating: Number(deal.averageRating),
    commentCount: deal.commentCount,
  }).toEqual(expected);
  return deal;
}

beforeAll(async () => {
  app = await createTestApp();
  for (const slug of ["taskflow", "infohub", "dormant-db", "mailbeam"]) {
    ids[slug] = (await dealRow(slug)).id;
  }
  const names = [
    "staff",
    "partner",
    "moderator",
    "buyer",
    "reviewer",
    "plus",
    "shopper",
    "unverified",
    "blocked",
  ];
  for (const who of names) {
    creds[who] = await app.login(`${who}@payonce.test`);
    const [u] = await app.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `${who}@payonce.test`));
    userIds[who] = u?.id as number;
  }
});

describe("posting gates", () => {
  it("sends anonymous visitors to log in (401) for reviews, questions, replies and votes", async () => {
    expect((await createReview("")).statusCode).toBe(401);
    const q = await call("POST", `${base("taskflow", "questions")}/`, undefined, { title: "Hi?" });
    expect(q.statusCode).toBe(401);
    expect(
      (await call("POST", `${base("taskflow", "questions")}/1/reply/`, undefined, { comment: "x" }))
        .statusCode,
    ).toBe(401);
    expect(
      (await call("POST", `${base("taskflow", "reviews")}/1/vote/`, undefined, { direction: 1 }))
        .statusCode,
    ).toBe(401);
    // Whatever the body: the login check comes first.
    expect(
      (await call("POST", `${base("taskflow", "reviews")}/`, undefined, { rating: "x" }))
        .statusCode,
    ).toBe(401);
  });

  it("refuses an unverified e-mail (403) for reviews and questions", async () => {
    expect((await createReview("unverified")).statusCode).toBe(403);
    const q = await call("POST", `${base("taskflow", "questions")}/`, "unverified", {
      title: "Does it sync?",
    });
    expect(q.statusCode).toBe(403);
  });

  it("needs a purchase for a review (403), except on info and inactive-indefinitely deals", async () => {
    expect((await createReview("shopper")).statusCode).toBe(403);
    const info = await createReview("shopper", "infohub", { rating: 5, comment: "Helpful guide." });
    expect(info.statusCode, info.body).toBe(201);
    const dormant = await dealRow("dormant-db");
    expect(dormant.currentStage).toBe("inactive");
    expect(dormant.nextStage).toBeNull();
    const res = await createReview("shopper", "dormant-db", { rating: 3 });
    expect(res.statusCode, res.body).toBe(201);
    // An ended deal is not exempt.
    expect((await createReview("shopper", "mailbeam")).statusCode).toBe(403);
  });

  it("lets a verified shopper ask a question without a purchase", async () => {
    const res = await call("POST", `${base("taskflow", "questions")}/`, "shopper", {
      title: "  Does it have a Kanban view?  ",
      comment: "  Asking for my team.  ",
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as Item;
    expect(item).toMatchObject({
      title: "Does it have a Kanban view?",
      comment: "Asking for my team.",
      status: "pending",
      user_vote: 0,
      up_votes: 0,
      children: [],
    });
    expect(item).not.toHaveProperty("rating");
    expect(item.display_path).toBe(
      `/products/taskflow/questions/does-it-have-a-kanban-view-${item.id}/`,
    );
  });

  it("refuses a comment-blacklisted buyer (403)", async () => {
    expect((await createReview("blocked")).statusCode).toBe(403);
    const q = await call("POST", `${base("taskflow", "questions")}/`, "blocked", {
      title: "Hello?",
    });
    expect(q.statusCode).toBe(403);
    const target = (await dealRow("taskflow")).id;
    const list = await call("GET", `/api/v2/deals/${target}/questions/?items_per_page=1`);
    const first = (list.json() as { comments: Item[] }).comments[0] as Item;
    const r = await call("POST", `${base("taskflow", "questions")}/${first.id}/reply/`, "blocked", {
      comment: "me too",
    });
    expect(r.statusCode).toBe(403);
  });

  it("answers 409 to a second review of the same deal", async () => {
    const res = await createReview("reviewer");
    expect(res.statusCode).toBe(409);
  });

  it("answers 404 for an unknown deal, whatever the id looks like", async () => {
    for (const deal of ["999999", "99999999999999999999", "no-such-deal", "%27--"]) {
      const res = await call("POST", `/api/v2/deals/${deal}/questions/`, "reviewer", {
        title: "Hi there",
      });
      expect(res.statusCode, deal).toBe(404);
    }
  });
});

describe("validation", () => {
  it("answers the spec's limits as a 400 field map with exact messages", async () => {
    const res = await createReview("buyer", "taskflow", {
      title: "   ",
      rating: 7,
      comment: "x".repeat(5001),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      title: [FIELD_REQUIRED],
      rating: [RATING_INVALID],
      comment: [tooLong(5000)],
    });
  });

  it("requires a comment or a video on a review", async () => {
    const res = await createReview("buyer", "taskflow", { comment: "   " });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ comment: [EITHER_COMMENT_OR_VIDEO] });
  });

  it("limits question title to 115 and comment to 850", async () => {
    const res = await call("POST", `${base("taskflow", "questions")}/`, "moderator", {
      title: "q".repeat(116),
      comment: "c".repeat(851),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ title: [tooLong(115)], comment: [tooLong(850)] });
    const missing = await call("POST", `${base("taskflow", "questions")}/`, "moderator", {});
    expect(missing.json()).toEqual({ title: [FIELD_REQUIRED] });
  });

  it("takes form-encoded bodies", async () => {
    const c = creds.plus as Credentials;
    const res = await app.inject({
      method: "POST",
      url: `${base("taskflow", "questions")}`,
      cookies: c.cookies,
      headers: { ...c.headers, "content-type": "application/x-www-form-urlencoded" },
      payload: "title=Form+question%3F&comment=Sent+without+JavaScript",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Item).title).toBe("Form question?");
  });

  it("never answers 500 to malformed requests", async () => {
    // Spread over users: every attempt counts against the per-user create limit.
    const c = creds.staff as Credentials;
    const url = `${base("taskflow", "questions")}/`;
    const bad = [
      { payload: "{not json", type: "application/json" },
      { payload: "", type: "application/json" },
      { payload: "[1,2,3]", type: "application/json" },
      { payload: '"text"', type: "application/json" },
      { payload: "null", type: "application/json" },
      { payload: '{"title": 12, "comment": {"a": 1}}', type: "application/json" },
      { payload: "<xml/>", type: "application/xml" },
      { payload: "--x\r\nbroken", type: "multipart/form-data; boundary=x" },
      { payload: "x", type: "multipart/form-data" },
    ];
    for (const b of bad) {
      const res = await app.inject({
        method: "POST",
        url,
        cookies: c.cookies,
        headers: { ...c.headers, "content-type": b.type },
        payload: b.payload,
      });
      expect(res.statusCode, `${b.type} ${b.payload}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${b.type} ${b.payload}`).toBeLessThan(500);
    }
    const paths = [
      ["POST", `${base("taskflow", "reviews")}/abc/vote/`, { direction: 1 }],
      ["POST", `${base("taskflow", "reviews")}/99999999999999/vote/`, { direction: 1 }],
      ["POST", `${base("taskflow", "reviews")}/1/vote/`, { direction: "up" }],
      ["POST", `${base("taskflow", "reviews")}/1/vote/`, undefined],
      ["POST", `${base("taskflow", "reviews")}/1/approve/`, { approved: 5 }],
      ["POST", `${base("taskflow", "reviews")}/1/resolve/`, { resolved: "maybe" }],
      ["PUT", `${base("taskflow", "reviews")}/-1/edit/`, { comment: "x" }],
      ["DELETE", `${base("taskflow", "reviews")}/1e9/`, undefined],
      ["POST", `${base("taskflow", "questions")}/0/reply/`, { comment: "x" }],
      ["POST", `${base("taskflow", "questions")}/`, { title: "x", parent: "abc" }],
      ["POST", `${base("taskflow", "questions")}/`, { comment: "x", parent: 99999999999 }],
    ] as const;
    for (const [method, path, payload] of paths) {
      const res = await call(method, path, "reviewer", payload);
      expect(res.statusCode, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${path}`).toBeLessThan(500);
    }
    const vote = await call("POST", `${base("taskflow", "reviews")}/1/vote/`, "shopper", {
      direction: "up",
    });
    if (vote.statusCode === 400) expect(vote.json()).toEqual({ direction: [INVALID_CHOICE] });
  });

  it("stores a <script> as text and returns it unchanged", async () => {
    const text = '<script>alert("x")</script> & <b>bold</b>';
    const res = await call("POST", `${base("taskflow", "questions")}/`, "plus", {
      title: "<img src=x onerror=alert(1)>",
      comment: text,
    });
    expect(res.statusCode).toBe(201);
    const item = res.json() as Item;
    expect(item.comment).toBe(text);
    expect(item.title).toBe("<img src=x onerror=alert(1)>");
    expect((await commentRow(item.id))?.comment).toBe(text);
  });
});

describe("moderation and aggregates", () => {
  let reviewId: number;

  it("a new review starts pending and leaves the public aggregates alone", async () => {
    const before = await expectExactAggregates("taskflow");
    const res = await createReview("buyer", "taskflow", { rating: 2, title: "Not for us" });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as Item;
    reviewId = item.id;
    expect(item).toMatchObject({ status: "pending", rating: 2, title: "Not for us" });
    const after = await expectExactAggregates("taskflow");
    expect(after.reviewCount).toBe(before.reviewCount);
    // The author sees it; anonymous visitors do not.
    expect(
      (await call("GET", `${base("taskflow", "reviews")}/${reviewId}/`, "buyer")).statusCode,
    ).toBe(200);
    expect((await call("GET", `${base("taskflow", "reviews")}/${reviewId}/`)).statusCode).toBe(404);
  });

  it("others cannot moderate (403); anonymous 401", async () => {
    expect((await approve("taskflow", "reviews", reviewId, "shopper", "approved")).statusCode).toBe(
      404,
    );
    expect((await approve("taskflow", "reviews", reviewId, "buyer", "approved")).statusCode).toBe(
      403,
    );
    expect((await approve("taskflow", "reviews", reviewId, "", "approved")).statusCode).toBe(401);
  });

  it("the deal's user moderator approves a pending item; the aggregates move exactly", async () => {
    const before = await dealRow("taskflow");
    const res = await approve("taskflow", "reviews", reviewId, "moderator", "approved");
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Item).status).toBe("approved");
    const after = await expectExactAggregates("taskflow");
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    expect(after.reviewCount2).toBe(before.reviewCount2 + 1);
    expect(after.ratingSum).toBe(before.ratingSum + 2);
    expect(Number(after.averageRating)).toBe(
      Math.round(((before.ratingSum + 2) / (before.reviewCount + 1)) * 100) / 100,
    );
  });

  it("only staff may undo or change a decided item", async () => {
    expect((await approve("taskflow", "reviews", reviewId, "moderator", null)).statusCode).toBe(
      403,
    );
    expect((await approve("taskflow", "reviews", reviewId, "moderator", "denied")).statusCode).toBe(
      403,
    );
    expect((await approve("taskflow", "reviews", reviewId, "partner", null)).statusCode).toBe(403);
    const before = await dealRow("taskflow");
    const undo = await approve("taskflow", "reviews", reviewId, "staff", null);
    expect(undo.statusCode).toBe(200);
    expect((undo.json() as Item).status).toBe("pending");
    const after = await expectExactAggregates("taskflow");
    expect(after.reviewCount).toBe(before.reviewCount - 1);
  });

  it("the partner declines a pending item; staff undeny returns it to pending", async () => {
    const deny = await approve("taskflow", "reviews", reviewId, "partner", "denied");
    expect(deny.statusCode).toBe(200);
    expect((deny.json() as Item).status).toBe("declined");
    await expectExactAggregates("taskflow");
    // Declined items take no replies.
    const r = await call("POST", `${base("taskflow", "reviews")}/${reviewId}/reply/`, "staff", {
      comment: "Hm",
    });
    expect(r.statusCode).toBe(403);
    expect((await approve("taskflow", "reviews", reviewId, "staff", "")).json()).toMatchObject({
      status: "pending",
    });
    const ok = await approve("taskflow", "reviews", reviewId, "staff", "approved");
    expect((ok.json() as Item).status).toBe("approved");
    await expectExactAggregates("taskflow");
  });

  it("an owner's edit returns the item to pending, sets edited and moves the aggregates", async () => {
    expect(
      (
        await call("PUT", `${base("taskflow", "reviews")}/${reviewId}/edit/`, "reviewer", {
          title: "x",
          rating: 1,
          comment: "x",
        })
      ).statusCode,
    ).toBe(403);
    const before = await dealRow("taskflow");
    const res = await call("PUT", `${base("taskflow", "reviews")}/${reviewId}/edit`, "buyer", {
      title: "Better after the update",
      rating: 5,
      comment: " They fixed it. ",
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json() as Item;
    expect(item).toMatchObject({ status: "pending", rating: 5, comment: "They fixed it." });
    expect(item.edited).not.toBeNull();
    const after = await expectExactAggregates("taskflow");
    expect(after.reviewCount).toBe(before.reviewCount - 1);
    expect(after.reviewCount2).toBe(before.reviewCount2 - 1);
    await approve("taskflow", "reviews", reviewId, "staff", "approved");
    const approved = await expectExactAggregates("taskflow");
    expect(approved.reviewCount5).toBe(before.reviewCount5 + 1);
    expect(approved.reviewCount2).toBe(before.reviewCount2 - 1);
    expect(approved.ratingSum).toBe(before.ratingSum + 3);
  });

  it("resolve is staff-only", async () => {
    const path = `${base("taskflow", "reviews")}/${reviewId}/resolve/`;
    expect((await call("POST", path, "moderator", { resolved: true })).statusCode).toBe(403);
    expect((await call("POST", path, "partner", { resolved: true })).statusCode).toBe(403);
    const res = await call("POST", path, "staff", { resolved: "true" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resolved: true });
    expect((await call("POST", path, "staff", { resolved: false })).json()).toMatchObject({
      resolved: false,
    });
  });

  it("approving a question moves comment_count", async () => {
    const q = await call("POST", `${base("taskflow", "questions")}/`, "buyer", {
      title: "Is there an API?",
    });
    const id = (q.json() as Item).id;
    const before = await dealRow("taskflow");
    await approve("taskflow", "questions", id, "staff", "approved");
    expect((await expectExactAggregates("taskflow")).commentCount).toBe(before.commentCount + 1);
    await approve("taskflow", "questions", id, "staff", "denied");
    expect((await expectExactAggregates("taskflow")).commentCount).toBe(before.commentCount);
  });
});

describe("replies", () => {
  let questionId: number;

  beforeAll(async () => {
    const q = await call("POST", `${base("taskflow", "questions")}/`, "buyer", {
      title: "Can I import from Trello?",
    });
    questionId = (q.json() as Item).id;
    await approve("taskflow", "questions", questionId, "staff", "approved");
  });

  it("a partner's reply starts approved and is a founder-team answer", async () => {
    const res = await call(
      "POST",
      `${base("taskflow", "questions")}/${questionId}/reply/`,
      "partner",
      {
        comment: "  Yes, in Settings > Import.  ",
        answer_type: "staff",
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json() as Reply;
    expect(reply).toMatchObject({
      parent_id: questionId,
      comment: "Yes, in Settings > Import.",
      status: "approved",
      answer_type: "founder_team",
    });
    const root = await commentRow(questionId);
    expect(root).toMatchObject({ replyCount: 1, hasFounderReply: true });
    expect(root?.lastReplyAt).not.toBeNull();
    expect(root?.firstFounderReplyAt).not.toBeNull();
  });

  it("a shopper's reply starts pending, with no answer type; staff replies are marked staff", async () => {
    const res = await call(
      "POST",
      `${base("taskflow", "questions")}/${questionId}/reply/`,
      "shopper",
      {
        comment: "Thanks!",
      },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: "pending", answer_type: null });
    const staff = await call(
      "POST",
      `${base("taskflow", "questions")}/${questionId}/reply/`,
      "staff",
      {
        comment: "Also see our docs.",
      },
    );
    expect(staff.json()).toMatchObject({ status: "pending", answer_type: "staff" });
    expect((await commentRow(questionId))?.replyCount).toBe(3);
    // Anonymous visitors see only the approved reply.
    const pub = await call("GET", `${base("taskflow", "questions")}/${questionId}/`);
    expect((pub.json() as Item).children).toHaveLength(1);
  });

  it("validates the reply text", async () => {
    const path = `${base("taskflow", "questions")}/${questionId}/reply/`;
    expect((await call("POST", path, "shopper", { comment: "  " })).json()).toEqual({
      comment: [FIELD_REQUIRED],
    });
    expect((await call("POST", path, "shopper", { comment: "r".repeat(5001) })).json()).toEqual({
      comment: [tooLong(5000)],
    });
  });

  it("nests replies at most MAX_REPLY_DEPTH deep", async () => {
    let parent = questionId;
    for (let depth = 1; depth <= MAX_REPLY_DEPTH; depth++) {
      const res = await call(
        "POST",
        `${base("taskflow", "questions")}/${parent}/reply/`,
        "partner",
        {
          comment: `Level ${depth}`,
        },
      );
      expect(res.statusCode, res.body).toBe(201);
      parent = (res.json() as Reply).id;
    }
    const tooDeep = await call(
      "POST",
      `${base("taskflow", "questions")}/${parent}/reply/`,
      "partner",
      {
        comment: "Too deep",
      },
    );
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toHaveProperty("parent");
  });

  it("the create body's parent makes a reply", async () => {
    const res = await call("POST", `${base("taskflow", "questions")}/`, "partner", {
      comment: "Via parent",
      parent: questionId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ parent_id: questionId, answer_type: "founder_team" });
  });

  it("a moderator approves a pending reply; the partner edits their reply and it stays approved", async () => {
    const res = await call(
      "POST",
      `${base("taskflow", "questions")}/${questionId}/reply/`,
      "plus",
      {
        comment: "Works for me too",
      },
    );
    const id = (res.json() as Reply).id;
    const ok = await approve("taskflow", "questions", id, "moderator", "approved");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id, status: "approved" });
    const mine = await call(
      "POST",
      `${base("taskflow", "questions")}/${questionId}/reply/`,
      "partner",
      {
        comment: "First version",
      },
    );
    const mineId = (mine.json() as Reply).id;
    const edit = await call("PUT", `${base("taskflow", "questions")}/${mineId}/edit/`, "partner", {
      comment: "Second version",
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ comment: "Second version", status: "approved" });
    expect((edit.json() as Reply).edited).not.toBeNull();
  });

  it("deleting a parent removes its thread and the counts follow", async () => {
    const q = await call("POST", `${base("taskflow", "questions")}/`, "plus", {
      title: "Delete me?",
    });
    const id = (q.json() as Item).id;
    await approve("taskflow", "questions", id, "staff", "approved");
    const r1 = await call("POST", `${base("taskflow", "questions")}/${id}/reply/`, "partner", {
      comment: "a",
    });
    const r1Id = (r1.json() as Reply).id;
    const r2 = await call("POST", `${base("taskflow", "questions")}/${r1Id}/reply/`, "plus", {
      comment: "b",
    });
    const r2Id = (r2.json() as Reply).id;
    expect((await commentRow(id))?.replyCount).toBe(2);
    // Someone else's reply: 403; one's own: 204, and the thread count goes down.
    expect(
      (await call("DELETE", `${base("taskflow", "questions")}/${r1Id}/`, "plus")).statusCode,
    ).toBe(403);
    const delReply = await call("DELETE", `${base("taskflow", "questions")}/${r2Id}`, "plus");
    expect(delReply.statusCode).toBe(204);
    expect((await commentRow(id))?.replyCount).toBe(1);
    const before = await dealRow("taskflow");
    expect(
      (await call("DELETE", `${base("taskflow", "questions")}/${id}/`, "shopper")).statusCode,
    ).toBe(403);
    expect((await call("DELETE", `${base("taskflow", "questions")}/${id}/`)).statusCode).toBe(401);
    const del = await call("DELETE", `${base("taskflow", "questions")}/${id}/`, "plus");
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe("");
    expect(await commentRow(id)).toBeUndefined();
    expect(await commentRow(r1Id)).toBeUndefined();
    expect((await expectExactAggregates("taskflow")).commentCount).toBe(before.commentCount - 1);
  });

  it("staff delete any review; the aggregates follow", async () => {
    const res = await createReview("shopper", "infohub", { rating: 1 });
    expect(res.statusCode).toBe(409);
    const list = await call("GET", `/api/v2/deals/${ids.infohub}/reviews/`, "shopper");
    const own = (list.json() as { comments: Item[] }).comments.find(
      (c) => c.user?.id === userIds.shopper,
    ) as Item;
    await approve("infohub", "reviews", own.id, "staff", "approved");
    expect((await expectExactAggregates("infohub")).reviewCount).toBe(1);
    const del = await call("DELETE", `${base("infohub", "reviews")}/${own.id}/`, "staff");
    expect(del.statusCode).toBe(204);
    expect((await expectExactAggregates("infohub")).reviewCount).toBe(0);
    expect(Number((await dealRow("infohub")).averageRating)).toBe(0);
    // Deleted, the shopper may review again.
    expect((await createReview("shopper", "infohub")).statusCode).toBe(201);
  });
});

describe("votes", () => {
  let target: Item;

  beforeAll(async () => {
    const list = await call("GET", `/api/v2/deals/${ids.taskflow}/reviews/?items_per_page=1`);
    target = (list.json() as { comments: Item[] }).comments[0] as Item;
  });

  it("toggles a helpful vote, keeping up_votes exact", async () => {
    const path = `${base("taskflow", "reviews")}/${target.id}/vote/`;
    const on = await call("POST", path, "shopper", { direction: 1 });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ id: target.id, up_votes: target.up_votes + 1, user_vote: 1 });
    const seen = await call("GET", `${base("taskflow", "reviews")}/${target.id}/`, "shopper");
    expect(seen.json()).toMatchObject({ up_votes: target.up_votes + 1, user_vote: 1 });
    const off = await call("POST", path, "shopper", { direction: "1" });
    expect(off.json()).toMatchObject({ up_votes: target.up_votes, user_vote: 0 });
    const down = await call("POST", path, "shopper", { direction: -1 });
    expect(down.json()).toMatchObject({ up_votes: target.up_votes, down_votes: 1, user_vote: -1 });
    const up = await call("POST", path, "shopper", { direction: 1 });
    expect(up.json()).toMatchObject({ up_votes: target.up_votes + 1, down_votes: 0, user_vote: 1 });
    expect((await commentRow(target.id))?.upVotes).toBe(target.up_votes + 1);
  });

  it("refuses anonymous (401), an own item (403) and bad directions (400)", async () => {
    const path = `${base("taskflow", "reviews")}/${target.id}/vote/`;
    expect((await call("POST", path, undefined, { direction: 1 })).statusCode).toBe(401);
    const bad = await call("POST", path, "shopper", { direction: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ direction: [INVALID_CHOICE] });
    const [own] = await app.database.db
      .select({ id: comments.id })
      .from(comments)
      .where(
        and(
          eq(comments.userId, userIds.reviewer as number),
          eq(comments.dealId, ids.taskflow as number),
        ),
      );
    const mine = await call("POST", `${base("taskflow", "reviews")}/${own?.id}/vote/`, "reviewer", {
      direction: 1,
    });
    expect(mine.statusCode).toBe(403);
  });
});

describe("author whitelist and blacklist", () => {
  const url = (list: string, user: number, action: number) =>
    `/comments/${list}_author_ajx/?user_id=${user}&${list}_action=${action}`;

  it("is staff-only and needs the CSRF header even though it is a GET", async () => {
    const target = userIds.plus as number;
    expect((await call("GET", url("blacklist", target, 1))).statusCode).toBe(401);
    expect((await call("GET", url("blacklist", target, 1), "moderator")).statusCode).toBe(403);
    const staff = creds.staff as Credentials;
    const noHeader = await app.inject({
      method: "GET",
      url: url("blacklist", target, 1),
      cookies: staff.cookies,
    });
    expect(noHeader.statusCode).toBe(403);
    expect(
      (await call("GET", `/comments/blacklist_author_ajx/?user_id=abc&blacklist_action=1`, "staff"))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          "GET",
          `/comments/blacklist_author_ajx/?user_id=${target}&blacklist_action=7`,
          "staff",
        )
      ).statusCode,
    ).toBe(400);
    expect((await call("GET", `/comments/blacklist_author_ajx/`, "staff")).statusCode).toBe(400);
  });

  it("a blacklisted author cannot post; taken off, they can again", async () => {
    const target = userIds.plus as number;
    const res = await call("GET", url("blacklist", target, 1), "staff");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user_id: target,
      comment_blacklist: true,
      comment_whitelist: false,
    });
    const q = await call("POST", `${base("taskflow", "questions")}/`, "plus", {
      title: "Am I blocked?",
    });
    expect(q.statusCode).toBe(403);
    await call("GET", url("blacklist", target, 0), "staff");
    const again = await call("POST", `${base("taskflow", "questions")}/`, "plus", {
      title: "Am I back?",
    });
    expect(again.statusCode).toBe(201);
  });

  it("a whitelisted author's new items start approved and count at once", async () => {
    const target = userIds.moderator as number;
    const res = await call("GET", url("whitelist", target, 1), "staff");
    expect(res.json()).toMatchObject({ comment_whitelist: true, comment_blacklist: false });
    const before = await dealRow("taskflow");
    const q = await call("POST", `${base("taskflow", "questions")}/`, "moderator", {
      title: "Trusted question",
    });
    expect(q.statusCode).toBe(201);
    expect((q.json() as Item).status).toBe("approved");
    expect((await expectExactAggregates("taskflow")).commentCount).toBe(before.commentCount + 1);
    await call("GET", url("whitelist", target, 0), "staff");
    const q2 = await call("POST", `${base("taskflow", "questions")}/`, "moderator", {
      title: "Untrusted question",
    });
    expect((q2.json() as Item).status).toBe("pending");
  });
});

describe("aggregates at the end", () => {
  it("every deal touched still equals a recount of its approved items", async () => {
    for (const slug of ["taskflow", "infohub", "dormant-db", "mailbeam"])
      await expectExactAggregates(slug);
  });
});

describe("bots and concurrent writers", () => {
  it("bot authors (QAbot, ModBot) cannot log in", async () => {
    for (const email of ["qabot@payonce.test", "modbot@payonce.test"]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/users/login/",
        payload: { email, password: "payonce-demo-1" },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it("keeps the aggregates exact when moderators approve at the same time", async () => {
    const created: number[] = [];
    for (const [who, rating] of [
      ["buyer", 5],
      ["reviewer", 4],
      ["plus", 2],
      ["moderator", 1],
    ] as const) {
      const res = await createReview(who, "infohub", { rating });
      expect(res.statusCode, res.body).toBe(201);
      created.push((res.json() as Item).id);
    }
    const before = await dealRow("infohub");
    const results = await Promise.all(
      created.map((id) => approve("infohub", "reviews", id, "staff", "approved")),
    );
    for (const r of results) expect(r.statusCode).toBe(200);
    const after = await expectExactAggregates("infohub");
    expect(after.reviewCount).toBe(before.reviewCount + 4);
    expect(after.ratingSum).toBe(before.ratingSum + 12);
    // Votes from several users at once: up_votes stays exact.
    const target = created[0] as number;
    const votes = await Promise.all(
      ["reviewer", "plus", "moderator", "shopper"].map((who) =>
        call("POST", `${base("infohub", "reviews")}/${target}/vote/`, who, { direction: 1 }),
      ),
    );
    for (const v of votes) expect(v.statusCode, v.body).toBe(200);
    expect((await commentRow(target))?.upVotes).toBe(4);
  });
});
