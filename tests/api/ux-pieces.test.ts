import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { threadAction } from "../../app/discussions/thread-actions.server";
import { INFO_ORDER, INFO_PAGES, infoPageFor } from "../../app/info/content";
import { loader as infoLoader, meta as infoMeta } from "../../app/routes/info";
import { loader as profileLoader, meta as profileMeta } from "../../app/routes/profile";
import { QUESTION_INLINE_MAX } from "../../domain/constants";
import { DELETE_FAILED, deleteSuccess, tooLong } from "../../domain/messages";
import { testConfig } from "../../server/config";
import { pageCookies } from "../../server/web/cookies";
import { createTestApp, type TestApp } from "../helpers/app";

// The spec's missing pieces (issue 15): public profiles, the information pages, question
// suggestions by any stemmed word, and the thread actions behind reply editing, the question
// answer box's 400 characters and the delete toasts.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

const ORIGIN = "https://payonce.example";

async function contextFor(email: string | null) {
  const session = email
    ? await app.services.sessions.load((await app.login(email)).cookies.sessionid ?? "")
    : null;
  const context = new RouterContextProvider();
  context.set(appContext, {
    services: app.services,
    session,
    publicConfig: { reportListingUrl: "https://example.com/report", publicUrl: ORIGIN },
    cookies: pageCookies(testConfig()),
    cspNonce: "test-nonce",
  });
  return context;
}

type MetaTag = Record<string, string>;
const tag = (tags: MetaTag[], key: string, value: string) =>
  tags.find((t) => t[key] === value) as MetaTag | undefined;

async function loadProfile(username: string, query = "") {
  const context = await contextFor(null);
  return profileLoader({
    context,
    params: { username },
    request: new Request(`${ORIGIN}/profile/${encodeURIComponent(username)}/${query}`),
    unstable_pattern: "/profile/:username",
  } as unknown as Parameters<typeof profileLoader>[0]);
}

describe("/profile/{username}/", () => {
  it("shows a member's approved reviews, newest first, with an absolute canonical and Open Graph", async () => {
    const data = await loadProfile("demo-reviewer");
    expect(data.user.username).toBe("demo-reviewer");
    expect(data.tab).toBe("reviews");
    expect(data.counts.reviews).toBeGreaterThan(0);
    expect(data.entries.length).toBe(Math.min(20, data.counts.reviews));
    const dates = data.entries.map((e) => e.created);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const e of data.entries) {
      expect(e.kind).toBe("review");
      expect(e.path).toMatch(/^\/products\/[^/]+\/reviews\/.+-\d+\/$/);
    }

    const tags = profileMeta({ loaderData: data } as never) as MetaTag[];
    const canonical = tags.find((t) => t.rel === "canonical");
    expect(canonical?.href).toBe(`${ORIGIN}/profile/demo-reviewer/`);
    expect(tag(tags, "property", "og:url")?.content).toBe(canonical?.href);
    expect(tag(tags, "property", "og:type")?.content).toBe("profile");
    expect(tag(tags, "property", "og:title")?.content).toContain(data.user.name);
    expect(tag(tags, "name", "description")?.content).toContain(`${data.counts.reviews} review`);
    expect(tag(tags, "property", "og:description")?.content).toBeTruthy();
    expect(tag(tags, "name", "twitter:card")?.content).toMatch(/^summary/);
  });

  it("leaves out pending and declined items, and pages the answers of a founder", async () => {
    // The founder answers questions and writes no reviews: the answers tab is the default.
    const data = await loadProfile("taskflow-founder");
    expect(data.tab).toBe("answers");
    expect(data.counts.answers).toBeGreaterThan(0);
    expect(data.user.founderOf.map((d) => d.slug)).toContain("taskflow");
    expect(data.entries.every((e) => e.kind === "answer" && e.path.includes("/questions/"))).toBe(
      true,
    );
    const all = await app.services.discussions.profile("taskflow-founder", {
      tab: "answers",
      page: 1,
      pageSize: 1000,
    });
    expect(all.entries).toHaveLength(data.counts.answers);
    if (data.counts.answers > 20) {
      const page2 = await loadProfile("taskflow-founder", "?page=2");
      expect(page2.entries[0]?.id).not.toBe(data.entries[0]?.id);
    }
    // Past the last page, or an unknown member: a real 404.
    await expect(loadProfile("taskflow-founder", "?page=999")).rejects.toMatchObject({
      init: { status: 404 },
    });
    await expect(loadProfile("no-such-member")).rejects.toMatchObject({ init: { status: 404 } });
    await expect(loadProfile("bad name!")).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("labels a bot author and lists what it asked", async () => {
    const data = await loadProfile("QAbot");
    expect(data.user.isBot).toBe(true);
    expect(data.counts.questions).toBeGreaterThan(0);
    expect(data.tab).toBe("questions");
    expect(data.entries[0]?.kind).toBe("question");
  });
});

describe("information pages", () => {
  it("serve the community guidelines and the footer's company pages with their meta", async () => {
    const context = await contextFor(null);
    for (const key of INFO_ORDER) {
      const page = INFO_PAGES[key];
      const data = await infoLoader({
        context,
        params: {},
        request: new Request(`${ORIGIN}${page.path}`),
        unstable_pattern: page.path,
      } as unknown as Parameters<typeof infoLoader>[0]);
      expect(data.key).toBe(key);
      const tags = infoMeta({ loaderData: data } as never) as MetaTag[];
      expect(tags.find((t) => t.rel === "canonical")?.href).toBe(`${ORIGIN}${page.path}`);
      expect(tag(tags, "name", "description")?.content).toBe(page.description);
      expect(page.sections.length).toBeGreaterThanOrEqual(3);
    }
    expect(INFO_PAGES["community-guidelines"].path).toBe("/community-guidelines/");
    // A client-side navigation's data request names the same page.
    expect(infoPageFor("/about/_.data")?.key).toBe("about");
    expect(infoPageFor("/help.data")?.key).toBe("help");
    expect(infoPageFor("/nope/")).toBeNull();
  });
});

describe("question suggestions", () => {
  it('find "Zapier integration?" for "Does it support zapier webhooks" (any stemmed word)', async () => {
    const query = encodeURIComponent("Does it support zapier webhooks");
    // The list's search wants every word, so it misses it...
    const list = await app.send("GET", `/api/v2/deals/taskflow/questions/?query=${query}`);
    expect(list.json().comments.map((c: { title: string }) => c.title)).not.toContain(
      "Zapier integration?",
    );
    // ...the suggestions take any word, stemmed.
    const res = await app.send("GET", `/api/v2/deals/taskflow/questions/similar/?query=${query}`);
    expect(res.statusCode).toBe(200);
    const titles = res.json().comments.map((c: { title: string }) => c.title);
    expect(titles).toContain("Zapier integration?");
    expect(titles.length).toBeLessThanOrEqual(5);
    const plural = await app.send(
      "GET",
      `/api/v2/deals/taskflow/questions/similar/?query=${encodeURIComponent("zapier integrations")}`,
    );
    expect(plural.json().comments[0].title).toBe("Zapier integration?");
  });

  it("answer nothing for stop words and 404 for an unknown deal", async () => {
    const res = await app.send("GET", "/api/v2/deals/taskflow/questions/similar/?query=does%20it");
    expect(res.statusCode).toBe(200);
    expect(res.json().comments).toEqual([]);
    const missing = await app.send("GET", "/api/v2/deals/no-such-deal/questions/similar/?query=x");
    expect(missing.statusCode).toBe(404);
  });
});

describe("thread actions", () => {
  async function act(email: string, kind: "review" | "question", fields: Record<string, string>) {
    const context = await contextFor(email);
    const ctx = context.get(appContext);
    const body = new URLSearchParams(fields);
    return threadAction(
      ctx,
      kind,
      "taskflow",
      new Request(`${ORIGIN}/products/taskflow/${kind}s/`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      }),
    );
  }

  async function firstQuestionId(): Promise<number> {
    const list = await app.send("GET", "/api/v2/deals/taskflow/questions/?sort=helpful");
    return list.json().comments[0].id;
  }

  it("limit a question's answer box to 400 characters", async () => {
    const questionId = await firstQuestionId();
    const long = "x".repeat(QUESTION_INLINE_MAX + 1);
    const refused = await act("shopper@payonce.test", "question", {
      intent: "reply",
      id: String(questionId),
      comment: long,
    });
    expect(refused).toMatchObject({ ok: false, fieldErrors: { comment: [tooLong(400)] } });
    const fits = await act("shopper@payonce.test", "question", {
      intent: "reply",
      id: String(questionId),
      comment: "y".repeat(QUESTION_INLINE_MAX),
    });
    expect(fits).toMatchObject({ ok: true, intent: "reply" });
  });

  it("let an author edit their own reply in place, and nobody else", async () => {
    const questionId = await firstQuestionId();
    const posted = await app.send(
      "POST",
      `/api/v2/deals/taskflow/questions/${questionId}/reply/`,
      { comment: "First words" },
      await app.login("shopper@payonce.test"),
    );
    expect(posted.statusCode).toBe(201);
    const replyId = String(posted.json().id);
    const edited = await act("shopper@payonce.test", "question", {
      intent: "edit",
      id: replyId,
      comment: "  Better words  ",
    });
    expect(edited).toMatchObject({ ok: true, intent: "edit", status: "pending" });
    const staff = await app.login("staff@payonce.test");
    const thread = await app.send(
      "GET",
      `/api/v2/deals/taskflow/questions/${questionId}/`,
      undefined,
      staff,
    );
    const find = (list: { id: number; comment: string; children: unknown[] }[]): unknown =>
      list.flatMap((r) => [r, ...((find(r.children as never) as never[]) ?? [])]);
    const replies = find(thread.json().children) as { id: number; comment: string }[];
    expect(replies.find((r) => String(r.id) === replyId)?.comment).toBe("Better words");
    // Pending again after the edit: the author's public profile does not show it.
    const profile = await app.services.discussions.profile("demo-shopper", {
      tab: "answers",
      page: 1,
      pageSize: 1000,
    });
    expect(profile.entries.map((e) => String(e.id))).not.toContain(replyId);
    // Another member may not; a question itself is edited on its own page, never here.
    const other = await act("buyer@payonce.test", "question", {
      intent: "edit",
      id: replyId,
      comment: "Hijacked",
    });
    expect(other).toMatchObject({ ok: false });
    const topLevel = await act("shopper@payonce.test", "question", {
      intent: "edit",
      id: String(questionId),
      comment: "Not a reply",
    });
    expect(topLevel).toMatchObject({ ok: false });
  });

  it("answer a delete with the spec's toast, for replies too", async () => {
    const questionId = await firstQuestionId();
    const posted = await app.send(
      "POST",
      `/api/v2/deals/taskflow/questions/${questionId}/reply/`,
      { comment: "To be deleted" },
      await app.login("shopper@payonce.test"),
    );
    const id = String(posted.json().id);
    const removed = await act("shopper@payonce.test", "question", {
      intent: "delete",
      id,
      label: "Comment",
    });
    expect(removed).toMatchObject({ ok: true, toast: deleteSuccess("Comment") });
    expect(deleteSuccess("Comment")).toBe("Comment has been deleted!");
    const again = await act("shopper@payonce.test", "question", {
      intent: "delete",
      id,
      label: "Comment",
    });
    expect(again).toMatchObject({ ok: false, toast: DELETE_FAILED });
  });
});
