import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { assignExperiments, CODE_EXPERIMENTS } from "../../domain/experiments";
import { INVALID_CHOICE } from "../../domain/messages";
import { analyticsEvents, smartCollections } from "../../server/db/schema";
import { hashToken } from "../../server/services/accounts/sessions";
import { createTestApp } from "../helpers/app";

// Experiments (GET /api/experiments/) and the view_item analytics event they are recorded with
// (POST /api/analytics/events/); docs/decisions/028-experiments-display-currency-share-ui.md.
const app = await createTestApp();
const db = app.database.db;

// A collection experiment, stored before the service first reads (and caches) them.
await db
  .update(smartCollections)
  .set({ experimentData: { id: 1, experiment: "home_hero", variant: "b" } })
  .where(eq(smartCollections.slug, "pay-once-spotlight"));

/** An anonymous session (set-currency creates one), with its cookies. */
async function anonymousSession() {
  const res = await app.inject({
    method: "POST",
    url: "/api/sessions/set-currency/",
    payload: { currency: "USD" },
  });
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return {
    cookies,
    headers: { "x-csrftoken": cookies.csrftoken ?? "" },
    sessionId: hashToken(cookies.sessionid ?? ""),
  };
}

describe("GET /api/experiments/", () => {
  it("gives a visitor without a session no variant", async () => {
    const res = await app.inject({ method: "GET", url: "/api/experiments/" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ experiments: {} });
  });

  it("assigns a session deterministically to every code and collection experiment", async () => {
    const s = await anonymousSession();
    const first = await app.inject({ method: "GET", url: "/api/experiments/", cookies: s.cookies });
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const { experiments } = first.json();
    expect(Object.keys(experiments).sort()).toEqual(
      [...Object.keys(CODE_EXPERIMENTS), "home_hero"].sort(),
    );
    expect(experiments).toEqual(assignExperiments(s.sessionId, { home_hero: ["b"] }));
    const again = await app.inject({ method: "GET", url: "/api/experiments/", cookies: s.cookies });
    expect(again.json().experiments).toEqual(experiments);
  });
});

describe("POST /api/analytics/events/", () => {
  const post = (
    payload: unknown,
    creds?: { cookies: Record<string, string>; headers: Record<string, string> },
  ) =>
    app.inject({
      method: "POST",
      url: "/api/analytics/events/",
      payload: payload as Record<string, unknown>,
      ...(creds ?? {}),
    });

  it("records view_item for the deal with the session's experiments; 204", async () => {
    const s = await anonymousSession();
    const res = await post(
      { name: "view_item", deal_slug: "taskflow", properties: { ref: "reviews" } },
      s,
    );
    expect(res.statusCode).toBe(204);
    const rows = await db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.sessionId, s.sessionId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "view_item" });
    expect(rows[0]?.dealId).toBeTypeOf("number");
    expect(rows[0]?.properties).toEqual({
      ref: "reviews",
      experiments: assignExperiments(s.sessionId, { home_hero: ["b"] }),
    });
  });

  it("records a signed-in user's event with their id", async () => {
    const creds = await app.login("buyer@payonce.test");
    expect((await post({ name: "view_item", deal_slug: "mailbeam" }, creds)).statusCode).toBe(204);
    const rows = (await db.execute(sql`select e.user_id from analytics_events e
      join users u on u.id = e.user_id where u.email = 'buyer@payonce.test'`)) as unknown as
      | { rows: unknown[] }
      | unknown[];
    expect(Array.isArray(rows) ? rows : rows.rows).toHaveLength(1);
  });

  it("refuses names off the list, unknown fields and bad properties with a field map", async () => {
    const bad = await post({ name: "purchase", deal_slug: "taskflow" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ name: [INVALID_CHOICE] });
    expect((await post({ name: "view_item" })).json()).toHaveProperty("deal_slug");
    expect((await post({ name: "view_item", deal_slug: "taskflow", user_id: 1 })).statusCode).toBe(
      400,
    );
    const nested = await post({
      name: "view_item",
      deal_slug: "taskflow",
      properties: { ref: { deep: true } },
    });
    expect(nested.statusCode).toBe(400);
    const many = Object.fromEntries(
      Array.from({ length: 11 }, (_, i) => [`k${"abcdefghijk"[i]}`, 1]),
    );
    expect(
      (await post({ name: "view_item", deal_slug: "taskflow", properties: many })).statusCode,
    ).toBe(400);
  });

  it("answers 404 for an unknown or private deal and records nothing", async () => {
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(analyticsEvents);
    expect((await post({ name: "view_item", deal_slug: "no-such-deal" })).statusCode).toBe(404);
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(analyticsEvents);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it("needs the CSRF header when the request carries a session", async () => {
    const s = await anonymousSession();
    const res = await app.inject({
      method: "POST",
      url: "/api/analytics/events/",
      cookies: s.cookies,
      payload: { name: "view_item", deal_slug: "taskflow" },
    });
    expect(res.statusCode).toBe(403);
  });
});
