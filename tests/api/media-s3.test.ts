/**
 * Review videos in S3-compatible storage (S3_* set): the same API as on the local disk, the bytes
 * in the bucket. A local s3rver on a free port stands in for the store.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deals } from "../../server/db/schema";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";
import { startS3 } from "../helpers/s3";
import { mp4, postVideoReview } from "../helpers/video-upload";

type Item = { id: number; video_file: string; video_thumbnail: string };

let s3: Awaited<ReturnType<typeof startS3>>;
let app: TestApp;
let dealId: number;
let shopper: Credentials;

/** The object keys s3rver holds in the bucket (it keeps each as `<key>._S3rver_object`). */
function objectsInBucket(): string[] {
  const dir = path.join(s3.directory, s3.config.bucket);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith("._S3rver_object"))
    .map((name) => name.replace(/\._S3rver_object$/, ""));
}

beforeAll(async () => {
  s3 = await startS3();
  app = await createTestApp({ config: { s3: s3.config } });
  const [deal] = await app.database.db.select().from(deals).where(eq(deals.slug, "infohub"));
  dealId = deal?.id as number;
  shopper = await app.login("shopper@payonce.test");
});

afterAll(async () => {
  await app.close();
  await s3.stop();
});

const key = (url: string) => url.replace("/media/", "");

describe("video reviews in S3", () => {
  it("stores the video and its poster in the bucket, serves them back (with ranges), deletes them", async () => {
    const data = mp4(200_000);
    const res = await postVideoReview(app, shopper, dealId, { title: "On S3", rating: "5" }, data);
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as Item;
    expect(objectsInBucket().sort()).toEqual(
      [key(item.video_file), key(item.video_thumbnail)].sort(),
    );

    const whole = await app.inject({ method: "GET", url: item.video_file });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-length"]).toBe(String(data.length));
    expect(whole.rawPayload.equals(data)).toBe(true);

    const part = await app.inject({
      method: "GET",
      url: item.video_file,
      headers: { range: "bytes=4-11" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 4-11/${data.length}`);
    expect(part.rawPayload.toString("latin1")).toBe("ftypisom");

    const tail = await app.inject({
      method: "GET",
      url: item.video_file,
      headers: { range: "bytes=-10" },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(data.subarray(data.length - 10))).toBe(true);

    const poster = await app.inject({ method: "GET", url: item.video_thumbnail });
    expect(poster.statusCode).toBe(200);
    expect(poster.body).toContain("On S3");

    const del = await app.inject({
      method: "DELETE",
      url: `/api/v2/deals/${dealId}/reviews/${item.id}/`,
      cookies: shopper.cookies,
      headers: shopper.headers,
    });
    expect(del.statusCode).toBe(204);
    expect(objectsInBucket()).toEqual([]);
    expect((await app.inject({ method: "GET", url: item.video_file })).statusCode).toBe(404);
  });

  it("uploads a video larger than one part as a multipart upload", async () => {
    const data = mp4(9 * 1024 * 1024 + 123);
    const res = await postVideoReview(app, shopper, dealId, { title: "Big", rating: "4" }, data);
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as Item;
    const back = await app.inject({ method: "GET", url: item.video_file });
    expect(back.rawPayload.equals(data)).toBe(true);
    const edge = await app.inject({
      method: "GET",
      url: item.video_file,
      headers: { range: `bytes=${8 * 1024 * 1024 - 2}-${8 * 1024 * 1024 + 1}` },
    });
    expect(edge.rawPayload.equals(data.subarray(8 * 1024 * 1024 - 2, 8 * 1024 * 1024 + 2))).toBe(
      true,
    );
    await app.services.media.delete(key(item.video_file));
    expect((await app.services.media.get(key(item.video_file))) ?? null).toBeNull();
  });

  it("answers null for a key the bucket does not hold", async () => {
    expect(await app.services.media.get("review-video-unknown.mp4")).toBeNull();
    await app.services.media.delete("review-video-unknown.mp4");
  });
});
