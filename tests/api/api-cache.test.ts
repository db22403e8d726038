/**
 * The anonymous answer cache of the public read APIs (server/http/api-cache.ts): a deal's review
 * and question lists, its details and the deal search are stored through the page cache and replayed with
 * X-Cache: HIT; page events (a review approved, a deal published or edited by staff) make the
 * next anonymous answer fresh; signed-in viewers go around it; query strings never share an entry.
 */
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deals } from "../../server/db/schema";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
let taskflowId = 0;
const creds: Record<string, Credentials> = {};

type ListBody = {
  comments: { id: number; title: string; status: string }[];
  meta: { total: number };
};
type SearchBody = { count: number; results: { slug: string; name?: string }[] };

beforeAll(async () => {
  app = await createTestApp();
  const [row] = await app.database.db
    .select({ id: deals.id })
    .from(deals)
    .where(eq(deals.slug, "taskflow"));
  taskflowId = row?.id ?? 0;
  for (const who of ["staff", "buyer"]) creds[who] = await app.login(`${who}@payonce.test`);
});

const get = (url: string, who?: string, headers: Record<string, string> = {}) =>
  app.send("GET", url, undefined, who ? creds[who] : undefined, headers);

describe("anonymous discussion lists", () => {
  it("are read once, then replayed with the identical body, plain or gzip", async () => {
    const url = `/api/v2/deals/${taskflowId}/reviews/?items_per_page=7`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    app.database.queries.reset();
    const second = await get(url);
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(app.database.queries.count).toBe(0);
    expect(second.body).toBe(first.body);
    expect(second.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect((second.json() as ListBody).comments).toHaveLength(7);
    const zipped = await get(url, undefined, { "accept-encoding": "gzip" });
    expect(zipped.headers["x-cache"]).toBe("HIT");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toContain("Accept-Encoding");
    expect(gunzipSync(zipped.rawPayload).toString("utf8")).toBe(first.body);
  });

  it("never share an entry between query strings, whatever order the same parameters come in", async () => {
    const base = `/api/v2/deals/taskflow/reviews/`;
    const five = await get(`${base}?rating=5&items_per_page=3`);
    const four = await get(`${base}?rating=4&items_per_page=3`);
    expect(five.headers["x-cache"]).toBe("MISS");
    expect(four.headers["x-cache"]).toBe("MISS");
    expect(four.body).not.toBe(five.body);
    const questions = await get(`/api/v2/deals/taskflow/questions/?rating=5&items_per_page=3`);
    expect(questions.headers["x-cache"]).toBe("MISS");
    const swapped = await get(`${base}?items_per_page=3&rating=5`);
    expect(swapped.headers["x-cache"]).toBe("HIT");
    expect(swapped.body).toBe(five.body);
    // By slug and by id: entries of their own, each fresh.
    expect(
      (await get(`/api/v2/deals/${taskflowId}/reviews/?rating=5&items_per_page=3`)).headers[
        "x-cache"
      ],
    ).toBe("MISS");
  });

  it("store no answer that is not a plain 200", async () => {
    for (const url of [
      "/api/v2/deals/no-such-deal/reviews/",
      `/api/v2/deals/${taskflowId}/reviews/?items_per_page=0`,
    ]) {
      const first = await get(url);
      expect(first.statusCode).toBeGreaterThanOrEqual(400);
      expect((await get(url)).headers["x-cache"]).not.toBe("HIT");
    }
  });

  it("show a newly approved review on the next anonymous read, by id and by slug", async () => {
    const byId = `/api/v2/deals/${taskflowId}/reviews/`;
    const bySlug = "/api/v2/deals/taskflow/reviews/";
    for (const url of [byId, bySlug]) {
      await get(url);
      expect((await get(url)).headers["x-cache"]).toBe("HIT");
    }
    const posted = await app.send(
      "POST",
      byId,
      { title: "Cached no more", rating: 5, comment: "Shows up at once." },
      creds.buyer,
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const review = posted.json() as { id: number; status: string };

    // The buyer sees their own pending review, around the cache; anonymous visitors do not.
    const own = await get(byId, "buyer");
    expect(own.headers["x-cache"]).toBe("BYPASS");
    expect(own.headers["cache-control"]).toBe("private, no-store");
    const ownIds = (own.json() as ListBody).comments.map((c) => c.id);
    // A buyer's review waits for a moderator.
    expect(review.status).toBe("pending");
    expect(ownIds).toContain(review.id);
    expect((await get(byId)).json() as ListBody).not.toMatchObject({
      comments: expect.arrayContaining([expect.objectContaining({ id: review.id })]),
    });
    const approved = await app.send(
      "POST",
      `${byId}${review.id}/approve/`,
      { approved: "approved" },
      creds.staff,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    for (const url of [byId, bySlug]) {
      const after = await get(url);
      expect(after.headers["x-cache"]).toBe("MISS");
      expect((after.json() as ListBody).comments.map((c) => c.id)).toContain(review.id);
      expect((await get(url)).headers["x-cache"]).toBe("HIT");
    }

    // Deleted by its author: gone from the next anonymous read.
    const removed = await app.send("DELETE", `${byId}${review.id}/`, undefined, creds.buyer);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const gone = await get(bySlug);
    expect(gone.headers["x-cache"]).toBe("MISS");
    expect((gone.json() as ListBody).comments.map((c) => c.id)).not.toContain(review.id);
  });
});

describe("the anonymous deal search", () => {
  const finds = async (query: string, slug: string) => {
    const res = await get(`/api/v2/deals/?query=${encodeURIComponent(query)}`);
    expect(res.statusCode).toBe(200);
    return {
      cache: res.headers["x-cache"],
      found: (res.json() as SearchBody).results.some((d) => d.slug === slug),
    };
  };

  it("is replayed until staff publish, edit or unpublish a deal", async () => {
    const created = await app.send(
      "POST",
      "/api/staff/deals/",
      {
        name: "Cachecheck deal",
        slug: "cachecheck-deal",
        public_name: "Cachecheck Public",
        card_description: "Made in the back office",
        listing_type: "select",
      },
      creds.staff,
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const plan = await app.send(
      "POST",
      `/api/staff/deals/${id}/plans/`,
      { name: "Single", price: 49, original_price: 299, plan_type: "lifetime_deal", codes: 1 },
      creds.staff,
    );
    expect(plan.statusCode, plan.body).toBe(201);

    expect(await finds("cachecheck", "cachecheck-deal")).toEqual({ cache: "MISS", found: false });
    expect(await finds("cachecheck", "cachecheck-deal")).toEqual({ cache: "HIT", found: false });
    // Signed in: around the cache.
    expect((await get("/api/v2/deals/?query=cachecheck", "staff")).headers["x-cache"]).toBe(
      "BYPASS",
    );

    const published = await app.send(
      "POST",
      `/api/staff/deals/${id}/publish/`,
      undefined,
      creds.staff,
    );
    expect(published.statusCode, published.body).toBe(200);
    expect(await finds("cachecheck", "cachecheck-deal")).toEqual({ cache: "MISS", found: true });
    expect(await finds("cachecheck", "cachecheck-deal")).toEqual({ cache: "HIT", found: true });

    // Renamed by staff: found by its new name, no longer by its old one.
    expect(await finds("zebracorn", "cachecheck-deal")).toEqual({ cache: "MISS", found: false });
    const edited = await app.send(
      "PATCH",
      `/api/staff/deals/${id}/`,
      { public_name: "Zebracorn Public" },
      creds.staff,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await finds("zebracorn", "cachecheck-deal")).found).toBe(true);

    await app.send("POST", `/api/staff/deals/${id}/unpublish/`, undefined, creds.staff);
    expect(await finds("zebracorn", "cachecheck-deal")).toEqual({ cache: "MISS", found: false });
  });
});

describe("the anonymous deal details", () => {
  it("are replayed until staff edit the deal, by slug and by id, and a draft stays 404", async () => {
    const bySlug = "/api/v2/deals/taskflow/details/";
    const byId = `/api/v2/deals/${taskflowId}/details/`;
    const first = await get(bySlug);
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    app.database.queries.reset();
    const again = await get(bySlug);
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(app.database.queries.count).toBe(0);
    expect(again.body).toBe(first.body);
    await get(byId);
    expect((await get(byId)).headers["x-cache"]).toBe("HIT");
    expect((await get(bySlug, "buyer")).headers["x-cache"]).toBe("BYPASS");

    const before = (first.json() as { deal: { public_name: string } }).deal.public_name;
    try {
      const edited = await app.send(
        "PATCH",
        `/api/staff/deals/${taskflowId}/`,
        { public_name: "Taskflow Renamed" },
        creds.staff,
      );
      expect(edited.statusCode, edited.body).toBe(200);
      for (const url of [bySlug, byId]) {
        const fresh = await get(url);
        expect(fresh.headers["x-cache"]).toBe("MISS");
        expect((fresh.json() as { deal: { public_name: string } }).deal.public_name).toBe(
          "Taskflow Renamed",
        );
      }
    } finally {
      await app.send(
        "PATCH",
        `/api/staff/deals/${taskflowId}/`,
        { public_name: before },
        creds.staff,
      );
    }

    // A draft is 404 to the public, and a 404 is never stored.
    const created = await app.send(
      "POST",
      "/api/staff/deals/",
      {
        name: "Details draft",
        slug: "details-draft",
        public_name: "Details Draft",
        card_description: "Not public yet",
        listing_type: "select",
      },
      creds.staff,
    );
    expect(created.statusCode, created.body).toBe(201);
    for (let i = 0; i < 2; i++) {
      const draft = await get("/api/v2/deals/details-draft/details/");
      expect(draft.statusCode).toBe(404);
      expect(draft.headers["x-cache"]).not.toBe("HIT");
    }
  });
});
