import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { loader as collectionLoader } from "../../app/routes/collection";
import { loader as homeLoader } from "../../app/routes/home";
import { loader as productLoader } from "../../app/routes/product";
import { testConfig } from "../../server/config";
import { pageCookies } from "../../server/web/cookies";
import { createTestApp, type TestApp } from "../helpers/app";

// Issue 15: a page never promises what the cart does not give. With campaign pricing off
// (CAMPAIGN_PRICING_EXPERIMENT) no page claims the live campaign's discount from data: not the
// banner, not the campaign's collection (home carousel, collection page, its title and meta), not
// a block linking to it (quickcrm's countdown). With it on, the data's copy stands.

const off = await createTestApp({ config: { campaignPricingExperiment: false } });
const on = await createTestApp({ config: { campaignPricingExperiment: true } });

type LoaderArgs = { context: RouterContextProvider; params: object; request: Request };

function args(app: TestApp, path: string, params: object): LoaderArgs {
  const context = new RouterContextProvider();
  context.set(appContext, {
    services: app.services,
    session: null,
    publicConfig: { reportListingUrl: "https://example.com/report", publicUrl: "http://localhost" },
    cookies: pageCookies(testConfig()),
    cspNonce: "test-nonce",
  });
  return { context, params, request: new Request(`http://localhost${path}`) };
}

// biome-ignore lint/suspicious/noExplicitAny: each route's loader takes its own generated args
const call = (fn: (a: any) => unknown, a: LoaderArgs) => fn(a) as Promise<any>;

/** Loader data as JSON, without its data wrapper (`data()` returns { data, init }). */
const unwrap = (result: { data?: unknown }) =>
  result && typeof result === "object" && "init" in result ? result.data : result;

/** Every string the page takes from data, deal cards left out (their copy is the deal's). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      if (k !== "deals" && k !== "listing" && k !== "campaign") strings(v, out);
    }
  return out;
}

const CLAIM = /extra 15%|15% off/i;

describe("campaign discount claims follow the cart (issue 15)", () => {
  it("with campaign pricing off no page claims the discount", async () => {
    const home = await call(homeLoader, args(off, "/", {}));
    const fest = home.page.collections.find(
      (c: { data: { slug?: string } }) => c.data.slug === "lifetime-fest",
    );
    expect(fest.data.title).toBe("Lifetime Fest");
    expect(strings(home.page.collections).filter((s) => CLAIM.test(s))).toEqual([]);
    expect(home.campaign.discount_applies).toBe(false);

    const collection = unwrap(
      await call(
        collectionLoader,
        args(off, "/collections/lifetime-fest/", { slug: "lifetime-fest" }),
      ),
    ) as { collection: { title: string } };
    expect(collection.collection.title).toBe("Lifetime Fest");
    expect(strings(collection.collection).filter((s) => CLAIM.test(s))).toEqual([]);

    const quickcrm = await call(productLoader, {
      ...args(off, "/products/quickcrm/", { slug: "quickcrm" }),
      unstable_pattern: "/products/:slug",
    } as LoaderArgs);
    const clock = quickcrm.blocks.find((b: { type: string }) => b.type === "countdown_clock");
    expect(clock.data.label).toBe("Lifetime Fest");
    expect(strings(quickcrm.blocks).filter((s) => CLAIM.test(s))).toEqual([]);
    expect(strings(quickcrm.zones).filter((s) => CLAIM.test(s))).toEqual([]);
  });

  it("with campaign pricing on the data's copy stands", async () => {
    const home = await call(homeLoader, args(on, "/", {}));
    const fest = home.page.collections.find(
      (c: { data: { slug?: string } }) => c.data.slug === "lifetime-fest",
    );
    expect(fest.data.title).toBe("Lifetime Fest: an extra 15% off");
    expect(home.campaign.discount_applies).toBe(true);

    const collection = unwrap(
      await call(
        collectionLoader,
        args(on, "/collections/lifetime-fest/", { slug: "lifetime-fest" }),
      ),
    ) as { collection: { title: string } };
    expect(collection.collection.title).toBe("Lifetime Fest: an extra 15% off");

    const quickcrm = await call(productLoader, {
      ...args(on, "/products/quickcrm/", { slug: "quickcrm" }),
      unstable_pattern: "/products/:slug",
    } as LoaderArgs);
    const clock = quickcrm.blocks.find((b: { type: string }) => b.type === "countdown_clock");
    expect(clock.data.label).toBe("Lifetime Fest: an extra 15% off");
    // That the cart then gives it (a listed tier 15% off) is tests/api/cart.test.ts's.
  });
});
