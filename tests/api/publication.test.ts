import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { action as askAction } from "../../app/routes/discussions/question-new";
import { testConfig } from "../../server/config";
import { comments, dealRoles, deals } from "../../server/db/schema";
import { pageCookies } from "../../server/web/cookies";
import { type Credentials, createTestApp, type Method } from "../helpers/app";
import { mp4, postVideoReview } from "../helpers/video-upload";

// Issue 31, "One publication rule": every public read and write under a deal answers a deal that
// is not public (a draft, or one staff unpublished) exactly as it answers an id that names no
// deal, unless the reader is staff or a partner of that deal. First the findings, then a
// walk over every OpenAPI path that names a deal.

const app = await createTestApp();
const { db } = app.database;
const staff = await app.login("staff@payonce.test");
const partner = await app.login("partner@payonce.test");
const shopper = await app.login("shopper@payonce.test");
// The walk's signed-in shopper: a verified account of its own, so the posting limits the other
// tests spend (10 new items a minute) leave its count whole.
const walker = await app.login("buyer@payonce.test");
const partnerId = await app.userId("partner@payonce.test");
const reviewerId = await app.userId("reviewer@payonce.test");

/** An id no deal has: what walking ids finds for a gap. */
const MISSING_ID = 2_147_480_000;

async function dealIdOf(slug: string): Promise<number> {
  const [row] = await db.select({ id: deals.id }).from(deals).where(eq(deals.slug, slug));
  if (!row) throw new Error(`no deal ${slug}`);
  return row.id;
}

/** A brand-new draft from the back office, with partner@ as its partner. */
async function newDraft(slug: string): Promise<number> {
  const created = await app.send(
    "POST",
    "/api/staff/deals/",
    {
      name: `Publication ${slug}`,
      slug,
      public_name: `Publication ${slug}`,
      card_description: "Not launched yet",
      listing_type: "select",
    },
    staff,
  );
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as { id: number }).id;
  await db.insert(dealRoles).values({ dealId: id, userId: partnerId, role: "partner" });
  return id;
}

async function unpublish(id: number) {
  const res = await app.send("POST", `/api/staff/deals/${id}/unpublish/`, undefined, staff);
  expect(res.statusCode, res.body).toBe(200);
}

/** An approved review or question of reviewer@ on the deal (the data a walker would look for). */
async function newItem(dealId: number, kind: "review" | "question"): Promise<number> {
  const [row] = await db
    .insert(comments)
    .values({
      dealId,
      kind,
      // A review's author has one per deal: the walk's reviews are a deleted account's.
      userId: kind === "review" ? null : reviewerId,
      title: `A ${kind} to find`,
      comment: "Written before the deal went back to draft.",
      rating: kind === "review" ? 5 : null,
      status: "approved",
    })
    .returning({ id: comments.id });
  if (!row) throw new Error("no comment");
  return row.id;
}

const answer = async (method: Method, url: string, body?: unknown, who?: Credentials) => {
  const res = await app.send(method, url, body, who);
  return { status: res.statusCode, body: res.body, cache: res.headers["x-cache"] };
};

// The list: what still answered 200 after staff unpublished a deal.
const DISCUSSION_READS = [
  "reviews/",
  "questions/",
  "user_status/",
  "reviews_summary/",
  "founder_responsiveness/",
];

describe("the issue's findings", () => {
  it("an unpublished deal's discussion reads are 404, as its page and details are", async () => {
    const id = await dealIdOf("pixelforge");
    for (const part of DISCUSSION_READS) {
      expect((await answer("GET", `/api/v2/deals/${id}/${part}`)).status, part).toBe(200);
    }
    await unpublish(id);
    expect((await answer("GET", "/api/v2/deals/pixelforge/details/")).status).toBe(404);
    for (const key of [String(id), "pixelforge"]) {
      for (const part of DISCUSSION_READS) {
        const url = `/api/v2/deals/${key}/${part}`;
        expect((await answer("GET", url)).status, url).toBe(404);
        expect((await answer("GET", url, undefined, shopper)).status, url).toBe(404);
      }
    }
    // Staff still read them (the back office's preview of the deal).
    for (const part of DISCUSSION_READS) {
      const url = `/api/v2/deals/${id}/${part}`;
      expect((await answer("GET", url, undefined, staff)).status, url).toBe(200);
    }
  });

  it("a shopper cannot post a question to a brand-new draft; its partner can", async () => {
    const id = await newDraft("publication-question-draft");
    const question = { title: "Does the draft work offline?", comment: "Asking early." };
    const refused = await answer("POST", `/api/v2/deals/${id}/questions/`, question, shopper);
    expect(refused.status).toBe(404);
    const missing = await answer(
      "POST",
      `/api/v2/deals/${MISSING_ID}/questions/`,
      question,
      shopper,
    );
    expect(refused.body).toBe(missing.body);
    const rows = await db.select().from(comments).where(eq(comments.dealId, id));
    expect(rows).toEqual([]);
    const asked = await answer("POST", `/api/v2/deals/${id}/questions/`, question, partner);
    expect(asked.status, asked.body).toBe(201);
  });

  it("the page door refuses the draft's question the same way (the service decides)", async () => {
    const id = await newDraft("publication-page-draft");
    const session = await app.services.sessions.load(shopper.cookies.sessionid ?? "");
    expect(session?.user?.email).toBe("shopper@payonce.test");
    const context = new RouterContextProvider();
    context.set(appContext, {
      services: app.services,
      session,
      publicConfig: {
        reportListingUrl: "https://example.com/report",
        publicUrl: "http://localhost",
      },
      cookies: pageCookies(testConfig()),
      cspNonce: "test-nonce",
    });
    const slug = "publication-page-draft";
    const result = (await askAction({
      context,
      params: { slug },
      request: new Request(`http://localhost/products/${slug}/questions/new/`, {
        method: "POST",
        body: new URLSearchParams({ title: "Is this launched?", comment: "Asking early." }),
      }),
    } as unknown as Parameters<typeof askAction>[0])) as { init?: { status?: number } };
    expect(result.init?.status).toBe(404);
    expect(await db.select().from(comments).where(eq(comments.dealId, id))).toEqual([]);
  });

  it("the anonymous API cache never keeps a non-public deal's answers, and unpublishing purges", async () => {
    const id = await dealIdOf("mailbeam");
    const url = `/api/v2/deals/${id}/reviews/`;
    expect((await answer("GET", url)).cache).toBe("MISS");
    const kept = await answer("GET", url);
    expect(kept).toMatchObject({ status: 200, cache: "HIT" });
    await unpublish(id);
    const after = await answer("GET", url);
    expect(after.status).toBe(404);
    expect(after.cache).not.toBe("HIT");
    const again = await answer("GET", url);
    expect(again.status).toBe(404);
    expect(again.cache).not.toBe("HIT");
    // Staff read it around the cache, and what they read is not kept for the public.
    const staffRead = await answer("GET", url, undefined, staff);
    expect(staffRead).toMatchObject({ status: 200, cache: "BYPASS" });
    expect((await answer("GET", url)).status).toBe(404);
  });

  it("walking ids cannot tell a draft from a gap: the same 404 and body", async () => {
    const id = await newDraft("publication-walk-draft");
    await newItem(id, "question");
    for (const part of [...DISCUSSION_READS, "details/"]) {
      const draft = await answer("GET", `/api/v2/deals/${id}/${part}`);
      const gap = await answer("GET", `/api/v2/deals/${MISSING_ID}/${part}`);
      expect({ part, status: draft.status, body: draft.body }).toEqual({
        part,
        status: 404,
        body: gap.body,
      });
      expect(gap.status, part).toBe(404);
    }
  });

  it("the deal's partner and staff read a draft's details as the preview shows it", async () => {
    const id = await newDraft("publication-details-draft");
    for (const who of [staff, partner]) {
      const res = await app.send("GET", `/api/v2/deals/${id}/details/`, undefined, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect((res.json() as { deal: { id: number } }).deal.id).toBe(id);
    }
    expect((await answer("GET", `/api/v2/deals/${id}/details/`, undefined, shopper)).status).toBe(
      404,
    );
  });
});

describe("review videos and posters", () => {
  it("of an unpublished deal are a missing file's 404, and never kept, but staff still see them", async () => {
    const id = await dealIdOf("infohub");
    const posted = await postVideoReview(
      app,
      shopper,
      id,
      { title: "Watch me", rating: "5", comment: "" },
      mp4(20_000),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const item = posted.json() as { video_file: string; video_thumbnail: string };
    for (const url of [item.video_file, item.video_thumbnail]) {
      const open = await app.inject({ method: "GET", url });
      expect(open.statusCode, open.body).toBe(200);
      expect(open.headers["cache-control"]).toContain("public");
    }
    await unpublish(id);
    const gap = await answer("GET", "/media/no-such-file.mp4");
    for (const url of [item.video_file, item.video_thumbnail]) {
      expect(await answer("GET", url)).toMatchObject({ status: 404, body: gap.body });
      expect((await answer("GET", url, undefined, shopper)).status).toBe(404);
      const seen = await app.send("GET", url, undefined, staff);
      expect(seen.statusCode).toBe(200);
      expect(seen.headers["cache-control"]).toBe("private, no-store");
    }
  });
});

describe("the og image and the sitemap", () => {
  /** Every URL of every sitemap part, as one text. */
  async function sitemapText(): Promise<string> {
    const index = await app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(index.statusCode).toBe(200);
    const parts = [...index.body.matchAll(/<loc>[^<]*(\/sitemaps\/[^<]+)<\/loc>/g)];
    const bodies = await Promise.all(
      parts.map(async (m) => (await app.inject({ method: "GET", url: m[1] ?? "" })).body),
    );
    return bodies.join("\n");
  }

  it("drop an unpublished deal and its discussions, as for a missing slug", async () => {
    const id = await dealIdOf("ledgerly");
    await newItem(id, "question");
    expect((await answer("GET", "/media/og/ledgerly.jpg")).status).toBe(200);
    expect(await sitemapText()).toContain("/products/ledgerly/");
    await unpublish(id);
    const gap = await answer("GET", "/media/og/no-such-deal.jpg");
    expect(await answer("GET", "/media/og/ledgerly.jpg")).toMatchObject({
      status: 404,
      body: gap.body,
    });
    expect(await sitemapText()).not.toContain("/products/ledgerly/");
  });
});

// ---------------------------------------------------------------------------------------------
// The enumerating test: every OpenAPI path that names a deal, against an unpublished deal and a
// draft, for each kind of reader.
// ---------------------------------------------------------------------------------------------

type Operation = { parameters?: { name: string; in: string }[] };
const DEAL_PARAM = /^(dealId|deal_id|dealKey|dealSlug|slug)$/;
// Staff's and partners' own tools (they have their own permission tests) are not public doors.
const OWN_AUTH = /^\/api\/(staff|partners?)\//;

// Staff moderators' own call: a shopper is refused (403) before any deal is looked up, the same
// answer for every deal, public, hidden or missing (the equality above still holds).
const REFUSED_BY_ROLE = /\/resolve\/$/;
// Moderation counts: a visitor gets the spec's not-signed-in 401 before any deal is looked up
// (issue 33), the same answer for every deal, public, hidden or missing.
const SIGNED_IN_ONLY_READ = /\/(review|question)_stats\/$/;

/** The paths (and methods) under a deal: a deal parameter, or the parameter after /deals/. */
async function dealOperations(): Promise<{ method: Method; path: string }[]> {
  const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
  const out: { method: Method; path: string }[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (OWN_AUTH.test(path)) continue;
    const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? "");
    const afterDeals = /\/deals\/\{([^}]+)\}/.exec(path)?.[1];
    if (!params.some((p) => DEAL_PARAM.test(p) || p === afterDeals)) continue;
    for (const method of Object.keys(methods))
      out.push({ method: method.toUpperCase() as Method, path });
  }
  return out;
}

/** A valid body for each write under a deal (the route's own fields, as a client sends them). */
function bodyFor(method: Method, path: string): Record<string, unknown> | undefined {
  const review = path.includes("/reviews/");
  if (path.endsWith("/reply/")) return { comment: "A reply from the walk." };
  if (path.endsWith("/vote/")) return { direction: 1 };
  if (path.endsWith("/approve/")) return { approved: "approved" };
  if (path.endsWith("/resolve/")) return { resolved: true };
  if (path.endsWith("/flag/")) return { reason: "spam" };
  if (method === "POST" || method === "PUT") {
    return review
      ? { title: "Walked here", rating: 5, comment: "A review from the walk." }
      : { title: "Walked here?", comment: "A question from the walk." };
  }
  return undefined;
}

/** The path with the deal key, and a fresh item of the path's kind on the deal for item ids. */
async function urlFor(path: string, dealKey: string | number, itemDealId: number) {
  let url = path.replace(/\/deals\/\{[^}]+\}/, `/deals/${dealKey}`);
  url = url.replace(/\{(dealId|deal_id|dealKey|dealSlug|slug)\}/, String(dealKey));
  if (/\{[^}]+\}/.test(url)) {
    const kind = path.includes("/reviews/") ? "review" : "question";
    url = url.replace(/\{[^}]+\}/, String(await newItem(itemDealId, kind)));
  }
  if (url.includes("/similar/")) url += "?query=walk";
  return url;
}

describe("every path under a deal", () => {
  it("answers a non-public deal as a missing one, except to staff and the deal's partner", async () => {
    const operations = await dealOperations();
    const unpublished = await dealIdOf("taskflow");
    await newItem(unpublished, "review");
    await unpublish(unpublished);
    const draft = await newDraft("publication-enumerated-draft");
    const leaks: string[] = [];
    const refusedInsiders: string[] = [];
    for (const dealId of [unpublished, draft]) {
      for (const { method, path } of operations) {
        const body = bodyFor(method, path);
        const label = `${method} ${path} (${dealId === draft ? "draft" : "unpublished"})`;
        for (const [who, creds] of [
          ["anonymous", undefined],
          ["shopper", walker],
        ] as const) {
          const url = await urlFor(path, dealId, dealId);
          const gap = await answer(method, await urlFor(path, MISSING_ID, dealId), body, creds);
          const got = await answer(method, url, body, creds);
          // Exactly a missing id's answer; a read is a 404 (a write may stop earlier, e.g. 401).
          if (got.status !== gap.status || got.body !== gap.body) {
            leaks.push(`${label} ${who}: ${got.status} vs missing ${gap.status}`);
          }
          const refusedVisitor = who === "anonymous" && SIGNED_IN_ONLY_READ.test(path);
          if (method === "GET" && got.status !== 404 && !refusedVisitor)
            leaks.push(`${label} ${who}: ${got.status}`);
          if (creds === walker && got.status !== 404 && !REFUSED_BY_ROLE.test(path)) {
            leaks.push(`${label} shopper: ${got.status}`);
          }
        }
        for (const [who, creds] of [
          ["staff", staff],
          ["partner", partner],
        ] as const) {
          const url = await urlFor(path, dealId, dealId);
          const got = await answer(method, url, body, creds);
          if (got.status === 404) refusedInsiders.push(`${label} ${who}`);
        }
      }
    }
    // What the walk found (the issue names the discussion reads; the rest is reported).
    expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toMatchSnapshot();
    expect(leaks).toEqual([]);
    expect(refusedInsiders).toEqual([]);
  });
});

describe("a public deal", () => {
  it("is unchanged: its lists are open to everyone", async () => {
    const id = await dealIdOf("notecraft");
    for (const part of DISCUSSION_READS) {
      expect((await answer("GET", `/api/v2/deals/${id}/${part}`)).status, part).toBe(200);
    }
    const [row] = await db
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.id, id), eq(deals.isDraft, false)));
    expect(row?.id).toBe(id);
  });
});
