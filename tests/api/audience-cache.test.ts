/**
 * Signed-in pages cached by audience and filled by person (issue 32, decision 059), through
 * Fastify: readers with one audience share one stored page that names none of them; a Plus member
 * and a non-member get different pages; staff and deals' partners stay per person; the fill
 * (`user_status`, `/api/users/header/`) answers each reader with their own parts. The page is
 * rendered by a stand-in that runs the real root and product loaders and writes their data into
 * the HTML as the hydration payload does, so what the loaders leave out is what the page leaves out.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "../../app/root";
import { loader as productLoader } from "../../app/routes/product";
import { dealRoles, plusSubscriptions, users } from "../../server/db/schema";
import type { PageHandler } from "../../server/http/react-router";
import type { Credentials, TestApp } from "../helpers/app";
import { createTestApp } from "../helpers/app";
import { addPlan, checkout, dealPlans, newBuyer } from "../helpers/commerce";

/** The page as its loaders' data: what React renders and serializes into the document. */
const handler: PageHandler = async (request, context) => {
  const slug = new URL(request.url).pathname.split("/")[2] ?? "";
  const args = { request, context, params: { slug } } as never;
  const root = await rootLoader(args);
  const page = await productLoader(args);
  const payload = JSON.stringify({ root, page });
  return new Response(
    `<!DOCTYPE html><html><body><script>window.__reactRouterContext=${payload}</script></body></html>`,
    { headers: { "content-type": "text/html; charset=utf-8" } },
  );
};

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ pageHandler: handler });
});

const cookieOf = (who: Credentials) =>
  Object.entries(who.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
const get = (url: string, who?: Credentials) =>
  app.inject({ method: "GET", url, headers: who ? { cookie: cookieOf(who) } : {} });

/** A signed-up reader with a name of their own (the header shows it). */
async function reader(first: string, last: string) {
  const buyer = await newBuyer(app, first.toLowerCase());
  await app.database.db
    .update(users)
    .set({ firstName: first, lastName: last })
    .where(eq(users.id, buyer.id));
  return { ...buyer, name: `${first} ${last}` };
}

async function givePlus(userId: number) {
  await app.database.db.insert(plusSubscriptions).values({
    userId,
    stripeSubscriptionId: `sub_test_${userId}`,
    priceCents: 9900,
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
  });
}

describe("signed-in product pages by audience", () => {
  it("two readers of one audience share one stored page that names neither", async () => {
    const ada = await reader("Ada", "Lovelace");
    const grace = await reader("Grace", "Hopper");
    const first = await get("/products/mailbeam/", ada.creds);
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    const second = await get("/products/mailbeam/", grace.creds);
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.body).toBe(first.body);
    for (const text of [ada.name, ada.email, grace.name, grace.email]) {
      expect(first.body).not.toContain(text);
    }
    // A member's page, waiting for its reader (the header and the buy button fill after load).
    expect(first.body).toContain('"pending":true');
    expect(first.body).toContain('"isAuthenticated":true');
    // Not the anonymous page: that one shows the log-in prompts and no member.
    const anonymous = await get("/products/mailbeam/");
    expect(anonymous.body).not.toBe(first.body);
    expect(anonymous.body).toContain('"user":null');
  });

  it("a Plus member and a non-member get different pages", async () => {
    const member = await reader("Mary", "Plus");
    await givePlus(member.id);
    const other = await reader("Otto", "Plain");
    const plain = await get("/products/pixelforge/", other.creds);
    const plus = await get("/products/pixelforge/", member.creds);
    expect(plain.headers["x-cache"]).toBe("MISS");
    expect(plus.headers["x-cache"]).toBe("MISS");
    expect(plus.body).not.toBe(plain.body);
    expect(plus.body).toContain('"hasPlus":true');
    expect(plain.body).not.toContain('"hasPlus":true');
    expect(plus.body).not.toContain(member.email);
    // The second member reads the members' page from the cache.
    const member2 = await reader("Moe", "Plus");
    await givePlus(member2.id);
    expect((await get("/products/pixelforge/", member2.creds)).headers["x-cache"]).toBe("HIT");
  });

  it("staff and a deal's partner are rendered for themselves", async () => {
    const staff = await app.login("staff@payonce.test");
    const res = await get("/products/mailbeam/", staff);
    expect(res.headers["x-cache"]).toBe("BYPASS");
    expect(res.body).toContain("staff@payonce.test");

    const partner = await reader("Pat", "Partner");
    const { deal } = await dealPlans(app, "pixelforge");
    await app.database.db
      .insert(dealRoles)
      .values({ dealId: deal.id, userId: partner.id, role: "partner" });
    const again = await newBuyerSession(partner.email);
    const page = await get("/products/mailbeam/", again);
    expect(page.headers["x-cache"]).toBe("BYPASS");
    expect(page.body).toContain(partner.email);
  });
});

/** A new session for an existing account (the session load reads its roles afresh). */
async function newBuyerSession(email: string) {
  return app.login(email, "correct horse 1");
}

describe("the fill", () => {
  it("user_status names the reader, their owned plans and cart; the header call too", async () => {
    const ada = await reader("Ada", "Owner");
    const taskflow = await dealPlans(app, "taskflow");
    expect((await addPlan(app, ada.creds, taskflow, 2)).statusCode).toBeLessThan(300);
    expect(
      (await checkout(app, ada.creds, { payment_method: "pm_card_visa" })).statusCode,
    ).toBeLessThan(300);
    const status = await app.send(
      "GET",
      `/api/v2/deals/${taskflow.deal.id}/user_status/`,
      undefined,
      ada.creds,
    );
    expect(status.statusCode).toBe(200);
    expect(status.headers["cache-control"]).toBe("private, no-store");
    const json = status.json();
    // The spec's fields stay.
    expect(json).toMatchObject({
      user_has_purchased: true,
      user_has_reviewed: false,
      user_moderator: false,
      staff_moderator: false,
      owned_plan_ids: [taskflow.plan(2).id],
      votes: [],
    });
    expect(json.viewer).toMatchObject({ id: ada.id, name: ada.name, email: ada.email });

    const grace = await reader("Grace", "Browser");
    expect((await addPlan(app, grace.creds, taskflow, 1)).statusCode).toBeLessThan(300);
    const hers = (
      await app.send(
        "GET",
        `/api/v2/deals/${taskflow.deal.id}/user_status/`,
        undefined,
        grace.creds,
      )
    ).json();
    expect(hers.owned_plan_ids).toEqual([]);
    expect(hers.viewer).toMatchObject({ name: grace.name, cart_count: 1 });

    const header = (await app.send("GET", "/api/users/header/", undefined, grace.creds)).json();
    expect(header.viewer).toMatchObject({ name: grace.name, email: grace.email, cart_count: 1 });
    const anonymous = (await app.send("GET", "/api/users/header/")).json();
    expect(anonymous).toEqual({ viewer: null });
  });

  it("reads the reader's votes on the comments named, and refuses malformed ids", async () => {
    const { deal } = await dealPlans(app, "taskflow");
    const ada = await reader("Ada", "Voter");
    const list = (await app.send("GET", `/api/v2/deals/${deal.id}/reviews/`)).json() as {
      comments: { id: number }[];
    };
    const ids = list.comments.slice(0, 2).map((r) => r.id);
    expect(ids.length).toBe(2);
    const res = await app.send(
      "GET",
      `/api/v2/deals/${deal.id}/user_status/?comments=${ids.join(",")}`,
      undefined,
      ada.creds,
    );
    expect(res.statusCode).toBe(200);
    const votes = res.json().votes as { id: number; vote: number }[];
    expect(votes.map((v) => v.id).sort()).toEqual([...ids].sort());
    expect(votes.every((v) => v.vote === 0)).toBe(true);
    const bad = await app.send(
      "GET",
      `/api/v2/deals/${deal.id}/user_status/?comments=1,x`,
      undefined,
      ada.creds,
    );
    expect(bad.statusCode).toBe(400);
  });
});
