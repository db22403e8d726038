import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_VIDEO_MAX_BYTES } from "../../domain/constants";
import { EITHER_COMMENT_OR_VIDEO, VIDEO_TOO_LARGE } from "../../domain/messages";
import { deals, media } from "../../server/db/schema";
import { VIDEO_TYPE_INVALID } from "../../server/services/discussions/video";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";

// Video reviews (spec 000 sections 5, 7 and 9): multipart with video_file, video types only (the
// bytes are checked, not just the declared type), 50 MB at most, served back at /media/{key}.

type Item = {
  id: number;
  comment: string;
  status: string;
  video_file: string | null;
  video_thumbnail: string | null;
};

let app: TestApp;
let dealId: number;
const creds: Record<string, Credentials> = {};
const created: { id: number; who: string }[] = [];

/** An MP4 header ("ftyp" box, brand isom) followed by filler. */
function mp4(size: number): Buffer {
  const data = Buffer.alloc(size, 7);
  Buffer.from([0, 0, 0, 0x18]).copy(data, 0);
  Buffer.from("ftypisom", "latin1").copy(data, 4);
  return data;
}

function multipart(
  fields: Record<string, string>,
  file?: { name?: string; type: string; data: Buffer; filename?: string },
) {
  const boundary = `----payonce${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? "video_file"}"; filename="${file.filename ?? "clip.mp4"}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

async function post(
  who: string,
  body: ReturnType<typeof multipart>,
  url = `/api/v2/deals/${dealId}/reviews/`,
) {
  const c = creds[who] as Credentials;
  return app.inject({
    method: "POST",
    url,
    cookies: c.cookies,
    headers: { ...c.headers, "content-type": body.type },
    payload: body.payload,
  });
}

beforeAll(async () => {
  app = await createTestApp();
  const [deal] = await app.database.db.select().from(deals).where(eq(deals.slug, "infohub"));
  dealId = deal?.id as number;
  for (const who of ["shopper", "plus", "staff", "buyer"])
    creds[who] = await app.login(`${who}@payonce.test`);
});

afterAll(async () => {
  // Deleting the reviews removes their stored files too.
  for (const { id, who } of created) {
    const c = creds[who] as Credentials;
    await app.inject({
      method: "DELETE",
      url: `/api/v2/deals/${dealId}/reviews/${id}/`,
      cookies: c.cookies,
      headers: c.headers,
    });
  }
});

describe("video reviews", () => {
  let item: Item;
  const data = mp4(200_000);

  it("stores a video review with a poster, and serves both back", async () => {
    const res = await post(
      "shopper",
      multipart({ title: "Watch this", rating: "5", comment: "" }, { type: "video/mp4", data }),
    );
    expect(res.statusCode, res.body).toBe(201);
    item = res.json() as Item;
    created.push({ id: item.id, who: "shopper" });
    expect(item.video_file).toMatch(/^\/media\/review-video-[a-f0-9]+\.mp4$/);
    expect(item.video_thumbnail).toMatch(/^\/media\/review-poster-[a-f0-9]+\.svg$/);
    expect(item.comment).toBe("");

    const video = await app.inject({ method: "GET", url: item.video_file as string });
    expect(video.statusCode).toBe(200);
    expect(video.headers["content-type"]).toBe("video/mp4");
    expect(video.rawPayload.equals(data)).toBe(true);

    const part = await app.inject({
      method: "GET",
      url: item.video_file as string,
      headers: { range: "bytes=4-11" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 4-11/${data.length}`);
    expect(part.rawPayload.toString("latin1")).toBe("ftypisom");

    const poster = await app.inject({ method: "GET", url: item.video_thumbnail as string });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers["content-type"]).toBe("image/svg+xml");
    expect(poster.body).toContain("Watch this");
  });

  it("records the type the bytes show, whatever was declared", async () => {
    const [row] = await app.database.db
      .select()
      .from(media)
      .where(eq(media.key, (item.video_file as string).replace("/media/", "")));
    expect(row).toMatchObject({ contentType: "video/mp4", size: data.length });
  });

  it("refuses a non-video declared type (400)", async () => {
    const res = await post(
      "plus",
      multipart(
        { title: "Text", rating: "4", comment: "" },
        { type: "text/plain", data: Buffer.from("hello") },
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ video_file: [VIDEO_TYPE_INVALID] });
  });

  it("refuses a file that claims to be a video but is not (400)", async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(1000),
    ]);
    const res = await post(
      "plus",
      multipart({ title: "Fake", rating: "4" }, { type: "video/mp4", data: png }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ video_file: [VIDEO_TYPE_INVALID] });
  });

  it("answers 413 with the spec's message past 50 MB, storing nothing", async () => {
    const before = await app.database.db.select().from(media);
    const res = await post(
      "plus",
      multipart(
        { title: "Too long", rating: "4" },
        { type: "video/mp4", data: mp4(REVIEW_VIDEO_MAX_BYTES + 1) },
      ),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ video_file: [VIDEO_TOO_LARGE] });
    expect(await app.database.db.select().from(media)).toHaveLength(before.length);
  });

  it("takes a video of exactly 50 MB", async () => {
    const res = await post(
      "plus",
      multipart(
        { title: "Just fits", rating: "3" },
        { type: "video/quicktime", data: mp4(REVIEW_VIDEO_MAX_BYTES) },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    created.push({ id: (res.json() as Item).id, who: "plus" });
  });

  it("still needs a comment or a video; an empty file input is no video", async () => {
    const res = await post(
      "staff",
      multipart(
        { title: "Nothing", rating: "3" },
        { type: "application/octet-stream", data: Buffer.alloc(0), filename: "" },
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ comment: [EITHER_COMMENT_OR_VIDEO] });
  });

  it("refuses files on questions and under other field names", async () => {
    const res = await post(
      "staff",
      multipart({ title: "Q?" }, { type: "video/mp4", data }),
      `/api/v2/deals/${dealId}/questions/`,
    );
    expect(res.statusCode).toBe(400);
    const other = await post(
      "staff",
      multipart({ title: "Q?", rating: "3" }, { name: "avatar", type: "video/mp4", data }),
    );
    expect(other.statusCode).toBe(400);
  });

  it("an edit may replace the video; the old file is removed", async () => {
    const old = item.video_file as string;
    const c = creds.shopper as Credentials;
    const body = multipart(
      { title: "Watch this, v2", rating: "4" },
      {
        type: "video/webm",
        data: Buffer.concat([
          Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
          Buffer.from("....webm"),
          Buffer.alloc(500),
        ]),
      },
    );
    const res = await app.inject({
      method: "PUT",
      url: `/api/v2/deals/${dealId}/reviews/${item.id}/edit/`,
      cookies: c.cookies,
      headers: { ...c.headers, "content-type": body.type },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as Item;
    expect(edited.video_file).toMatch(/\.webm$/);
    expect((await app.inject({ method: "GET", url: old })).statusCode).toBe(404);
    // Keeping the stored video, an edit needs no comment.
    const keep = await app.inject({
      method: "PUT",
      url: `/api/v2/deals/${dealId}/reviews/${item.id}/edit/`,
      cookies: c.cookies,
      headers: c.headers,
      payload: { title: "Watch this, v3", rating: 4 },
    });
    expect(keep.statusCode, keep.body).toBe(200);
    expect((keep.json() as Item).video_file).toBe(edited.video_file);
    item = keep.json() as Item;
  });

  it("deleting the review removes its files", async () => {
    const c = creds.shopper as Credentials;
    const del = await app.inject({
      method: "DELETE",
      url: `/api/v2/deals/${dealId}/reviews/${item.id}/`,
      cookies: c.cookies,
      headers: c.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await app.inject({ method: "GET", url: item.video_file as string })).statusCode).toBe(
      404,
    );
    expect(
      (await app.inject({ method: "GET", url: item.video_thumbnail as string })).statusCode,
    ).toBe(404);
    created.splice(
      created.findIndex((c2) => c2.id === item.id),
      1,
    );
  });

  it("answers 404 for unknown or malformed media keys", async () => {
    for (const key of ["nope.mp4", "..%2Fetc%2Fpasswd", "%00", "a".repeat(190)]) {
      expect((await app.inject({ method: "GET", url: `/media/${key}` })).statusCode).toBeLessThan(
        500,
      );
    }
    expect((await app.inject({ method: "GET", url: "/media/nope.mp4" })).statusCode).toBe(404);
  });
});
