import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { loadItemPage } from "../../app/discussions/item-page.server";
import { loadListPage } from "../../app/discussions/list-page.server";
import type { Ctx } from "../../app/discussions/page-context.server";
import { loader as productLoader } from "../../app/routes/product";
import {
  COUNTRY_REQUIRED,
  EMAIL_CAPTURE_SUCCESS,
  SUBSCRIBED_DEFAULT_SUCCESS,
  TAX_COUNTRY_REQUIRED,
  VERIFY_TO_VOTE,
} from "../../domain/messages";
import { discountPercent } from "../../domain/pricing";
import { testConfig } from "../../server/config";
import { userEmails } from "../../server/db/schema";
import { pageCookies } from "../../server/web/cookies";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";
import { dealPlans, newBuyer } from "../helpers/commerce";
import type { Item } from "../helpers/discussions";

// Issue 33, the spec rules still open, each through the door(s) it applies to.

let app: TestApp;
let dealId: number;
const SLUG = "taskflow";
const creds: Record<string, Credentials> = {};

const base = (kind: "reviews" | "questions") => `/api/v2/deals/${dealId}/${kind}`;
const call = (method: "GET" | "POST" | "PATCH", url: string, who?: string, body?: unknown) =>
  app.send(method, url, body, who ? creds[who] : undefined);

async function pageCtx(who?: string) {
  const session = who ? await app.services.sessions.load(creds[who]?.cookies.sessionid) : null;
  return {
    services: app.services,
    session,
    publicConfig: { publicUrl: "http://localhost", reportListingUrl: "https://example.com/r" },
  } as unknown as Ctx & { publicConfig: { publicUrl: string } };
}

const request = (path: string) => new Request(`http://localhost${path}`);

/** A loader's answer, or the Response it threw (a redirect, a 404). */
async function settle<T>(promise: Promise<T>): Promise<T | Response> {
  try {
    return await promise;
  } catch (err) {
    if (err instanceof Response) return err;
    throw err;
  }
}

beforeAll(async () => {
  app = await createTestApp();
  dealId = (await dealPlans(app, SLUG)).deal.id;
  for (const who of ["staff", "partner", "moderator", "buyer"]) {
    creds[who] = await app.login(`${who}@payonce.test`);
  }
  creds.unverified = (await newBuyer(app, "unverified")).creds;
  const verified = await newBuyer(app, "verified");
  await app.database.db
    .update(userEmails)
    .set({ verified: true })
    .where(eq(userEmails.userId, verified.id));
  creds.verified = await app.login(verified.email, "correct horse 1");
});

describe("the thread of a question nobody answered (spec 000 section 2)", () => {
  it("sends a visitor who opens it to log in; the question's page stays readable", async () => {
    const q = await call("POST", `${base("questions")}/`, "verified", {
      title: "Does it work offline?",
    });
    const question = q.json() as Item;
    await call("POST", `${base("questions")}/${question.id}/approve/`, "staff", {
      approved: "approved",
    });
    const segment = question.display_path.split("/").at(-2) ?? "";
    const page = (query: string, who?: string) =>
      pageCtx(who).then((ctx) =>
        settle(
          loadItemPage(ctx, "question", SLUG, segment, request(question.display_path + query)),
        ),
      );

    const readable = await page("");
    expect(readable).not.toBeInstanceOf(Response);
    const thread = await page("?replies=1");
    expect(thread).toBeInstanceOf(Response);
    expect((thread as Response).status).toBe(302);
    expect((thread as Response).headers.get("location")).toBe(
      `/accounts/login/?next=${encodeURIComponent(`${question.display_path}?replies=1`)}`,
    );
    // A member opens it to answer.
    expect(await page("?replies=1", "verified")).not.toBeInstanceOf(Response);

    // Once answered, the visitor reads the thread.
    const answer = await call("POST", `${base("questions")}/${question.id}/reply/`, "partner", {
      comment: "Yes, it syncs when you are back online.",
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const answered = await page("?replies=1");
    expect(answered).not.toBeInstanceOf(Response);
  });
});

describe("Helpful for a member whose e-mail is not verified", () => {
  it("is refused by the server (403) and shown disabled with the reason", async () => {
    const list = (await call("GET", `${base("reviews")}/?items_per_page=5`)).json() as {
      comments: Item[];
    };
    const review = list.comments[0] as Item;
    const vote = await call("POST", `${base("reviews")}/${review.id}/vote/`, "unverified", {
      direction: 1,
    });
    expect(vote.statusCode).toBe(403);
    expect(vote.json()).toEqual({ detail: VERIFY_TO_VOTE });
    const unverified = await loadListPage(
      await pageCtx("unverified"),
      "review",
      SLUG,
      request(`/products/${SLUG}/reviews/`),
    );
    expect(unverified.roles.unverified).toBe(true);
    const verified = await loadListPage(
      await pageCtx("verified"),
      "review",
      SLUG,
      request(`/products/${SLUG}/reviews/`),
    );
    expect(verified.roles.unverified).toBe(false);
    expect(
      (await call("POST", `${base("reviews")}/${review.id}/vote/`, "verified", { direction: 1 }))
        .statusCode,
    ).toBe(200);
  });
});

describe("?rating= leads into the new-review page (spec 000 section 5)", () => {
  const productPage = async (query: string) => {
    const context = new RouterContextProvider();
    context.set(appContext, {
      services: app.services,
      session: null,
      publicConfig: { reportListingUrl: "https://example.com/r", publicUrl: "http://localhost" },
      cookies: pageCookies(testConfig()),
      cspNonce: "test-nonce",
    } as unknown as Parameters<typeof context.set<typeof appContext>>[1]);
    return settle(
      productLoader({
        context,
        params: { slug: SLUG },
        request: request(`/products/${SLUG}/${query}`),
        unstable_pattern: "/products/:slug",
      } as unknown as Parameters<typeof productLoader>[0]),
    );
  };

  it("from the product page and the reviews page, with 1 to 5 only", async () => {
    const fromProduct = await productPage("?rating=5");
    expect(fromProduct).toBeInstanceOf(Response);
    expect((fromProduct as Response).headers.get("location")).toBe(
      `/products/${SLUG}/reviews/new/?rating=5`,
    );
    expect(await productPage("?rating=9")).not.toBeInstanceOf(Response);

    const list = async (query: string) =>
      settle(
        loadListPage(
          await pageCtx(),
          "review",
          SLUG,
          request(`/products/${SLUG}/reviews/${query}`),
        ),
      );
    const fromReviews = await list("?rating=4");
    expect((fromReviews as Response).headers.get("location")).toBe(
      `/products/${SLUG}/reviews/new/?rating=4`,
    );
    expect(await list("?rating=0")).not.toBeInstanceOf(Response);
    expect(await list("?rating=abc")).not.toBeInstanceOf(Response);
    // The questions page has no ratings.
    const questions = await settle(
      loadListPage(
        await pageCtx(),
        "question",
        SLUG,
        request(`/products/${SLUG}/questions/?rating=5`),
      ),
    );
    expect(questions).not.toBeInstanceOf(Response);
  });
});

describe("add-on values (spec 000 section 3)", () => {
  it("carry quantity_value, discounted_price_at_tier and discount_percentage", async () => {
    const res = await call("GET", `/api/v2/deals/${SLUG}/details/`);
    const deal = res.json().deal as {
      addon_features: {
        primary_plan_values: {
          values: {
            value: number;
            quantity_value: number;
            total_price: number;
            total_base_price: number;
            discounted_price_at_tier: number;
            discount_percentage: number;
          }[];
        }[];
      }[];
    };
    const values = deal.addon_features.flatMap((f) =>
      f.primary_plan_values.flatMap((c) => c.values),
    );
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) {
      expect(v.quantity_value).toBe(v.value);
      expect(v.discounted_price_at_tier).toBe(v.total_price);
      expect(v.discount_percentage).toBe(
        discountPercent(Math.round(v.total_price * 100), Math.round(v.total_base_price * 100)),
      );
    }
    expect(values.some((v) => v.discount_percentage > 0)).toBe(true);
  });
});

describe("e-mail capture's allow_duplicate (spec 001 section 7)", () => {
  const signup = (payload: Record<string, unknown>) =>
    app.inject({ method: "POST", url: "/api/email-signup/", payload });

  it("welcomes an address already on the list instead of answering 205", async () => {
    const email = "again@example.com";
    const first = await signup({ email, allow_duplicate: true });
    expect(first.json()).toEqual({ detail: EMAIL_CAPTURE_SUCCESS, email_subscribed: true });
    const again = await signup({ email, allow_duplicate: "true", content: "bf-2026" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ detail: SUBSCRIBED_DEFAULT_SUCCESS, email_subscribed: true });
    // Without it, the coupon's rule: one per address.
    expect((await signup({ email })).statusCode).toBe(205);
    expect((await signup({ email, allow_duplicate: false })).statusCode).toBe(205);
    const coupons = (await app.database.db.execute(
      sql`select count(*)::int as n from coupons where lower(email) = ${email}`,
    )) as unknown as { rows: { n: number }[] } | { n: number }[];
    const rows = Array.isArray(coupons) ? coupons : coupons.rows;
    expect(rows[0]?.n).toBe(1);
  });
});

describe("billing country (spec 000 section 3)", () => {
  it("refuses a code outside the country list", async () => {
    const zz = await call("POST", "/api/users/billing/", "verified", { country: "ZZ" });
    expect(zz.statusCode).toBe(400);
    expect(zz.json()).toEqual({ country: [COUNTRY_REQUIRED] });
    const tax = await call("POST", "/api/users/tax/", "verified", {
      country: "zz",
      tax_id: "123",
      tax_business_name: "Acme",
    });
    expect(tax.statusCode).toBe(400);
    expect(tax.json()).toMatchObject({ country: [TAX_COUNTRY_REQUIRED] });
    const jp = await call("POST", "/api/users/billing/", "verified", { country: "JP" });
    expect(jp.statusCode, jp.body).toBeLessThan(300);
  });
});

describe("the needs-moderation count (spec 000 section 6)", () => {
  it("is staff moderators' on the list page; partners and user moderators get reply counts", async () => {
    const stats = async (who: string) =>
      (
        await loadListPage(
          await pageCtx(who),
          "review",
          SLUG,
          request(`/products/${SLUG}/reviews/`),
        )
      ).stats;
    expect((await stats("staff"))?.needsModeration).toEqual(expect.any(Number));
    for (const who of ["partner", "moderator"]) {
      const s = await stats(who);
      expect(s?.needsModeration, who).toBeNull();
      expect(s?.needsReply, who).toEqual(expect.any(Number));
    }
    // A visitor asking the API is not signed in: 401 (a shopper is signed in: 403).
    expect((await call("GET", `/api/v2/deals/${dealId}/review_stats/`)).statusCode).toBe(401);
    expect((await call("GET", `/api/v2/deals/${dealId}/review_stats/`, "buyer")).statusCode).toBe(
      403,
    );
  });
});
