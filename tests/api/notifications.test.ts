import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { threadAction } from "../../app/discussions/thread-actions.server";
import { NOTIFICATIONS_UNSUBSCRIBED } from "../../domain/messages";
import { comments, deals, outbox, userEmails, users } from "../../server/db/schema";
import { fixedClock } from "../../server/providers/clock";
import { PARTNER_DIGEST_TOPIC } from "../../server/services/discussions/notifications";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";
import { newBuyer } from "../helpers/commerce";

// Notification e-mails (issue 33, decision 068), read from the outbox table: moderation verdicts
// with the reason, replies in one's thread, answers to followed questions, founders' new
// questions (each or a daily digest), per-topic switches and the one-click unsubscribe; and the
// follow calls with the followers count.

type Mail = {
  to: string;
  subject: string;
  text: string;
  template: string;
  notification_topic?: string;
  unsubscribe_url?: string;
  headers?: Record<string, string>;
};

const clock = fixedClock(new Date());
let app: TestApp;
let dealId: number;
let dealSlug: string;
const creds = {} as { partner: Credentials; moderator: Credentials; staff: Credentials };

const PARTNER = "partner@payonce.test";
const MODERATOR = "moderator@payonce.test";
const STAFF = "staff@payonce.test";

type Member = { email: string; creds: Credentials; id: number };

/** A new account of the test's own, its e-mail verified (it may ask questions). */
async function member(tag: string): Promise<Member> {
  const m = await newBuyer(app, tag);
  await app.database.db
    .update(userEmails)
    .set({ verified: true })
    .where(eq(userEmails.userId, m.id));
  return m;
}

/** Notification e-mails to an address, oldest first. */
async function mailsTo(email: string): Promise<Mail[]> {
  const rows = await app.database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, "email"), sql`lower(${outbox.payload}->>'to') = lower(${email})`))
    .orderBy(outbox.id);
  return rows.map((r) => r.payload as Mail).filter((m) => m.notification_topic !== undefined);
}

const q = (path = "") => `/api/v2/deals/${dealId}/questions/${path}`;

async function ask(who: Member, title: string): Promise<number> {
  const res = await app.send("POST", q(), { title, comment: `${title}?` }, who.creds);
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

async function approve(
  id: number,
  value: "approved" | "denied" | null,
  who = creds.moderator,
  reason?: string,
) {
  const body =
    reason === undefined ? { approved: value } : { approved: value, moderation_reason: reason };
  const res = await app.send("POST", q(`${id}/approve/`), body, who);
  expect(res.statusCode).toBe(200);
}

async function reply(id: number, creds: Credentials, comment: string) {
  const res = await app.send("POST", q(`${id}/reply/`), { comment }, creds);
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number; status: string }).id;
}

beforeAll(async () => {
  app = await createTestApp({ clock });
  const [deal] = await app.database.db.select().from(deals).where(eq(deals.slug, "taskflow"));
  dealId = deal?.id as number;
  dealSlug = deal?.slug as string;
  creds.partner = await app.login(PARTNER);
  creds.moderator = await app.login(MODERATOR);
  creds.staff = await app.login(STAFF);
});

describe("moderation verdicts", () => {
  it("tell the author once per verdict, and the founders once the question is public", async () => {
    const asker = await member("asker");
    const id = await ask(asker, "Does it export to CSV");
    // Pending: nobody is sent to what they cannot read.
    expect(await mailsTo(PARTNER)).toEqual([]);
    expect(await mailsTo(asker.email)).toEqual([]);

    await approve(id, "approved");
    const toAsker = await mailsTo(asker.email);
    expect(toAsker).toHaveLength(1);
    expect(toAsker[0]?.notification_topic).toBe("moderation");
    expect(toAsker[0]?.subject).toMatch(/question on .* was approved/);
    const toPartner = (await mailsTo(PARTNER)).filter((m) => m.text.includes(`-${id}/`));
    expect(toPartner).toHaveLength(1);
    expect(toPartner[0]?.notification_topic).toBe("partner_questions");
    expect(toPartner[0]?.subject).toContain("Does it export to CSV");
    // RFC 8058 one-click, and a link that needs no sign-in.
    expect(toPartner[0]?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(toPartner[0]?.headers?.["List-Unsubscribe"]).toMatch(
      /^<http.*\/api\/notifications\/unsubscribe\/[\w-]+\/partner_questions\/>$/,
    );
    expect(toPartner[0]?.text).toContain(toPartner[0]?.unsubscribe_url ?? "missing");

    // Staff reopen and approve again: the same event, no second e-mail to anyone.
    await approve(id, null, creds.staff);
    await approve(id, "approved", creds.staff);
    expect(await mailsTo(asker.email)).toHaveLength(1);
    expect((await mailsTo(PARTNER)).filter((m) => m.text.includes(`-${id}/`))).toHaveLength(1);
  });

  it("tell the author of a decline with the moderator's reason", async () => {
    const asker = await member("declined");
    const id = await ask(asker, "Is this a scam");
    await approve(id, "denied", creds.moderator, "Please ask about the product itself.");
    const mails = await mailsTo(asker.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/was declined/);
    expect(mails[0]?.text).toContain(
      "The moderator's reason: Please ask about the product itself.",
    );
    // Declined questions tell no founder.
    expect((await mailsTo(PARTNER)).filter((m) => m.text.includes(`-${id}/`))).toEqual([]);
  });

  it("never tell a moderator of their own approval", async () => {
    const id = await ask(await member("modself"), "Is there a dark mode");
    await approve(id, "approved", creds.partner);
    // The partner approved it: they are not told of the question they just read.
    expect((await mailsTo(PARTNER)).filter((m) => m.text.includes(`-${id}/`))).toEqual([]);
  });
});

describe("following a question", () => {
  it("is signed in, once per person, implicit for the author, counted on the question", async () => {
    const asker = await member("followed");
    const fan = await member("fan");
    const id = await ask(asker, "Can I self-host it");
    // Someone else's pending question is not there to follow.
    expect((await app.send("POST", q(`${id}/follow/`), {}, fan.creds)).statusCode).toBe(404);
    await approve(id, "approved");

    expect((await app.send("POST", q(`${id}/follow/`))).statusCode).toBe(401);
    const first = await app.send("POST", q(`${id}/follow/`), {}, fan.creds);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id, is_following: true, followers_count: 1 });
    const again = await app.send("POST", q(`${id}/follow/`), {}, fan.creds);
    expect(again.json()).toEqual({ id, is_following: true, followers_count: 1 });

    const own = await app.send("POST", q(`${id}/follow/`), {}, asker.creds);
    expect(own.json()).toEqual({ id, is_following: true, followers_count: 1 });
    const ownOff = await app.send("DELETE", q(`${id}/follow/`), undefined, asker.creds);
    expect(ownOff.json()).toEqual({ id, is_following: true, followers_count: 1 });

    const seen = (await app.send("GET", q(`${id}/`), undefined, fan.creds)).json();
    expect(seen).toMatchObject({ followers_count: 1, is_following: true });
    const anonymous = (await app.send("GET", q(`${id}/`))).json();
    expect(anonymous.followers_count).toBe(1);
    expect(anonymous.is_following).toBe(false);
    const listed = (await app.send("GET", q("?items_per_page=50"))).json() as {
      comments: { id: number; followers_count: number }[];
    };
    expect(listed.comments.find((c) => c.id === id)?.followers_count).toBe(1);

    const off = await app.send("DELETE", q(`${id}/follow/`), undefined, fan.creds);
    expect(off.json()).toEqual({ id, is_following: false, followers_count: 0 });
    const offAgain = await app.send("DELETE", q(`${id}/follow/`), undefined, fan.creds);
    expect(offAgain.json()).toEqual({ id, is_following: false, followers_count: 0 });
  });

  it("shows in the demo data: TaskFlow's most helpful questions have followers", async () => {
    const list = (
      await app.send("GET", q("?sort=helpful&order=desc&items_per_page=50"))
    ).json() as {
      comments: { followers_count: number }[];
    };
    // The shopper and the Plus member follow three of them (server/db/seed/follows.ts).
    expect(list.comments.filter((c) => c.followers_count >= 2).length).toBeGreaterThanOrEqual(3);
  });

  it("is for questions only: a reply or a review is not found", async () => {
    const fan = await member("nofollow");
    const [review] = await app.database.db
      .select({ id: comments.id })
      .from(comments)
      .where(
        and(
          eq(comments.dealId, dealId),
          eq(comments.kind, "review"),
          eq(comments.status, "approved"),
        ),
      )
      .limit(1);
    const res = await app.send("POST", q(`${review?.id}/follow/`), {}, fan.creds);
    expect(res.statusCode).toBe(404);
    const asker = await member("replied");
    const id = await ask(asker, "Is there an API");
    await approve(id, "approved");
    const replyId = await reply(id, creds.partner, "Yes, a REST API on every tier.");
    expect((await app.send("POST", q(`${replyId}/follow/`), {}, fan.creds)).statusCode).toBe(404);
    expect((await app.send("POST", q("abc/follow/"), {}, fan.creds)).statusCode).toBe(400);
  });

  it("through the page's form post (the question page's Follow button)", async () => {
    const asker = await member("pagefollow");
    const fan = await member("pagefan");
    const id = await ask(asker, "Does it sync offline");
    await approve(id, "approved");
    const session = await app.services.sessions.load(fan.creds.cookies.sessionid ?? "");
    const ctx = { services: app.services, session } as unknown as Parameters<
      typeof threadAction
    >[0];
    const form = new FormData();
    form.set("intent", "follow");
    form.set("id", String(id));
    const url = `http://localhost/products/${dealSlug}/questions/x-${id}/`;
    const answer = await threadAction(
      ctx,
      "question",
      dealSlug,
      new Request(url, { method: "POST", body: form }),
      `x-${id}`,
    );
    expect(answer).toEqual({ ok: true, intent: "follow", id });
    const seen = (await app.send("GET", q(`${id}/`), undefined, fan.creds)).json();
    expect(seen).toMatchObject({ followers_count: 1, is_following: true });
  });
});

describe("answers and replies", () => {
  it("tell the thread's author and the followers once, never the replier or a blocked account", async () => {
    const asker = await member("thread");
    const follower = await member("follower");
    const blocked = await member("blockedfan");
    const quiet = await member("quietfan");
    const id = await ask(asker, "Does it have Gantt charts");
    await approve(id, "approved");
    for (const who of [follower, blocked, quiet]) {
      expect((await app.send("POST", q(`${id}/follow/`), {}, who.creds)).statusCode).toBe(200);
    }
    await app.database.db
      .update(users)
      .set({ commentBlacklist: true })
      .where(eq(users.id, blocked.id));
    const off = await app.send(
      "PATCH",
      "/api/users/notifications/",
      { followed_questions: false },
      quiet.creds,
    );
    expect(off.json()).toMatchObject({ followed_questions: false, replies: true });

    // A founder's answer, public at once.
    await reply(id, creds.partner, "Yes, on Tier 2 and up.");
    const toAsker = await mailsTo(asker.email);
    expect(toAsker.map((m) => m.notification_topic)).toEqual(["moderation", "replies"]);
    expect(toAsker[1]?.subject).toMatch(/^The founders of .* replied to your question/);
    const toFollower = await mailsTo(follower.email);
    expect(toFollower).toHaveLength(1);
    expect(toFollower[0]?.notification_topic).toBe("followed_questions");
    expect(toFollower[0]?.text).toContain("Yes, on Tier 2 and up.");
    expect(await mailsTo(blocked.email)).toEqual([]);
    expect(await mailsTo(quiet.email)).toEqual([]);
    // The founder is not told of their own answer.
    expect((await mailsTo(PARTNER)).filter((m) => m.notification_topic === "replies")).toEqual([]);

    // A member's reply waits for moderation; approved, it tells the asker, not the followers
    // (it is no answer), and its own author nothing.
    const replyId = await reply(id, follower.creds, "Following, I have the same question.");
    expect(await mailsTo(asker.email)).toHaveLength(2);
    await approve(replyId, "approved");
    const later = await mailsTo(asker.email);
    expect(later).toHaveLength(3);
    expect(later[2]?.notification_topic).toBe("replies");
    expect((await mailsTo(follower.email)).map((m) => m.notification_topic)).toEqual([
      "followed_questions",
      "moderation",
    ]);
  });

  it("respect the replies switch, and a reply to a reply tells its author", async () => {
    const asker = await member("noreplies");
    const id = await ask(asker, "Is there a Linux app");
    await approve(id, "approved");
    const patched = await app.send(
      "PATCH",
      "/api/users/notifications/",
      { replies: false },
      asker.creds,
    );
    expect(patched.statusCode).toBe(200);
    const answer = await reply(id, creds.partner, "Yes, an AppImage.");
    expect((await mailsTo(asker.email)).map((m) => m.notification_topic)).toEqual(["moderation"]);
    // Staff reply to the founder's answer (staff replies wait for moderation): approved, the
    // founder hears (replies), the asker still not.
    const staffReply = await reply(answer, creds.staff, "And a .deb package too.");
    expect((await mailsTo(PARTNER)).filter((m) => m.notification_topic === "replies")).toEqual([]);
    await approve(staffReply, "approved");
    const toPartner = (await mailsTo(PARTNER)).filter((m) => m.notification_topic === "replies");
    expect(toPartner).toHaveLength(1);
    expect(toPartner[0]?.subject).toMatch(/^Payonce staff replied/);
    expect((await mailsTo(asker.email)).map((m) => m.notification_topic)).toEqual(["moderation"]);
  });
});

describe("notification settings", () => {
  it("are the member's own: defaults, partial changes, bad values are a 400", async () => {
    const m = await member("settings");
    expect((await app.send("GET", "/api/users/notifications/")).statusCode).toBe(401);
    const fresh = await app.send("GET", "/api/users/notifications/", undefined, m.creds);
    expect(fresh.json()).toEqual({
      moderation: true,
      replies: true,
      followed_questions: true,
      partner_questions: "each",
    });
    const changed = await app.send(
      "PATCH",
      "/api/users/notifications/",
      { moderation: false, partner_questions: "daily" },
      m.creds,
    );
    expect(changed.json()).toEqual({
      moderation: false,
      replies: true,
      followed_questions: true,
      partner_questions: "daily",
    });
    const bad = await app.send(
      "PATCH",
      "/api/users/notifications/",
      { partner_questions: "weekly" },
      m.creds,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("partner_questions");
  });

  it("one-click unsubscribe turns one topic off without signing in", async () => {
    const asker = await member("unsub");
    const id = await ask(asker, "Can I import from Trello");
    await approve(id, "approved");
    const [mail] = await mailsTo(asker.email);
    const target = /<https?:\/\/[^/]+(\/api\/notifications\/unsubscribe\/[^>]+)>/.exec(
      mail?.headers?.["List-Unsubscribe"] ?? "",
    )?.[1];
    expect(target).toMatch(/\/moderation\/$/);
    const res = await app.inject({
      method: "POST",
      url: target as string,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: NOTIFICATIONS_UNSUBSCRIBED });
    const now = await app.send("GET", "/api/users/notifications/", undefined, asker.creds);
    expect(now.json()).toMatchObject({ moderation: false, replies: true });
    // Declined now: no e-mail about it.
    await approve(id, "denied", creds.staff);
    expect(await mailsTo(asker.email)).toHaveLength(1);

    const unknown = await app.inject({
      method: "POST",
      url: "/api/notifications/unsubscribe/not-a-token/moderation/",
    });
    expect(unknown.statusCode).toBe(404);
    const badTopic = await app.inject({
      method: "POST",
      url: (target as string).replace("/moderation/", "/everything/"),
    });
    expect(badTopic.statusCode).toBe(400);
  });
});

describe("founders' daily digest", () => {
  it("gathers the day's new questions into one e-mail at midnight", async () => {
    const set = await app.send(
      "PATCH",
      "/api/users/notifications/",
      { partner_questions: "daily" },
      creds.partner,
    );
    expect(set.statusCode).toBe(200);
    const before = (await mailsTo(PARTNER)).length;
    const asker = await member("digest");
    const first = await ask(asker, "Does it support SSO");
    const second = await ask(asker, "Is there a Zapier integration");
    await approve(first, "approved");
    await approve(second, "approved");
    expect(await mailsTo(PARTNER)).toHaveLength(before);
    const jobs = await app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, PARTNER_DIGEST_TOPIC), eq(outbox.status, "pending")));
    expect(jobs).toHaveLength(1);

    clock.advance(25 * 60 * 60 * 1000);
    while ((await app.services.outbox.runOnce()) > 0) {}
    const digest = (await mailsTo(PARTNER)).slice(before);
    expect(digest).toHaveLength(1);
    expect(digest[0]?.subject).toBe("2 new questions on your deals");
    expect(digest[0]?.text).toContain("Does it support SSO");
    expect(digest[0]?.text).toContain("Is there a Zapier integration");
    expect(digest[0]?.notification_topic).toBe("partner_questions");
  });
});
