import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { loadGrowthRootData } from "../../app/marketing/root-data.server";
import { loader as productLoader } from "../../app/routes/product";
import { assignExperiments } from "../../domain/experiments";
import { testConfig } from "../../server/config";
import { deals, sessions, shortLinks, staffMessages, users } from "../../server/db/schema";
import type { PageHandler } from "../../server/http/react-router";
import { hashToken } from "../../server/services/accounts/sessions";
import { pageCookies } from "../../server/web/cookies";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
const ids: Record<string, number> = {};
const creds: Record<string, Credentials> = {};

// Messages of every audience on mailbeam, which plus@ (a Plus member) bought and buyer@ did not.
const AUDIENCES = ["all", "paid", "paid_plus", "paid_non_plus"] as const;
const titleOf = (audience: string) => `Visibility ${audience} message`;

/**
 * A stand-in for the React Router build (API tests run without one): a profile page from the
 * same service the real one reads (app/profile/profile-page.server.ts), the session's experiment
 * variants as the root data embeds them, and a 404 for everything else.
 */
const pageHandler: PageHandler = async (request, context) => {
  const { services, session } = context.get(appContext);
  const path = new URL(request.url).pathname;
  const html = (body: string) =>
    new Response(`<!DOCTYPE html><html><body>${body}</body></html>`, {
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  const username = /^\/profile\/([^/]+)\/$/.exec(path)?.[1];
  if (username) {
    try {
      const profile = await services.discussions.profile(username, {
        tab: null,
        page: 1,
        pageSize: 10,
      });
      return html(`<h1>${profile.user.name}</h1>`);
    } catch {
      return new Response("Not found", { status: 404 });
    }
  }
  if (path === "/" || path === "/products/taskflow/") {
    // The root data as every page embeds it, with what the stand-in knows of its session.
    const growth = await loadGrowthRootData({ services, session });
    const buckets = session ? assignExperiments(session.id) : {};
    return html(
      `<script>window.growth=${JSON.stringify(growth)}</script><p>rendered for ${JSON.stringify(buckets)}</p>`,
    );
  }
  return new Response("Not found", { status: 404 });
};

beforeAll(async () => {
  app = await createTestApp({ pageHandler });
  for (const row of await app.database.db.select({ id: deals.id, slug: deals.slug }).from(deals))
    ids[row.slug] = row.id;
  const start = new Date(Date.now() - 60_000);
  await app.database.db.insert(staffMessages).values(
    AUDIENCES.map((userGroup, n) => ({
      dealId: ids.mailbeam as number,
      title: titleOf(userGroup),
      message: `For ${userGroup}`,
      // Newest first in the JSON: the Plus one is the newest, as on TaskFlow.
      startDate: new Date(start.getTime() + n * 1000),
      userGroup,
    })),
  );
  for (const who of ["staff", "buyer", "plus"]) creds[who] = await app.login(`${who}@payonce.test`);
});

type DetailsBody = {
  deal: { staff_message: { title: string } | null; staff_messages: { title: string }[] };
};

async function messagesFor(slug: string, who?: string) {
  const res = await app.send(
    "GET",
    `/api/v2/deals/${slug}/details/`,
    undefined,
    who ? creds[who] : undefined,
  );
  expect(res.statusCode).toBe(200);
  const body = res.json() as DetailsBody;
  const titles = body.deal.staff_messages.map((m) => m.title).filter((t) => t.startsWith("Visib"));
  return { titles, first: body.deal.staff_message?.title ?? null, cache: res.headers["x-cache"] };
}

describe("staff messages in the deal details JSON", () => {
  it("an anonymous reader gets only the messages for all, on a miss and on a hit", async () => {
    const miss = await messagesFor("mailbeam");
    expect(miss.cache).toBe("MISS");
    expect(miss.titles).toEqual([titleOf("all")]);
    expect(miss.first).toBe(titleOf("all"));
    const hit = await messagesFor("mailbeam");
    expect(hit.cache).toBe("HIT");
    expect(hit.titles).toEqual([titleOf("all")]);
  });

  it("TaskFlow's Plus perk never reaches an anonymous reader", async () => {
    const res = await app.send("GET", "/api/v2/deals/taskflow/details/");
    expect(res.statusCode).toBe(200);
    expect(res.body.includes("A Plus perk for you")).toBe(false);
    expect(res.body.includes("Redeem your code")).toBe(false);
    expect(res.body.includes("Why we picked TaskFlow")).toBe(true);
  });

  it("a Plus purchaser of the deal gets theirs; a shopper who did not buy it only all's", async () => {
    const plus = await messagesFor("mailbeam", "plus");
    expect(plus.cache).toBe("BYPASS");
    expect(plus.titles).toEqual([titleOf("paid_plus"), titleOf("paid"), titleOf("all")]);
    expect(plus.first).toBe(titleOf("paid_plus"));
    const buyer = await messagesFor("mailbeam", "buyer");
    expect(buyer.titles).toEqual([titleOf("all")]);
    // buyer@ bought TaskFlow without Plus: its purchasers' message, not the Plus perk.
    const taskflow = await app.send(
      "GET",
      "/api/v2/deals/taskflow/details/",
      undefined,
      creds.buyer,
    );
    expect(taskflow.body.includes("Redeem your code")).toBe(true);
    expect(taskflow.body.includes("A Plus perk for you")).toBe(false);
  });

  it("staff see every audience's message", async () => {
    const staff = await messagesFor("mailbeam", "staff");
    expect([...staff.titles].sort()).toEqual(AUDIENCES.map(titleOf).sort());
  });

  it("the anonymous product page carries only the message for all", async () => {
    const context = new RouterContextProvider();
    context.set(appContext, {
      services: app.services,
      session: null,
      publicConfig: {
        reportListingUrl: "https://example.com/report",
        publicUrl: "http://localhost",
      },
      cookies: pageCookies(testConfig()),
      cspNonce: "test-nonce",
    });
    const data = await productLoader({
      context,
      params: { slug: "mailbeam" },
      request: new Request("http://localhost/products/mailbeam/"),
      unstable_pattern: "/products/:slug",
    } as unknown as Parameters<typeof productLoader>[0]);
    expect(data.deal.staff_messages.map((m) => m.title)).toEqual([titleOf("all")]);
    expect(JSON.stringify(data)).not.toContain(titleOf("paid_plus"));
  });

  it("a page kept for members carries only all's; user_status sends a buyer with their own message to the page rendered for them", async () => {
    const session = await app.services.sessions.load(creds.plus?.cookies.sessionid);
    expect(session?.user?.hasPlus).toBe(true);
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
      sharedRender: true,
    });
    const data = await productLoader({
      context,
      params: { slug: "mailbeam" },
      request: new Request("http://localhost/products/mailbeam/"),
      unstable_pattern: "/products/:slug",
    } as unknown as Parameters<typeof productLoader>[0]);
    // Shared by every Plus member: the message for all, and the fill is asked.
    expect(data.deal.staff_messages.map((m) => m.title)).toEqual([titleOf("all")]);
    expect(JSON.stringify(data)).not.toContain(titleOf("paid"));
    expect(data.personalFill).toEqual({ dealId: ids.mailbeam, commentIds: expect.any(Array) });
    const status = async (who: string) => {
      const res = await app.send(
        "GET",
        `/api/v2/deals/${ids.mailbeam}/user_status/`,
        undefined,
        creds[who],
      );
      expect(res.statusCode).toBe(200);
      return res.json() as { user_has_purchased: boolean; own_staff_message: boolean };
    };
    // plus@ bought mailbeam and sees the Plus purchasers' message: not on the shared page.
    expect(await status("plus")).toMatchObject({
      user_has_purchased: true,
      own_staff_message: true,
    });
    // buyer@ did not buy it: the message for all is theirs, as on the shared page.
    expect(await status("buyer")).toMatchObject({
      user_has_purchased: false,
      own_staff_message: false,
    });
  });

  it("of two messages starting together, the page and user_status agree on the one written first", async () => {
    const at = new Date(Date.now() - 1_000);
    const added = await app.database.db
      .insert(staffMessages)
      .values([
        { dealId: ids.mailbeam as number, title: "Tie all", message: "x", startDate: at },
        {
          dealId: ids.mailbeam as number,
          title: "Tie paid",
          message: "x",
          startDate: at,
          userGroup: "paid",
        },
      ])
      .returning({ id: staffMessages.id });
    // Written behind the services' back: the kept deal data goes as staff writes make it go.
    await app.services.pageEvents.dealChanged(ids.mailbeam as number);
    try {
      const details = await app.send(
        "GET",
        "/api/v2/deals/mailbeam/details/",
        undefined,
        creds.plus,
      );
      expect((details.json() as DetailsBody).deal.staff_message?.title).toBe("Tie all");
      const res = await app.send(
        "GET",
        `/api/v2/deals/${ids.mailbeam}/user_status/`,
        undefined,
        creds.plus,
      );
      expect((res.json() as { own_staff_message: boolean }).own_staff_message).toBe(false);
    } finally {
      for (const row of added)
        await app.database.db.delete(staffMessages).where(eq(staffMessages.id, row.id));
      await app.services.pageEvents.dealChanged(ids.mailbeam as number);
    }
  });
});

describe("the latest-reply order", () => {
  type ListBody = { comments: { id: number; children?: unknown[] }[] };
  const latest = async (who?: string) => {
    // A signed-in reader goes around the answer cache: the order as stored now.
    const res = await app.send(
      "GET",
      `/api/v2/deals/${ids.mailbeam}/reviews/?sort=latest&order=desc&items_per_page=50`,
      undefined,
      who ? creds[who] : undefined,
    );
    expect(res.statusCode).toBe(200);
    return (res.json() as ListBody).comments.map((c) => c.id);
  };

  it("is over visible replies: a pending reply does not move its thread until approved", async () => {
    const before = await latest("buyer");
    expect(before.length).toBeGreaterThan(1);
    const last = before.at(-1) as number;
    const shopper = await app.login("shopper@payonce.test");
    const reply = await app.send(
      "POST",
      `/api/v2/deals/${ids.mailbeam}/reviews/${last}/reply/`,
      { comment: "Does this still hold after the update?" },
      shopper,
    );
    expect(reply.statusCode, reply.body).toBe(201);
    const replyId = (reply.json() as { id: number; status: string }).id;
    expect((reply.json() as { status: string }).status).toBe("pending");

    // Nobody else's order moves for a reply they cannot see.
    expect(await latest("buyer")).toEqual(before);
    expect(await latest()).toEqual(before);

    const approved = await app.send(
      "POST",
      `/api/v2/deals/${ids.mailbeam}/reviews/${replyId}/approve/`,
      { approved: "approved" },
      creds.staff,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await latest("buyer");
    expect(after[0]).toBe(last);
    // The approval is a page event: the anonymous answer follows at once.
    expect((await latest())[0]).toBe(last);
  });
});

describe("profile pages", () => {
  const profile = () => app.send("GET", "/profile/demo-shopper/");

  it("are never held by the page cache: an edit and a block show at once", async () => {
    const first = await profile();
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-cache"]).toBeUndefined();
    expect(first.body).toContain("Casey Shaw");
    // Read again (a cache would now hold it), then the profile changes.
    expect((await profile()).headers["x-cache"]).toBeUndefined();
    await app.database.db
      .update(users)
      .set({ firstName: "Cassidy" })
      .where(eq(users.username, "demo-shopper"));
    expect((await profile()).body).toContain("Cassidy Shaw");

    const shopperId = await app.userId("shopper@payonce.test");
    const blocked = await app.send(
      "PATCH",
      `/api/staff/users/${shopperId}/`,
      { login_blocked: true },
      creds.staff,
    );
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await profile()).statusCode).toBe(404);
  });
});

describe("experiment buckets and the page cache", () => {
  /** An anonymous session in the currency experiment's `variant`, with `currency`. */
  async function visitorIn(variant: string, currency: string) {
    for (;;) {
      const { token } = await app.services.sessions.start(null, null);
      const id = hashToken(token);
      if (assignExperiments(id).currency_conversion !== variant) continue;
      await app.database.db.update(sessions).set({ currency }).where(eq(sessions.id, id));
      const csrf = "visibility-csrf-token-0123456789";
      return {
        cookies: { sessionid: token, csrftoken: csrf },
        headers: { "x-csrftoken": csrf },
      } as Credentials;
    }
  }
  const page = (who: Credentials) => app.send("GET", "/products/taskflow/", undefined, who);
  const growthOf = (body: string) =>
    JSON.parse(/window\.growth=(\{.*?\})<\/script>/.exec(body)?.[1] ?? "null") as {
      display: { currency: string } | null;
    } & Record<string, unknown>;

  it("two sessions in different buckets never get each other's page from the cache", async () => {
    const enabled = await visitorIn("enabled", "EUR");
    const control = await visitorIn("control", "EUR");
    const first = await page(enabled);
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(growthOf(first.body).display?.currency).toBe("EUR");
    expect((await page(enabled)).headers["x-cache"]).toBe("HIT");
    // Same currency, other bucket: a page of its own, unconverted.
    const other = await page(control);
    expect(other.headers["x-cache"]).toBe("MISS");
    expect(growthOf(other.body).display).toBeNull();
    expect(other.body).toContain('"currency_conversion":"control"');
    const again = await page(control);
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.body).toContain('"currency_conversion":"control"');
    expect((await page(enabled)).body).toContain('"currency_conversion":"enabled"');
  });

  it("a share link records the session's buckets from the server, not from the page", async () => {
    const visitor = await visitorIn("enabled", "USD");
    const res = await app.send(
      "POST",
      "/api/short-links/deal/quickcrm/",
      { link: "/products/quickcrm/?ref=share" },
      visitor,
    );
    expect(res.statusCode, res.body).toBe(200);
    const code = (res.json() as { url: string }).url.split("/s/")[1] ?? "";
    const [row] = await app.database.db
      .select({ data: shortLinks.experimentData })
      .from(shortLinks)
      .where(eq(shortLinks.code, code));
    expect(row?.data).toMatchObject({ currency_conversion: "enabled" });
  });

  it("the cached root data carries no bucket, so sessions that render alike share one page", async () => {
    const enabled = await visitorIn("enabled", "USD");
    const control = await visitorIn("control", "USD");
    const first = await page(enabled);
    const growth = growthOf(first.body);
    expect(growth).not.toHaveProperty("experiments");
    expect(JSON.stringify(growth)).not.toContain("currency_conversion");
    // USD prices are never converted: the control session is served the same stored page.
    const shared = await page(control);
    expect(shared.headers["x-cache"]).toBe("HIT");
    expect(growthOf(shared.body)).toEqual(growth);
  });
});
