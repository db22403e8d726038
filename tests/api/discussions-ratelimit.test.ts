import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deals } from "../../server/db/schema";
import { LIMITS } from "../../server/services/limits/limits";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";

// Creates and votes are rate-limited per user (not per address): 429 with Retry-After.

let app: TestApp;
let dealId: number;
const creds: Record<string, Credentials> = {};

async function post(url: string, who: string, payload: Record<string, unknown>) {
  const c = creds[who] as Credentials;
  return app.inject({ method: "POST", url, cookies: c.cookies, headers: c.headers, payload });
}

beforeAll(async () => {
  app = await createTestApp();
  const [deal] = await app.database.db.select().from(deals).where(eq(deals.slug, "taskflow"));
  dealId = deal?.id as number;
  for (const who of ["shopper", "plus"]) creds[who] = await app.login(`${who}@payonce.test`);
});

describe("rate limits", () => {
  it("limits new reviews and questions per user, across both lists", async () => {
    const max = LIMITS["discussions.create"].points;
    for (let i = 0; i < max; i++) {
      const res = await post(`/api/v2/deals/${dealId}/questions/`, "shopper", {
        title: `Question ${i}?`,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await post(`/api/v2/deals/${dealId}/questions/`, "shopper", {
      title: "One more?",
    });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(over.json()).toHaveProperty("detail");
    // The review list shares the counter.
    const review = await post(`/api/v2/deals/${dealId}/reviews/`, "shopper", {
      title: "x",
      rating: 5,
      comment: "x",
    });
    expect(review.statusCode).toBe(429);
    // Another user (same address) is unaffected.
    const other = await post(`/api/v2/deals/${dealId}/questions/`, "plus", {
      title: "My own question?",
    });
    expect(other.statusCode).toBe(201);
  });

  it("limits votes per user", async () => {
    const list = await app.inject({
      method: "GET",
      url: `/api/v2/deals/${dealId}/reviews/?items_per_page=1`,
    });
    const id = (list.json() as { comments: { id: number }[] }).comments[0]?.id;
    const url = `/api/v2/deals/${dealId}/reviews/${id}/vote/`;
    for (let i = 0; i < LIMITS["discussions.vote"].points; i++) {
      const res = await post(url, "plus", { direction: 1 });
      expect(res.statusCode).toBe(200);
    }
    const over = await post(url, "plus", { direction: 1 });
    expect(over.statusCode).toBe(429);
    expect(over.headers["retry-after"]).toBeDefined();
  });
});
