import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { threadAction } from "../../app/discussions/thread-actions.server";
import { FLAG_REASON_LABELS } from "../../domain/flags";
import {
  FIELD_REQUIRED,
  INVALID_CHOICE,
  REPORT_ALREADY,
  REPORT_DETAILS_REQUIRED,
  REPORT_NOT_PUBLISHED,
  REPORT_OWN,
  REPORT_THANKS,
} from "../../domain/messages";
import { STAFF_MESSAGES } from "../../domain/staff";
import { auditLog, commentFlags, comments, deals, users } from "../../server/db/schema";
import type { PageEvent } from "../../server/services/cache/page-events";
import { recomputeThread } from "../../server/services/discussions/aggregates";
import { type Credentials, createTestApp } from "../helpers/app";
import { newBuyer } from "../helpers/commerce";
import { staffActors } from "../helpers/staff";

// Issue 33, "Report abuse" (decision 069): a signed-in reader reports a review, question or reply
// they can see, once; staff read the open reports grouped by item and resolve them (dismiss, or
// decline the item through moderation), audited; staff list blocked and whitelisted authors and
// take them off with a reason. Every item here is the test's own (new accounts, new rows).

const app = await createTestApp();
const { db } = app.database;
const { staff, partner, moderator, shopper } = await staffActors(app);
const staffId = await app.userId("staff@payonce.test");

type Json = Record<string, unknown>;
type Status = "pending" | "approved" | "declined";

async function dealId(slug: string) {
  const [row] = await db.select({ id: deals.id }).from(deals).where(eq(deals.slug, slug));
  if (!row) throw new Error(`no deal ${slug}`);
  return row.id;
}
const notecraft = await dealId("notecraft");

/** A review or question of a new author on the deal (a reply when `parent` is given). */
async function item(
  kind: "review" | "question",
  opts: { status?: Status; parent?: { id: number; rootId: number | null }; deal?: number } = {},
) {
  const author = await newBuyer(app, "author");
  const parent = opts.parent;
  const [row] = await db
    .insert(comments)
    .values({
      dealId: opts.deal ?? notecraft,
      kind,
      userId: author.id,
      parentId: parent?.id ?? null,
      rootId: parent ? (parent.rootId ?? parent.id) : null,
      title: parent ? null : `A ${kind} someone may report`,
      comment: "Words that may or may not belong here.",
      rating: kind === "review" && !parent ? 4 : null,
      status: opts.status ?? "approved",
    })
    .returning({ id: comments.id, rootId: comments.rootId });
  if (!row) throw new Error("no item");
  // The thread's kept counts, as posting keeps them (the read side pages replies by them).
  if (row.rootId != null) await db.transaction((tx) => recomputeThread(tx, row.rootId as number));
  return { id: row.id, rootId: row.rootId, author };
}

const flagUrl = (kind: "review" | "question", id: number, deal = notecraft) =>
  `/api/v2/deals/${deal}/${kind === "review" ? "reviews" : "questions"}/${id}/flag/`;

async function flag(
  kind: "review" | "question",
  id: number,
  who: Credentials | undefined,
  body: unknown = { reason: "spam" },
) {
  const res = await app.send("POST", flagUrl(kind, id), body, who);
  return { status: res.statusCode, body: res.json() as Json };
}

const staffJson = async (
  method: "GET" | "POST",
  url: string,
  body?: unknown,
  who: Credentials = staff,
) => {
  const res = await app.send(method, url, body, who);
  return { status: res.statusCode, body: res.json() as Json & { items: Json[]; total: number } };
};

async function openFlagsOf(commentId: number) {
  return db
    .select()
    .from(commentFlags)
    .where(and(eq(commentFlags.commentId, commentId), eq(commentFlags.status, "open")));
}

/** Every item of the staff queue (all its pages). */
async function queue(query = "") {
  const out: Json[] = [];
  for (let page = 1; ; page++) {
    const res = await staffJson("GET", `/api/staff/flags/?page=${page}${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...res.body.items);
    if (page >= Number(res.body.pages)) return out;
  }
}

describe("reporting a post", () => {
  it("needs a signed-in reader: anonymous is 401 on reviews and questions alike", async () => {
    const review = await item("review");
    const question = await item("question");
    expect((await flag("review", review.id, undefined)).status).toBe(401);
    expect((await flag("question", question.id, undefined)).status).toBe(401);
    expect(await openFlagsOf(review.id)).toEqual([]);
  });

  it("takes one report per person and item: 201 with the thanks, then a clear 409", async () => {
    const review = await item("review");
    const reader = await newBuyer(app, "reader");
    const first = await flag("review", review.id, reader.creds, {
      reason: "abuse",
      details: "  Insults the founder.  ",
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      comment_id: review.id,
      reason: "abuse",
      details: "Insults the founder.",
      detail: REPORT_THANKS,
    });
    const again = await flag("review", review.id, reader.creds, { reason: "spam" });
    expect(again).toEqual({ status: 409, body: { detail: REPORT_ALREADY } });
    const rows = await openFlagsOf(review.id);
    expect(rows.map((r) => [r.userId, r.reason])).toEqual([[reader.id, "abuse"]]);
    // Another reader may report it too.
    expect((await flag("review", review.id, (await newBuyer(app, "reader")).creds)).status).toBe(
      201,
    );
  });

  it("checks the body: a reason of the list, and words of one's own with 'other'", async () => {
    const question = await item("question");
    const reader = await newBuyer(app, "reader");
    expect(await flag("question", question.id, reader.creds, {})).toEqual({
      status: 400,
      body: { reason: [INVALID_CHOICE] },
    });
    expect(await flag("question", question.id, reader.creds, { reason: "boring" })).toEqual({
      status: 400,
      body: { reason: [INVALID_CHOICE] },
    });
    expect(await flag("question", question.id, reader.creds, { reason: "other" })).toEqual({
      status: 400,
      body: { details: [REPORT_DETAILS_REQUIRED] },
    });
    const long = await flag("question", question.id, reader.creds, {
      reason: "spam",
      details: "x".repeat(501),
    });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body)).toEqual(["details"]);
    const ok = await flag("question", question.id, reader.creds, {
      reason: "other",
      details: "Copied from another deal's page.",
    });
    expect(ok.status).toBe(201);
  });

  it("refuses one's own post (403)", async () => {
    const question = await item("question");
    expect(await flag("question", question.id, question.author.creds)).toEqual({
      status: 403,
      body: { detail: REPORT_OWN },
    });
  });

  it("follows the publication rule: someone else's pending or declined post is a 404, as an unknown id", async () => {
    const reader = await newBuyer(app, "reader");
    const pending = await item("review", { status: "pending" });
    const declined = await item("question", { status: "declined" });
    const gap = await flag("review", 2_147_480_000, reader.creds);
    expect(gap.status).toBe(404);
    expect(await flag("review", pending.id, reader.creds)).toEqual(gap);
    expect(await flag("question", declined.id, reader.creds)).toEqual(gap);
    // The wrong kind's path names nothing either.
    expect(await flag("question", pending.id, reader.creds)).toEqual(gap);
    // A moderator sees a pending post but reports only published ones.
    expect(await flag("review", pending.id, staff)).toEqual({
      status: 403,
      body: { detail: REPORT_NOT_PUBLISHED },
    });
  });

  it("takes replies, but not one inside a thread the reader may not see", async () => {
    const reader = await newBuyer(app, "reader");
    const question = await item("question");
    const answer = await item("question", { parent: question });
    const nested = await item("question", { parent: answer });
    expect((await flag("question", answer.id, reader.creds)).status).toBe(201);
    expect((await flag("question", nested.id, reader.creds)).status).toBe(201);
    const hidden = await item("review", { status: "declined" });
    const under = await item("review", { parent: hidden });
    expect((await flag("review", under.id, reader.creds)).status).toBe(404);
    const pendingReply = await item("review", { parent: await item("review"), status: "pending" });
    const underPending = await item("review", { parent: pendingReply });
    expect((await flag("review", underPending.id, reader.creds)).status).toBe(404);
  });

  it("is rate-limited per person like the other discussion writes (429 after 10 a minute)", async () => {
    const reader = await newBuyer(app, "hasty");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const question = await item("question");
      statuses.push((await flag("question", question.id, reader.creds)).status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });
});

describe("the page door (the cards' Report dialog posts the thread action)", () => {
  type Ctx = Parameters<typeof threadAction>[0];
  const ctxFor = async (creds: Credentials | null) =>
    ({
      services: app.services,
      session: creds ? await app.services.sessions.load(creds.cookies.sessionid ?? "") : null,
    }) as unknown as Ctx;
  const post = (ctx: Ctx, fields: Record<string, string>) =>
    threadAction(
      ctx,
      "review",
      "notecraft",
      new Request("http://localhost/products/notecraft/reviews/", {
        method: "POST",
        body: new URLSearchParams({ intent: "flag", ...fields }),
      }),
    );

  it("sends a visitor to log in, reports once, then says it was already reported", async () => {
    const review = await item("review");
    const anonymous = await post(await ctxFor(null), { id: String(review.id), reason: "spam" });
    expect(anonymous).toBeInstanceOf(Response);
    expect((anonymous as Response).headers.get("location")).toContain("/accounts/login/");

    const reader = await newBuyer(app, "reader");
    const ctx = await ctxFor(reader.creds);
    expect(await post(ctx, { id: String(review.id), reason: "other", details: "" })).toEqual({
      ok: false,
      intent: "flag",
      id: review.id,
      formError: expect.any(String),
      fieldErrors: { details: [REPORT_DETAILS_REQUIRED] },
    });
    expect(await post(ctx, { id: String(review.id), reason: "abuse", details: "Mean." })).toEqual({
      ok: true,
      intent: "flag",
      id: review.id,
      toast: REPORT_THANKS,
    });
    expect(await post(ctx, { id: String(review.id), reason: "spam" })).toMatchObject({
      ok: false,
      formError: REPORT_ALREADY,
    });
    const rows = await openFlagsOf(review.id);
    expect(rows.map((r) => [r.userId, r.reason, r.details])).toEqual([
      [reader.id, "abuse", "Mean."],
    ]);
    // Someone else's pending review is not there for them.
    const pending = await item("review", { status: "pending" });
    expect(await post(ctx, { id: String(pending.id), reason: "spam" })).toMatchObject({
      ok: false,
      formError: "Not found.",
    });
  });
});

describe("the staff reports queue", () => {
  const STAFF_ROUTES: Array<["GET" | "POST", string, unknown?]> = [
    ["GET", "/api/staff/flags/"],
    ["POST", "/api/staff/flags/1/resolve/", { action: "dismiss" }],
    ["GET", "/api/staff/authors/"],
    ["POST", "/api/staff/authors/1/", { list: "blacklist", on: true, reason: "x" }],
  ];

  it("answers staff only: 401 anonymous; 403 a shopper, a partner and a user moderator", async () => {
    for (const [method, url, body] of STAFF_ROUTES) {
      expect((await app.send(method, url, body)).statusCode, url).toBe(401);
      for (const who of [shopper, partner, moderator]) {
        expect((await app.send(method, url, body, who)).statusCode, url).toBe(403);
      }
    }
  });

  it("groups open reports by item, with counts and reasons, oldest report first, paged", async () => {
    const older = await item("review");
    const newer = await item("question");
    const reply = await item("question", { parent: newer });
    const a = await newBuyer(app, "reader");
    const b = await newBuyer(app, "reader");
    const c = await newBuyer(app, "reader");
    await flag("review", older.id, a.creds, { reason: "spam" });
    await flag("question", newer.id, a.creds, { reason: "off_topic" });
    await flag("review", older.id, b.creds, { reason: "abuse", details: "Rude." });
    await flag("review", older.id, c.creds, { reason: "spam" });
    await flag("question", reply.id, b.creds, { reason: "spam" });

    const all = await queue();
    const ids = all.map((i) => i.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(reply.id));
    const olderRow = all.find((i) => i.id === older.id) as Json;
    expect(olderRow).toMatchObject({
      kind: "review",
      is_reply: false,
      status: "approved",
      flag_count: 3,
      reasons: [
        { reason: "spam", count: 2 },
        { reason: "abuse", count: 1 },
      ],
      user: { id: older.author.id },
      deal: { id: notecraft, slug: "notecraft" },
      actions: { resolve: `/api/staff/flags/${older.id}/resolve/` },
    });
    expect((olderRow.reports as Json[]).map((r) => [r.reason, r.details])).toEqual([
      ["spam", ""],
      ["abuse", "Rude."],
      ["spam", ""],
    ]);
    expect(all.find((i) => i.id === reply.id)).toMatchObject({
      is_reply: true,
      parent_id: newer.id,
      path: `/products/notecraft/questions/${newer.id}/`,
    });

    const reviewsOnly = await queue("&kind=review");
    expect(reviewsOnly.every((i) => i.kind === "review")).toBe(true);
    expect(reviewsOnly.map((i) => i.id)).toContain(older.id);
    expect((await staffJson("GET", "/api/staff/flags/?kind=photo")).status).toBe(400);
    const first = await staffJson("GET", "/api/staff/flags/");
    expect(first.body).toMatchObject({ page: 1, page_size: 25 });
    expect(first.body.total).toBe(all.length);
  });

  it("dismisses an item's reports: the post stays, the reports close, audited; again is a 409", async () => {
    const question = await item("question");
    await flag("question", question.id, (await newBuyer(app, "reader")).creds);
    const res = await staffJson("POST", `/api/staff/flags/${question.id}/resolve/`, {
      action: "dismiss",
      note: "Fair criticism.",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: question.id, resolution: "dismissed", resolved_flags: 1 });
    const [row] = await db.select().from(comments).where(eq(comments.id, question.id));
    expect(row?.status).toBe("approved");
    expect(await openFlagsOf(question.id)).toEqual([]);
    const [closed] = await db
      .select()
      .from(commentFlags)
      .where(eq(commentFlags.commentId, question.id));
    expect(closed).toMatchObject({
      status: "dismissed",
      resolvedByUserId: staffId,
      resolutionNote: "Fair criticism.",
    });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "flags.dismiss"), eq(auditLog.entityId, question.id)));
    expect(audit).toMatchObject({ actorEmail: "staff@payonce.test", actorRole: "staff" });
    expect((await queue()).map((i) => i.id)).not.toContain(question.id);
    expect(
      await staffJson("POST", `/api/staff/flags/${question.id}/resolve/`, { action: "dismiss" }),
    ).toMatchObject({ status: 409, body: { detail: STAFF_MESSAGES.noOpenFlags } });
    expect(
      (await staffJson("POST", "/api/staff/flags/2147480000/resolve/", { action: "dismiss" }))
        .status,
    ).toBe(404);
    expect(
      (await staffJson("POST", `/api/staff/flags/${question.id}/resolve/`, { action: "hide" }))
        .status,
    ).toBe(400);
  });

  it("declines the item through moderation: counts, page event, author's reason, both audited", async () => {
    // Approved through moderation, so the deal's kept counts include it.
    const review = await item("review", { status: "pending" });
    const approved = await app.send(
      "POST",
      `/api/v2/deals/${notecraft}/reviews/${review.id}/approve/`,
      { approved: "approved" },
      staff,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const [counted] = await db.select().from(deals).where(eq(deals.id, notecraft));
    await flag("review", review.id, (await newBuyer(app, "reader")).creds, { reason: "spam" });
    await flag("review", review.id, (await newBuyer(app, "reader")).creds, { reason: "spam" });
    await flag("review", review.id, (await newBuyer(app, "reader")).creds, { reason: "abuse" });

    const events: PageEvent[] = [];
    const stop = app.services.pageEvents.subscribe((e) => {
      events.push(e);
    });
    const res = await staffJson("POST", `/api/staff/flags/${review.id}/resolve/`, {
      action: "decline",
    });
    stop();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reason = `Reported by readers: ${FLAG_REASON_LABELS.spam.toLowerCase()}.`;
    expect(res.body).toMatchObject({
      resolution: "declined",
      resolved_flags: 3,
      moderation_reason: reason,
    });
    const [row] = await db.select().from(comments).where(eq(comments.id, review.id));
    expect(row).toMatchObject({ status: "declined", moderationReason: reason });
    const [after] = await db.select().from(deals).where(eq(deals.id, notecraft));
    expect(after?.reviewCount).toBe((counted?.reviewCount ?? 0) - 1);
    expect(events).toContainEqual({ kind: "deal", deal: notecraft });
    // Gone for readers.
    const gone = await app.send("GET", `/api/v2/deals/${notecraft}/reviews/${review.id}/`);
    expect(gone.statusCode).toBe(404);
    const actions = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, review.id))
      .orderBy(desc(auditLog.id));
    expect(actions.slice(0, 2).map((a) => a.action)).toEqual(["flags.decline", "review.moderate"]);
    expect(await openFlagsOf(review.id)).toEqual([]);
  });

  it("gives the author staff's own note when there is one, and declines replies too", async () => {
    const question = await item("question");
    const answer = await item("question", { parent: question });
    await flag("question", answer.id, (await newBuyer(app, "reader")).creds, { reason: "spam" });
    const res = await staffJson("POST", `/api/staff/flags/${answer.id}/resolve/`, {
      action: "decline",
      note: "Links to a competitor's coupon.",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await db.select().from(comments).where(eq(comments.id, answer.id));
    expect(row).toMatchObject({
      status: "declined",
      moderationReason: "Links to a competitor's coupon.",
    });
  });
});

describe("the staff author lists", () => {
  it("list blocked and whitelisted authors with the reason, and undo either with a reason, audited", async () => {
    const noisy = await newBuyer(app, "noisy");
    const trusted = await newBuyer(app, "trusted");
    const block = await staffJson("POST", `/api/staff/authors/${noisy.id}/`, {
      list: "blacklist",
      on: true,
      reason: "Posts coupon spam.",
    });
    expect(block.status, JSON.stringify(block.body)).toBe(200);
    expect(block.body).toMatchObject({ comment_blacklist: true, comment_whitelist: false });
    expect(
      (
        await staffJson("POST", `/api/staff/authors/${trusted.id}/`, {
          list: "whitelist",
          on: true,
          reason: "Long-time helpful owner.",
        })
      ).status,
    ).toBe(200);

    const blocked = await staffJson(
      "GET",
      `/api/staff/authors/?list=blacklist&query=${noisy.email}`,
    );
    expect(blocked.body.items).toEqual([
      expect.objectContaining({
        id: noisy.id,
        email: noisy.email,
        list: "blacklist",
        reason: "Posts coupon spam.",
      }),
    ]);
    const both = await staffJson("GET", "/api/staff/authors/?sort=-changed");
    const listed = both.body.items.map((i) => i.id);
    expect(listed).toEqual(expect.arrayContaining([noisy.id, trusted.id]));
    expect(
      (await staffJson("GET", `/api/staff/authors/?list=whitelist&query=${noisy.email}`)).body
        .items,
    ).toEqual([]);
    expect((await staffJson("GET", "/api/staff/authors/?list=grey")).status).toBe(400);

    // Undo needs a reason.
    expect(
      await staffJson("POST", `/api/staff/authors/${noisy.id}/`, {
        list: "blacklist",
        on: false,
        reason: " ",
      }),
    ).toMatchObject({ status: 400, body: { reason: [FIELD_REQUIRED] } });
    const undo = await staffJson("POST", `/api/staff/authors/${noisy.id}/`, {
      list: "blacklist",
      on: false,
      reason: "Appealed; the links were to their own blog.",
    });
    expect(undo.status).toBe(200);
    const [user] = await db.select().from(users).where(eq(users.id, noisy.id));
    expect(user).toMatchObject({
      commentBlacklist: false,
      commentListReason: "Appealed; the links were to their own blog.",
    });
    expect((await staffJson("GET", `/api/staff/authors/?query=${noisy.email}`)).body.items).toEqual(
      [],
    );
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "user"), eq(auditLog.entityId, noisy.id)))
      .orderBy(auditLog.id);
    expect(audits.map((a) => [a.action, (a.after as Json).reason])).toEqual([
      ["user.blacklist", "Posts coupon spam."],
      ["user.blacklist", "Appealed; the links were to their own blog."],
    ]);
    expect(
      (
        await staffJson("POST", "/api/staff/authors/2147480000/", {
          list: "whitelist",
          on: true,
          reason: "x",
        })
      ).status,
    ).toBe(404);
  });

  it("a blocked author cannot post until taken off the list", async () => {
    const author = await newBuyer(app, "blockme");
    await db.update(users).set({ commentBlacklist: true }).where(eq(users.id, author.id));
    const question = await item("question");
    const reply = (who: Credentials) =>
      app.send(
        "POST",
        `/api/v2/deals/${notecraft}/questions/${question.id}/reply/`,
        { comment: "Me too." },
        who,
      );
    expect((await reply(author.creds)).statusCode).toBe(403);
    await staffJson("POST", `/api/staff/authors/${author.id}/`, {
      list: "blacklist",
      on: false,
      reason: "Second chance.",
    });
    expect((await reply(author.creds)).statusCode).toBe(201);
  });
});
