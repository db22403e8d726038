import { describe, expect, it } from "vitest";
import { createTestApp } from "../helpers/app";
import { staffActors } from "../helpers/staff";

// Issue 16: staff tables sort, filter and page on the server (one paging helper for every
// list: `sort` is a column's name, `-name` descending, an unknown one the sort field's 400), and
// the partner portal's reviews path answers the deal's partner only.

const app = await createTestApp();
const send = app.send;

const { staff, partner, moderator, shopper, otherPartner, pixelforge, taskflow } =
  await staffActors(app);

type Json = Record<string, unknown>;
const get = async (url: string, creds = staff) => {
  const res = await send("GET", url, undefined, creds);
  return { status: res.statusCode, body: res.json() as Json & { items: Json[] } };
};

/** The values in order: numbers as numbers, text (ISO dates, plain slugs) by code unit. */
const sorted = (values: unknown[], descending = false) => {
  const copy = [...values].sort((a, b) =>
    typeof a === "number" && typeof b === "number"
      ? a - b
      : String(a) < String(b)
        ? -1
        : String(a) > String(b)
          ? 1
          : 0,
  );
  if (descending) copy.reverse();
  return copy;
};

describe("staff lists sort on the server", () => {
  const cases: Array<[string, string, string]> = [
    // [list, sort key, field of the answer]
    ["/api/staff/pages/", "slug", "slug"],
    ["/api/staff/collections/", "updated", "updated"],
    ["/api/staff/deals/", "created", "created"],
    ["/api/staff/users/", "joined", "date_joined"],
    ["/api/staff/orders/", "id", "id"],
    ["/api/staff/campaigns/", "value", "value"],
    ["/api/staff/coupons/", "used", "used_count"],
    ["/api/staff/giftcards/", "amount", "amount"],
  ];

  it.each(cases)("%s?sort=%s ascending and descending", async (url, key, field) => {
    const up = await get(`${url}?sort=${key}`);
    const down = await get(`${url}?sort=-${key}`);
    expect([up.status, down.status]).toEqual([200, 200]);
    const ups = up.body.items.map((i) => i[field]);
    const downs = down.body.items.map((i) => i[field]);
    expect(ups.length).toBeGreaterThan(0);
    // Keys whose order does not depend on the database's collation (numbers, dates, plain slugs).
    expect(ups).toEqual(sorted(ups));
    expect(downs).toEqual(sorted(downs, true));
  });

  it("pages through a sorted list without overlap", async () => {
    const one = await get("/api/staff/users/?sort=email&page=1");
    const two = await get("/api/staff/users/?sort=email&page=2");
    expect(one.body.page_size).toBe(25);
    const ids = [...one.body.items, ...two.body.items].map((u) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(one.body.total).toBe(two.body.total);
  });

  it("refuses a sort key the list does not have, naming the ones it has", async () => {
    const res = await get("/api/staff/collections/?sort=-password");
    expect(res.status).toBe(400);
    expect(res.body.sort).toEqual([
      "Sort by one of: slug, title, type, updated (a leading - for descending).",
    ]);
    const bad = await get("/api/staff/deals/?sort=name;drop");
    expect(bad.status).toBe(400);
    expect(bad.body.sort).toEqual(["Sort by a column's name, with a leading - for descending."]);
  });

  it("filters pages by slug or title and partners' changes by deal", async () => {
    const home = await get("/api/staff/pages/?query=HOME");
    expect(home.body.items.map((p) => p.slug)).toEqual(["home"]);
    const proposal = await send(
      "POST",
      `/api/partners/deals/${taskflow.deal.id}/changes/`,
      { note: "lists test", deal: { card_description: "Filter me" } },
      partner,
    );
    expect(proposal.statusCode).toBe(201);
    const mine = await get("/api/staff/changes/?query=taskflow&status=pending");
    expect(mine.body.items.map((p) => p.id)).toContain(proposal.json().id);
    expect(mine.body.items.every((p) => p.deal_slug === "taskflow")).toBe(true);
    expect(mine.body.items[0]?.deal_name).toBeTruthy();
    const none = await get("/api/staff/changes/?query=pixelforge&status=pending");
    expect(none.body.items.map((p) => p.id)).not.toContain(proposal.json().id);
  });
});

describe("GET /api/partners/deals/{id}/reviews/", () => {
  const url = `/api/partners/deals/${taskflow.deal.id}/reviews/`;

  it("answers the deal's partner only: 401 anonymous, 404 for anyone else", async () => {
    expect((await send("GET", url)).statusCode).toBe(401);
    for (const creds of [otherPartner, shopper, moderator, staff]) {
      expect((await send("GET", url, undefined, creds)).statusCode).toBe(404);
    }
    expect((await send("GET", url, undefined, partner)).statusCode).toBe(200);
    // Another deal's partner reads their own deal's reviews.
    const own = await get(`/api/partners/deals/${pixelforge.deal.id}/reviews/`, otherPartner);
    expect(own.status).toBe(200);
  });

  it("lists top-level reviews newest first with rating and reply call; needs_reply oldest first", async () => {
    const all = await get(url, partner);
    expect(all.body.total).toBeGreaterThan(0);
    const first = all.body.items[0] as Json;
    expect(first).toMatchObject({ rating: expect.any(Number) });
    expect(first.reply_url).toBe(`/api/v2/deals/${taskflow.deal.id}/reviews/${first.id}/reply/`);
    const created = all.body.items.map((r) => r.created as string);
    expect(created).toEqual(sorted(created, true));

    const waiting = await get(`${url}?needs_reply=1`, partner);
    expect(waiting.body.items.every((r) => r.has_founder_reply === false)).toBe(true);
    const times = waiting.body.items.map((r) => r.created as string);
    expect(times).toEqual(sorted(times));
  });

  it("refuses a bad needs_reply with a field map", async () => {
    const res = await get(`${url}?needs_reply=yes`, partner);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toContain("needs_reply");
  });
});
