import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { saveAction } from "../../app/discussions/form-actions.server";
import { REVIEW_VIDEO_MAX_BYTES } from "../../domain/constants";
import { VIDEO_TOO_LARGE } from "../../domain/messages";
import { comments, deals, media } from "../../server/db/schema";
import { MESSAGES } from "../../server/services/discussions/write-context";
import { createTestApp } from "../helpers/app";
import { mp4, multipartParts } from "../helpers/video-upload";

// Issue 31, "one use case, two doors": the review form's page action takes the same posting use
// case as the API, so its multipart body streams through the same parser with the same 50 MB cap,
// after the posting gates. Called as React Router calls it, with a web Request whose body is a
// stream that counts what the action pulls from it.

const app = await createTestApp();
const { services } = app;
let dealSlug: string;
let dealId: number;

type Answer = {
  data: { fieldErrors: Record<string, string[]>; formError: string | null };
  init: { status?: number } | null;
};

/** Every media key the store was asked to write, to check none is left behind. */
const puts: string[] = [];
const realPut = services.media.put.bind(services.media);
services.media.put = (key, body) => {
  puts.push(key);
  return realPut(key, body);
};

async function ctxFor(email: string) {
  const creds = await app.login(email);
  const session = await services.sessions.load(creds.cookies.sessionid ?? "");
  return { services, session } as unknown as Parameters<typeof saveAction>[0];
}

/**
 * A multipart review post whose body is produced as it is read: `pulled()` says how many bytes
 * the action took. A declared length is sent only when asked (a browser always sends one).
 */
function streamingPost(fields: Record<string, string>, videoBytes: number, declare: boolean) {
  const { head, tail, type } = multipartParts(fields, "video/mp4");
  const first = mp4(Math.min(videoBytes, 64 * 1024));
  const total = head.length + videoBytes + tail.length;
  let sent = 0;
  let videoSent = 0;
  let stage = 0;
  const chunk = Buffer.alloc(256 * 1024, 7);
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        let out: Buffer;
        if (stage === 0) {
          out = head;
          stage = 1;
        } else if (stage === 1 && videoSent < videoBytes) {
          const piece = videoSent === 0 ? first : chunk;
          out = piece.subarray(0, Math.min(piece.length, videoBytes - videoSent));
          videoSent += out.length;
        } else if (stage === 1) {
          out = tail;
          stage = 2;
        } else {
          controller.close();
          return;
        }
        sent += out.length;
        controller.enqueue(new Uint8Array(out));
      },
      // Nothing is produced before the reader asks: `pulled` counts what the action read.
    },
    { highWaterMark: 0 },
  );
  const headers: Record<string, string> = { "content-type": type };
  if (declare) headers["content-length"] = String(total);
  const request = new Request(`http://localhost/deals/${dealSlug}/reviews/new/`, {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  return { request, total, pulled: () => sent };
}

async function mediaRowsOf(email: string) {
  const id = await app.userId(email);
  return app.database.db.select().from(media).where(eq(media.uploadedByUserId, id));
}

async function storedNow(keys: string[]) {
  const found = await Promise.all(keys.map((key) => services.media.get(key)));
  for (const file of found) file?.body.destroy();
  return found.filter(Boolean).length;
}

beforeAll(async () => {
  const [deal] = await app.database.db.select().from(deals).where(eq(deals.slug, "infohub"));
  dealSlug = deal?.slug as string;
  dealId = deal?.id as number;
});

describe("the review form's page action", () => {
  it("refuses a declared body past 50 MB with the API's 413 before reading it", async () => {
    const ctx = await ctxFor("shopper@payonce.test");
    const before = puts.length;
    const post = streamingPost({ title: "Big", rating: "5" }, REVIEW_VIDEO_MAX_BYTES + 2e6, true);
    const res = (await saveAction(ctx, "review", dealSlug, post.request, null)) as Answer;
    expect(res.init?.status).toBe(413);
    expect(res.data.fieldErrors.video_file).toEqual([VIDEO_TOO_LARGE]);
    expect(post.pulled()).toBeLessThan(1024 * 1024);
    expect(puts.length).toBe(before);
    expect(await mediaRowsOf("shopper@payonce.test")).toEqual([]);
  });

  it("cuts an undeclared body at 50 MB: 413, the rest unread, nothing stored", async () => {
    const ctx = await ctxFor("shopper@payonce.test");
    const before = puts.length;
    const post = streamingPost({ title: "Big", rating: "5" }, REVIEW_VIDEO_MAX_BYTES + 8e6, false);
    const res = (await saveAction(ctx, "review", dealSlug, post.request, null)) as Answer;
    expect(res.init?.status).toBe(413);
    expect(res.data.fieldErrors.video_file).toEqual([VIDEO_TOO_LARGE]);
    expect(post.pulled()).toBeLessThan(post.total - 4e6);
    expect(await storedNow(puts.slice(before))).toBe(0);
    expect(await mediaRowsOf("shopper@payonce.test")).toEqual([]);
  });

  it("applies the posting gates before a byte of video is read or stored", async () => {
    const email = "buyer@payonce.test";
    const creds = await app.login(email);
    const first = await app.send(
      "POST",
      `/api/v2/deals/${dealId}/reviews/`,
      { title: "First", rating: 4, comment: "Already said my piece." },
      creds,
    );
    expect(first.statusCode, first.body).toBe(201);
    const ctx = await ctxFor(email);
    const before = puts.length;
    const post = streamingPost({ title: "Second", rating: "5" }, 300_000, true);
    const res = (await saveAction(ctx, "review", dealSlug, post.request, null)) as Answer;
    expect(res.init?.status).toBe(409);
    expect(res.data.formError).toBe(MESSAGES.alreadyReviewed);
    expect(post.pulled()).toBe(0);
    expect(puts.length).toBe(before);
    expect(await mediaRowsOf(email)).toEqual([]);
  });

  it("still posts a video review within the cap, through the same parser", async () => {
    const ctx = await ctxFor("plus@payonce.test");
    const post = streamingPost({ title: "Small clip", rating: "5" }, 300_000, true);
    const res = (await saveAction(ctx, "review", dealSlug, post.request, null)) as Response;
    expect(res.status).toBe(302);
    expect(post.pulled()).toBe(post.total);
    const rows = await mediaRowsOf("plus@payonce.test");
    expect(rows.map((r) => r.contentType).sort()).toEqual(["image/svg+xml", "video/mp4"]);
  });

  it("posts a question from its multipart form, and refuses a NUL in a field with a 400", async () => {
    const ctx = await ctxFor("shopper@payonce.test");
    const form = (title: string) => {
      const body = new FormData();
      body.set("title", title);
      body.set("comment", "Does it sync offline?");
      return new Request(`http://localhost/deals/${dealSlug}/questions/new/`, {
        method: "POST",
        body,
      });
    };
    const refused = (await saveAction(
      ctx,
      "question",
      dealSlug,
      form("Off\u0000line?"),
      null,
    )) as Answer;
    expect(refused.init?.status).toBe(400);
    const posted = (await saveAction(
      ctx,
      "question",
      dealSlug,
      form("Offline?"),
      null,
    )) as Response;
    expect(posted.status).toBe(302);
    const userId = await app.userId("shopper@payonce.test");
    const rows = await app.database.db
      .select({ title: comments.title })
      .from(comments)
      .where(and(eq(comments.userId, userId), eq(comments.kind, "question")));
    expect(rows.map((r) => r.title)).toEqual(["Offline?"]);
  });
});
