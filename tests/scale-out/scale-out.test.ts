/**
 * Scale-out (DESIGN.md): two app instances, as two processes or machines would run, on one
 * PostgreSQL database, one Redis and one S3-compatible store. What one instance counts, changes or
 * stores, the other sees; a job in the shared outbox runs once. PostgreSQL only (PGlite belongs to
 * one process): vitest.config.ts adds this project when DATABASE_URL is set.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { adminSql, openDatabase } from "../../server/db/client";
import { deals } from "../../server/db/schema";
import type { PageHandler } from "../../server/http/react-router";
import type { MailMessage } from "../../server/providers/mail";
import { EMAIL_TOPIC } from "../../server/services/accounts/account-records";
import { LIMITS } from "../../server/services/limits/limits";
import { createTestApp, type TestApp } from "../helpers/app";
import { startS3 } from "../helpers/s3";
import { mp4, postVideoReview } from "../helpers/video-upload";
import {
  postgresTemplateName,
  runDatabasePrefix,
  templateKey,
  withDatabase,
} from "../setup/template";

const url = process.env.DATABASE_URL as string;
const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const redisKeyPrefix = `payonce-test:scale-out:${randomBytes(6).toString("hex")}:`;
const databaseName = `${runDatabasePrefix()}_scale_${randomBytes(6).toString("hex")}`;

/** Renders a deal's review count: enough to tell a fresh page from a stale one. */
const pageHandler: PageHandler = async (request, context) => {
  const { services } = context.get(appContext);
  const slug = new URL(request.url).pathname.split("/")[2] ?? "";
  const deal = await services.catalog.getDealDetails(slug);
  if (!deal) return new Response("Not found", { status: 404 });
  return new Response(`<!DOCTYPE html><p>reviews ${deal.deal_review.review_count}</p>`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  });
};

let s3: Awaited<ReturnType<typeof startS3>>;
let a: TestApp;
let b: TestApp;
let dealId: number;

beforeAll(async () => {
  await adminSql(
    url,
    `create database "${databaseName}" template "${postgresTemplateName(templateKey())}"`,
  );
  s3 = await startS3();
  const config = { redisUrl, redisKeyPrefix, s3: s3.config };
  // Each instance has its own connection pool, as separate processes would.
  const open = () =>
    openDatabase({ kind: "postgres", url: withDatabase(url, databaseName), max: 4 });
  a = await createTestApp({ config, pageHandler, database: await open() });
  b = await createTestApp({ config, pageHandler, database: await open() });
  const [deal] = await a.database.db.select().from(deals).where(eq(deals.slug, "infohub"));
  dealId = deal?.id as number;
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await s3?.stop();
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${redisKeyPrefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  await adminSql(url, `drop database if exists "${databaseName}" with (force)`);
});

const failLogin = (app: TestApp) =>
  app.inject({
    method: "POST",
    url: "/api/users/login/",
    payload: { email: "buyer@payonce.test", password: "not the password" },
  });

describe("two app instances on one PostgreSQL, Redis and S3", () => {
  it("count login failures together: failures on A then B reach the limit", async () => {
    const limit = LIMITS["login.pair"].points;
    const half = Math.ceil(limit / 2);
    for (let i = 0; i < half; i++) expect((await failLogin(a)).statusCode).not.toBe(429);
    for (let i = half; i < limit; i++) expect((await failLogin(b)).statusCode).not.toBe(429);
    // B alone has seen fewer failures than the limit: only the shared count refuses.
    const refused = await failLogin(b);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await failLogin(a)).statusCode).toBe(429);
  }, 30_000);

  it("serve a video uploaded through one from the other, and see its cache invalidation", async () => {
    const page = "/products/infohub/";
    expect((await a.inject({ method: "GET", url: page })).headers["x-cache"]).toBe("MISS");
    expect((await b.inject({ method: "GET", url: page })).headers["x-cache"]).toBe("HIT");

    const shopper = await a.login("shopper@payonce.test");
    const data = mp4(150_000);
    const res = await postVideoReview(a, shopper, dealId, { title: "Shared", rating: "5" }, data);
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as { id: number; video_file: string };

    // The review changed the deal's page on A: B renders it afresh, then both hit again.
    expect((await b.inject({ method: "GET", url: page })).headers["x-cache"]).toBe("MISS");
    expect((await a.inject({ method: "GET", url: page })).headers["x-cache"]).toBe("HIT");

    const whole = await b.inject({ method: "GET", url: item.video_file });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    const part = await b.inject({
      method: "GET",
      url: item.video_file,
      headers: { range: "bytes=4-11" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString("latin1")).toBe("ftypisom");

    // The session is in PostgreSQL: B accepts A's sign-in, and deleting there removes the file.
    const del = await b.inject({
      method: "DELETE",
      url: `/api/v2/deals/${dealId}/reviews/${item.id}/`,
      cookies: shopper.cookies,
      headers: shopper.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await a.inject({ method: "GET", url: item.video_file })).statusCode).toBe(404);
    expect(await a.services.media.get(item.video_file.replace("/media/", ""))).toBeNull();
  });

  it("send each outbox e-mail once while both workers run", async () => {
    const sent: string[] = [];
    const deliver = async (message: { payload: Record<string, unknown> }) => {
      const mail = message.payload as MailMessage;
      if (mail.subject === "scale-out") sent.push(mail.to);
    };
    a.services.outbox.handle(EMAIL_TOPIC, deliver);
    b.services.outbox.handle(EMAIL_TOPIC, deliver);
    const count = 25;
    for (let i = 0; i < count; i++)
      await a.services.outbox.enqueue(a.database.db, {
        kind: "email",
        topic: EMAIL_TOPIC,
        payload: { to: `reader${i}@payonce.test`, subject: "scale-out", text: "hello" },
      });
    const drain = async (app: TestApp) => {
      while ((await app.services.outbox.runOnce()) > 0) {}
    };
    await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
    expect(sent).toHaveLength(count);
    expect(new Set(sent).size).toBe(count);
  });
});
