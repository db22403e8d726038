/**
 * Time moves a deal's states (issue 34): a deal coming soon becomes buyable at its start, and its
 * stage moves to the next one at that stage's start, on the real clock (the API, the cart) and
 * in the staff time-shift preview of its page (?preview_start_date=), which only staff get.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { loader as productLoader } from "../../app/routes/product";
import { testConfig } from "../../server/config";
import { deals } from "../../server/db/schema";
import { fixedClock } from "../../server/providers/clock";
import { pageCookies } from "../../server/web/cookies";
import { createTestApp, type TestApp } from "../helpers/app";
import { dealPlans, newBuyer } from "../helpers/commerce";

const DAY = 24 * 60 * 60 * 1000;
const clock = fixedClock(new Date());
const start = new Date(clock.now().getTime() + 5 * DAY);
let app: TestApp;
let planId = 0;
let dealId = 0;

beforeAll(async () => {
  app = await createTestApp({ clock });
  // Launchpad X as this test needs it: coming soon, starting (and going live) in five days.
  await app.database.db
    .update(deals)
    .set({
      isComingSoon: true,
      startDate: start,
      currentStage: "coming_soon",
      nextStage: "live",
      nextStageStartDate: start,
      activeTimer: true,
    })
    .where(eq(deals.slug, "launchpad-x"));
  await app.services.pageEvents.dealChanged("launchpad-x");
  const { deal, plan } = await dealPlans(app, "launchpad-x");
  dealId = deal.id;
  planId = plan(1).id;
});

type Details = {
  deal: {
    buy_button: { is_coming_soon: boolean };
    stage_details: { current_stage: string; next_stage: string | null };
  };
};

async function details() {
  const res = await app.send("GET", "/api/v2/deals/launchpad-x/details/");
  expect(res.statusCode).toBe(200);
  return (res.json() as Details).deal;
}

async function addToCart() {
  const buyer = await newBuyer(app, "launch");
  return app.send("POST", "/api/cart/items/", { dealId, planId }, buyer.creds);
}

/** The product page's loader data as `session` sees it, at `url`. */
async function pageAt(url: string, email?: string) {
  const session = email
    ? await app.services.sessions.load((await app.login(email)).cookies.sessionid)
    : null;
  const context = new RouterContextProvider();
  context.set(appContext, {
    services: app.services,
    session,
    publicConfig: { reportListingUrl: "https://example.com/report", publicUrl: "http://localhost" },
    cookies: pageCookies(testConfig()),
    cspNonce: "test-nonce",
  });
  return productLoader({
    context,
    params: { slug: "launchpad-x" },
    request: new Request(`http://localhost${url}`),
    unstable_pattern: "/products/:slug",
  } as unknown as Parameters<typeof productLoader>[0]);
}

describe("a deal coming soon", () => {
  it("shows staff its page a week ahead as live, and everyone else as it is now", async () => {
    const ahead = new Date(clock.now().getTime() + 7 * DAY).toISOString();
    const url = `/products/launchpad-x/?preview_start_date=${encodeURIComponent(ahead)}`;
    const staff = await pageAt(url, "staff@payonce.test");
    expect(staff.preview).toBe(ahead);
    expect(staff.deal.buy_button.is_coming_soon).toBe(false);
    expect(staff.deal.stage_details).toMatchObject({ current_stage: "live", next_stage: null });
    // A shopper's query string moves nothing.
    const shopper = await pageAt(url);
    expect(shopper.preview).toBeNull();
    expect(shopper.deal.buy_button.is_coming_soon).toBe(true);
    expect(shopper.deal.stage_details.current_stage).toBe("coming_soon");
  });

  it("is coming soon and not for sale until its start", async () => {
    const before = await details();
    expect(before.buy_button.is_coming_soon).toBe(true);
    expect(before.stage_details).toMatchObject({
      current_stage: "coming_soon",
      next_stage: "live",
    });
    const refused = await addToCart();
    expect(refused.statusCode).toBe(400);
  });

  it("is live and for sale once its start has passed, with no flag changed", async () => {
    clock.advance(5 * DAY + 60_000);
    const after = await details();
    expect(after.buy_button.is_coming_soon).toBe(false);
    expect(after.stage_details).toMatchObject({ current_stage: "live", next_stage: null });
    const added = await addToCart();
    expect(added.statusCode, added.body).toBeLessThan(300);
  });
});
