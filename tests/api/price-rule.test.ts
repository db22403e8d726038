import fc from "fast-check";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ChargedInUsd } from "../../app/cart/charged-in-usd";
import { appContext } from "../../app/context";
import {
  type DisplayCurrency,
  DisplayCurrencyContext,
  displayPrice,
} from "../../app/marketing/display-currency";
import { loadGrowthRootData } from "../../app/marketing/root-data.server";
import { PlanPrice } from "../../app/product/plan-bits";
import { loader, meta } from "../../app/routes/product";
import { PLUS_DEAL_SLUG } from "../../domain/constants";
import { formatMoney, toCents } from "../../domain/money";
import { shownPlanPrice } from "../../domain/pricing";
import { testConfig } from "../../server/config";
import { plusSubscriptions } from "../../server/db/schema";
import { pageCookies } from "../../server/web/cookies";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";
import { dealPlans, newBuyer } from "../helpers/commerce";
import { offsetClock } from "../helpers/stripe";

// Issue 30, "one price rule, used everywhere": for random readers (anonymous, signed in, Plus
// member, buying Plus in the cart), campaigns (percent or fixed, tier lists, the pricing
// experiment on or off, live or over) and display currencies, the price the deal details
// (plans[]), the product page (its data, its rendered price, its JSON-LD offers) show is the
// price the cart line charges. Each run makes its own deal, plans and campaign through the staff
// API. The demo runs with CAMPAIGN_PRICING_EXPERIMENT on; the second app keeps it off.
const clock = offsetClock();
const on = await createTestApp({ clock, config: { campaignPricingExperiment: true } });
const off = await createTestApp({ config: { campaignPricingExperiment: false } });

type Plan = {
  id: number;
  tier: number;
  price: number;
  plus_price: number;
  list_price: number;
  original_price: number;
  discount_percent: number;
  is_free: boolean;
  campaign: { public_name: string; percent: number | null } | null;
};
type CartLineJson = {
  plan: { id: number };
  unit_price: number;
  price: number;
  campaign_name: string | null;
  discounts: { kind: string; text: string; amount: number }[];
  addons: unknown[];
};

const cookiesOf = (res: { cookies: { name: string; value: string }[] }) =>
  Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));

let made = 0;

/** A published deal with these plans (major units), made by staff; its id and slug. */
async function makeDeal(
  app: TestApp,
  staff: Credentials,
  plans: { price: number; original: number }[],
) {
  made += 1;
  const slug = `price-rule-${process.pid}-${made}`;
  const created = await app.send(
    "POST",
    "/api/staff/deals/",
    {
      name: `Price rule ${made}`,
      slug,
      public_name: `Pricerule ${made}`,
      card_description: "Priced by the rule",
    },
    staff,
  );
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as { id: number }).id;
  for (const [i, p] of plans.entries()) {
    const plan = await app.send(
      "POST",
      `/api/staff/deals/${id}/plans/`,
      {
        name: `Tier ${i + 1}`,
        price: p.price,
        original_price: p.original,
        plan_type: "lifetime_deal",
        codes: 1,
      },
      staff,
    );
    expect(plan.statusCode, plan.body).toBe(201);
  }
  const published = await app.send("POST", `/api/staff/deals/${id}/publish/`, undefined, staff);
  expect(published.statusCode, published.body).toBe(200);
  return { id, slug };
}

/** A staff campaign on the deal; `window` places it live, ended or not started yet. */
async function makeCampaign(
  app: TestApp,
  staff: Credentials,
  dealId: number,
  c: {
    type: "percent" | "fixed";
    value: number;
    tiers: number[];
    window: "live" | "ended" | "soon";
  },
) {
  const now = Date.now();
  const hour = 3_600_000;
  const window = {
    live: {
      start_date: new Date(now - hour).toISOString(),
      end_date: new Date(now + 24 * hour).toISOString(),
    },
    ended: {
      start_date: new Date(now - 48 * hour).toISOString(),
      end_date: new Date(now - hour).toISOString(),
    },
    soon: {
      start_date: new Date(now + hour).toISOString(),
      end_date: new Date(now + 48 * hour).toISOString(),
    },
  }[c.window];
  made += 1;
  const res = await app.send(
    "POST",
    "/api/staff/campaigns/",
    {
      optin_slug: `price-rule-fest-${process.pid}-${made}`,
      name: `Fest ${made}`,
      public_name: `Pricerule Fest ${made}`,
      type: c.type,
      value: c.value,
      deal_tiers: c.tiers,
      deals: [dealId],
      ...window,
    },
    staff,
  );
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { public_name: string }).public_name;
}

type ReaderKind = "anonymous" | "signed-in" | "plus-member";

/** A reader of the given kind with a display currency chosen; their credentials. */
async function makeReader(app: TestApp, kind: ReaderKind, currency: string): Promise<Credentials> {
  if (kind === "anonymous") {
    const res = await app.inject({
      method: "POST",
      url: "/api/sessions/set-currency/",
      payload: { currency },
    });
    expect(res.statusCode).toBe(200);
    const cookies = cookiesOf(res);
    return { cookies, headers: { "x-csrftoken": cookies.csrftoken ?? "" } };
  }
  const buyer = await newBuyer(app, "price-rule");
  const creds = buyer.creds;
  if (kind === "plus-member") {
    await app.database.db.insert(plusSubscriptions).values({
      userId: buyer.id,
      stripeSubscriptionId: `sub_price_rule_${buyer.id}`,
      priceCents: 9900,
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
  }
  const set = await app.send("POST", "/api/sessions/set-currency/", { currency }, creds);
  expect(set.statusCode).toBe(200);
  return creds;
}

/** The product page as this reader loads it: its data and its head's tags. */
async function productPage(app: TestApp, slug: string, creds: Credentials | null) {
  const session = creds ? await app.services.sessions.load(creds.cookies.sessionid ?? "") : null;
  const context = new RouterContextProvider();
  const ctx = {
    services: app.services,
    session,
    publicConfig: { reportListingUrl: "https://example.com/report", publicUrl: "http://localhost" },
    cookies: pageCookies(testConfig()),
    cspNonce: "test-nonce",
  };
  context.set(appContext, ctx);
  const data = await loader({
    context,
    params: { slug },
    request: new Request(`http://localhost/products/${slug}/`),
    unstable_pattern: "/products/:slug",
  } as unknown as Parameters<typeof loader>[0]);
  const tags = meta({ loaderData: data } as unknown as Parameters<typeof meta>[0]) as Record<
    string,
    unknown
  >[];
  const product = tags
    .map(
      (t) => t["script:ld+json"] as { "@type"?: string; offers?: { sku: string; price: number }[] },
    )
    .find((ld) => ld?.["@type"] === "Product");
  const growth = await loadGrowthRootData(ctx);
  return { data, offers: product?.offers ?? [], display: growth.display };
}

/** The plan's price block as the page renders it for this reader, in their display currency. */
function renderedPrice(plan: Plan, plusMember: boolean, display: DisplayCurrency) {
  const html = renderToString(
    createElement(
      DisplayCurrencyContext.Provider,
      { value: display },
      createElement(PlanPrice, { plan: plan as never, plusMember }),
    ),
  );
  const shown = /data-testid="plan-price"[^>]*>([^<]*)</.exec(html)?.[1] ?? "";
  const charged = /data-testid="charged-in-usd"[^>]*>([^<]*)</.exec(html)?.[1] ?? null;
  return {
    html,
    shown: shown.replace(/&#x27;/g, "'"),
    charged: charged?.replace(/&#x27;/g, "'") ?? null,
  };
}

const staffOn = await on.login("staff@payonce.test");
const staffOff = await off.login("staff@payonce.test");
const plusDealOn = await dealPlans(on, PLUS_DEAL_SLUG);
const plusDealOff = await dealPlans(off, PLUS_DEAL_SLUG);

/** What the random runs covered: each case must come up at least once. */
const seen = new Set<string>();

describe("one price rule: the page shows what the cart charges", () => {
  it("holds for random readers, campaigns, Plus states and currencies", {
    timeout: 300_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          experiment: fc.constantFrom(true, true, true, false),
          plans: fc.array(
            fc.record({
              price: fc.integer({ min: 100, max: 40_000 }).map((c) => c / 100),
              markup: fc.integer({ min: 0, max: 50_000 }).map((c) => c / 100),
            }),
            { minLength: 1, maxLength: 3 },
          ),
          campaign: fc.option(
            fc.record({
              type: fc.constantFrom("percent" as const, "fixed" as const),
              percent: fc.integer({ min: 1, max: 90 }),
              fixed: fc.integer({ min: 1, max: 300 }),
              tiers: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }),
              window: fc.constantFrom(
                "live" as const,
                "live" as const,
                "live" as const,
                "ended" as const,
                "soon" as const,
              ),
            }),
            { freq: 4 },
          ),
          reader: fc.constantFrom<ReaderKind>("anonymous", "signed-in", "plus-member"),
          plusInCart: fc.boolean(),
          currency: fc.constantFrom("USD", "EUR", "GBP"),
          tierPick: fc.nat(),
          readBefore: fc.boolean(),
        }),
        async (run) => {
          const app = run.experiment ? on : off;
          const staff = run.experiment ? staffOn : staffOff;
          const deal = await makeDeal(
            app,
            staff,
            run.plans.map((p) => ({ price: p.price, original: p.price + p.markup })),
          );
          // A cached answer from before the campaign must not outlive it (page events, windows).
          if (run.readBefore)
            await app.inject({ method: "GET", url: `/api/v2/deals/${deal.slug}/details/` });
          const campaignName = run.campaign
            ? await makeCampaign(app, staff, deal.id, {
                type: run.campaign.type,
                value: run.campaign.type === "percent" ? run.campaign.percent : run.campaign.fixed,
                tiers: run.campaign.tiers,
                window: run.campaign.window,
              })
            : null;
          const creds = await makeReader(app, run.reader, run.currency);
          const signedIn = run.reader !== "anonymous";
          const member = run.reader === "plus-member";

          // The deal details as this reader (anonymous readers share the cached answer).
          const details = await app.send(
            "GET",
            `/api/v2/deals/${deal.slug}/details/`,
            undefined,
            signedIn ? creds : undefined,
          );
          expect(details.statusCode).toBe(200);
          const plans = (details.json() as { deal: { plans: Plan[] } }).deal.plans;
          const plan = plans[run.tierPick % plans.length] as Plan;
          // The page: its data, its JSON-LD (the public, non-member offer) and its rendered price.
          const page = await productPage(app, deal.slug, signedIn ? creds : null);
          const pagePlan = page.data.deal.plans.find((p) => p.id === plan.id) as unknown as Plan;
          expect(pagePlan).toMatchObject({ price: plan.price, plus_price: plan.plus_price });
          expect(page.data.viewer.hasPlus).toBe(member);
          expect(page.offers.find((o) => o.sku === `${deal.slug}-${plan.id}`)?.price).toBe(
            plan.price,
          );

          // Search: the deal's card says the details' price, and the price filter finds it there.
          const dealPrice = (details.json() as { deal: { price: number } }).deal.price;
          const found = await app.inject({
            method: "GET",
            url: `/api/v2/deals/?query=Pricerule&min_price=${dealPrice}&max_price=${dealPrice}`,
          });
          expect(found.statusCode, found.body).toBe(200);
          const card = (
            found.json() as { results: { slug: string; price: number }[] }
          ).results.find((r) => r.slug === deal.slug);
          expect(card?.price).toBe(dealPrice);
          expect(dealPrice).toBe(Math.min(...plans.map((p) => p.price)));

          // The cart: Plus first when the reader buys it with the plan.
          const plusDeal = run.experiment ? plusDealOn : plusDealOff;
          const buysPlus = run.plusInCart && !member;
          if (buysPlus) {
            const added = await app.send(
              "POST",
              "/api/cart/items/",
              { dealId: plusDeal.deal.id, planId: plusDeal.plan(1).id },
              creds,
            );
            expect(added.statusCode, added.body).toBe(201);
          }
          const added = await app.send(
            "POST",
            "/api/cart/items/",
            { dealId: deal.id, planId: plan.id },
            creds,
          );
          expect(added.statusCode, added.body).toBe(201);
          const cart = added.json() as { cart_items: CartLineJson[] };
          const line = cart.cart_items.find((l) => l.plan.id === plan.id) as CartLineJson;

          // The page's figure for this buyer: a member's price, or "with Plus" when Plus is in the
          // cart, else the price; the cart charges exactly that.
          const expected = shownPlanPrice(plan, member || buysPlus);
          expect(line.unit_price).toBe(expected);
          // A member's page shows the member price; a non-member's shows the price, and the
          // "with Plus" figure the cart charges once Plus is in it.
          const rendered = renderedPrice(pagePlan, member, page.display);
          // A campaign that takes the whole price makes the plan free for everyone.
          const free = plan.is_free || plan.price === 0;
          expect(rendered.shown).toBe(
            free ? "FREE" : displayPrice(shownPlanPrice(plan, member), page.display),
          );
          if (!member && !free)
            expect(rendered.html).toContain(displayPrice(plan.plus_price, page.display));
          // A reader shown another currency is told the USD charge; others are not.
          expect(rendered.charged).toBe(
            page.display && !free
              ? `You'll be charged ${formatMoney(toCents(shownPlanPrice(plan, member)))} USD`
              : null,
          );

          // The cart names the discounts it applied, and they add up to what the line saves.
          const live =
            run.experiment &&
            run.campaign?.window === "live" &&
            run.campaign.tiers.includes(plan.tier);
          const listCents = Math.round(plan.list_price * 100);
          const campaignApplied = live && plan.list_price > plan.price;
          expect(line.campaign_name).toBe(campaignApplied ? campaignName : null);
          expect(line.discounts.map((d) => d.kind)).toEqual([
            ...(campaignApplied ? ["campaign"] : []),
            ...((member || buysPlus) && expected < plan.price ? ["plus"] : []),
          ]);
          const saved = line.discounts.reduce((sum, d) => sum + Math.round(d.amount * 100), 0);
          expect(listCents - Math.round(line.unit_price * 100)).toBe(saved);
          expect(plan.campaign?.public_name ?? null).toBe(campaignApplied ? campaignName : null);
          if (campaignApplied) seen.add(`campaign-${run.campaign?.type}`);
          if (page.display) seen.add("other-currency");
          if (buysPlus) seen.add("plus-in-cart");
          if (!run.experiment && run.campaign) seen.add("experiment-off");
          if (run.readBefore && campaignApplied) seen.add("cached-before-campaign");
          seen.add(run.reader);
        },
      ),
      { numRuns: 18, seed: Number(process.env.PRICE_RULE_SEED ?? 3030) },
    );
    expect([...seen].sort()).toEqual(
      [
        "anonymous",
        "cached-before-campaign",
        "campaign-fixed",
        "campaign-percent",
        "experiment-off",
        "other-currency",
        "plus-in-cart",
        "plus-member",
        "signed-in",
      ].sort(),
    );
  });
});

describe("the cart names its discounts (issue 30)", () => {
  it("shows 'Lifetime Fest -15%: -$8.85' and 'Plus member price -10%: -$5.02' on a member's line", async () => {
    const deal = await makeDeal(on, staffOn, [{ price: 59, original: 299 }]);
    await makeCampaign(on, staffOn, deal.id, {
      type: "percent",
      value: 15,
      tiers: [1],
      window: "live",
    });
    const creds = await makeReader(on, "plus-member", "USD");
    const details = (
      await on.send("GET", `/api/v2/deals/${deal.slug}/details/`, undefined, creds)
    ).json() as {
      deal: { plans: Plan[]; price: number; plus_price: number };
    };
    const plan = details.deal.plans[0] as Plan;
    expect(plan).toMatchObject({
      price: 50.15,
      plus_price: 45.14,
      list_price: 59,
      original_price: 299,
    });
    expect(details.deal).toMatchObject({ price: 50.15, plus_price: 45.14 });
    const res = await on.send(
      "POST",
      "/api/cart/items/",
      { dealId: deal.id, planId: plan.id },
      creds,
    );
    const cart = res.json() as {
      cart_items: CartLineJson[];
      discounts: { text: string }[];
      subtotal: number;
    };
    const line = cart.cart_items[0] as CartLineJson;
    expect(line.unit_price).toBe(45.14);
    expect(line.discounts.map((d) => d.text)).toEqual([
      `${line.campaign_name} \u221215%: \u2212$8.85`,
      "Plus member price \u221210%: \u2212$5.01",
    ]);
    expect(cart.discounts.map((d) => d.text)).toEqual(line.discounts.map((d) => d.text));
    expect(cart.subtotal).toBe(45.14);
  });
});

describe("the charged currency is named (issue 30)", () => {
  it("tells a reader shown EUR that the charge is in USD, with the USD amount", () => {
    const eur = { currency: "EUR", rate: 0.92 };
    const html = renderToString(
      createElement(
        DisplayCurrencyContext.Provider,
        { value: eur },
        createElement(ChargedInUsd, { major: 50.15 }),
      ),
    );
    expect(html.replace(/&#x27;/g, "'")).toContain("You'll be charged $50.15 USD");
    const usd = renderToString(
      createElement(
        DisplayCurrencyContext.Provider,
        { value: null },
        createElement(ChargedInUsd, { major: 50.15 }),
      ),
    );
    expect(usd).toBe("");
  });
});

// Last in the file: it moves the app's clock past the campaign's end.
describe("cached prices follow the campaign's window (issue 30)", () => {
  it("serves the campaign price while it runs and the list price once it ends", async () => {
    const deal = await makeDeal(on, staffOn, [{ price: 100, original: 400 }]);
    await makeCampaign(on, staffOn, deal.id, {
      type: "percent",
      value: 20,
      tiers: [1],
      window: "live",
    });
    const read = async () => {
      const res = await on.inject({ method: "GET", url: `/api/v2/deals/${deal.slug}/details/` });
      const body = res.json() as { deal: { price: number; plans: Plan[] } };
      return {
        cache: res.headers["x-cache"],
        price: body.deal.plans[0]?.price,
        card: body.deal.price,
      };
    };
    expect(await read()).toEqual({ cache: "MISS", price: 80, card: 80 });
    expect(await read()).toEqual({ cache: "HIT", price: 80, card: 80 });
    // The campaign ends 24 hours after it was made: the cached answer ends with it.
    clock.advance(25 * 3_600_000);
    expect(await read()).toEqual({ cache: "MISS", price: 100, card: 100 });
    const buyer = await newBuyer(on, "price-rule-late");
    const added = await on.send(
      "POST",
      "/api/cart/items/",
      { dealId: deal.id, planId: (await dealPlans(on, deal.slug)).plan(1).id },
      buyer.creds,
    );
    expect((added.json() as { cart_items: CartLineJson[] }).cart_items[0]?.unit_price).toBe(100);
  });
});
