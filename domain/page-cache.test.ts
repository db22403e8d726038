import { describe, expect, it } from "vitest";
import {
  BANNER_HURRY_UNDER_MS,
  NEW_BANNER_WINDOW_MS,
  PAGE_CACHE_HARMLESS_PARAMS,
  PAGE_CACHE_MAX_TTL_MS,
  PAGE_CACHE_MEMORY_BYTES,
} from "./constants";
import {
  cacheablePage,
  isHarmlessQuery,
  listedDealWindows,
  nextBoundary,
  pageVariant,
  productPageSlug,
} from "./page-cache";

const now = new Date("2026-06-01T12:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const MIN = 60_000;
const DAY = 86_400_000;
const none = { startDate: null, endDate: null, nextStageStartDate: null };

describe("page cache constants", () => {
  it("pins the cache's budgets", () => {
    expect(PAGE_CACHE_MAX_TTL_MS).toBe(5 * MIN);
    expect(PAGE_CACHE_MEMORY_BYTES).toBe(64 * 1024 * 1024);
    expect(PAGE_CACHE_HARMLESS_PARAMS).toContain("utm_source");
    expect(PAGE_CACHE_HARMLESS_PARAMS).not.toContain("page");
  });
});

describe("nextBoundary", () => {
  it("is the max TTL for a page with no dates ahead", () => {
    expect(nextBoundary(none, [], now)).toEqual(at(PAGE_CACHE_MAX_TTL_MS));
    expect(nextBoundary(none, [], now, 10_000)).toEqual(at(10_000));
  });

  it("is the deal's end when it comes first", () => {
    expect(nextBoundary({ ...none, endDate: at(2 * MIN) }, [], now)).toEqual(at(2 * MIN));
  });

  it("is the start of a coming-soon deal", () => {
    expect(nextBoundary({ ...none, startDate: at(MIN) }, [], now)).toEqual(at(MIN));
  });

  it("is the end of the 'new' banner window, a day after the start", () => {
    const start = at(-NEW_BANNER_WINDOW_MS + MIN);
    expect(nextBoundary({ ...none, startDate: start }, [], now)).toEqual(at(MIN));
  });

  it("is the moment the ending banner turns into the hurry message", () => {
    const end = at(BANNER_HURRY_UNDER_MS + 3 * MIN);
    expect(nextBoundary({ ...none, endDate: end }, [], now)).toEqual(at(3 * MIN));
  });

  it("is the next stage's start (the timer's end)", () => {
    expect(nextBoundary({ ...none, nextStageStartDate: at(90_000) }, [], now)).toEqual(at(90_000));
  });

  it("is a campaign window's start or end", () => {
    expect(nextBoundary(none, [{ start: at(4 * MIN), end: at(DAY) }], now)).toEqual(at(4 * MIN));
    expect(nextBoundary(none, [{ start: at(-DAY), end: at(3 * MIN) }], now)).toEqual(at(3 * MIN));
  });

  it("ignores dates already past and dates beyond the max TTL", () => {
    const deal = { startDate: at(-10 * DAY), endDate: at(-MIN), nextStageStartDate: at(DAY) };
    expect(nextBoundary(deal, [{ start: null, end: at(-DAY) }], now)).toEqual(
      at(PAGE_CACHE_MAX_TTL_MS),
    );
  });

  it("never answers now itself (a boundary exactly now has already happened)", () => {
    expect(nextBoundary({ ...none, endDate: now }, [], now)).toEqual(at(PAGE_CACHE_MAX_TTL_MS));
  });
});

describe("isHarmlessQuery", () => {
  it("accepts no query and tracking parameters only", () => {
    expect(isHarmlessQuery("")).toBe(true);
    expect(isHarmlessQuery("utm_source=x&utm_medium=y&gclid=1")).toBe(true);
  });
  it("refuses anything that can change the page", () => {
    expect(isHarmlessQuery("video=2")).toBe(false);
    expect(isHarmlessQuery("utm_source=x&page=2")).toBe(false);
  });
});

describe("productPageSlug", () => {
  it("finds the slug of a product page, with or without the trailing slash", () => {
    expect(productPageSlug("/products/taskflow/")).toBe("taskflow");
    expect(productPageSlug("/products/taskflow")).toBe("taskflow");
  });
  it("is null for other pages, including the product's sub-pages", () => {
    expect(productPageSlug("/products/taskflow/reviews/")).toBeNull();
    expect(productPageSlug("/products/")).toBeNull();
    expect(productPageSlug("/")).toBeNull();
  });
});

describe("pageVariant", () => {
  it("keys by currency and the sorted campaign opt-ins", () => {
    expect(pageVariant("usd", [])).toBe("USD");
    expect(pageVariant("EUR", ["lastcall", "bf"])).toBe(pageVariant("EUR", ["bf", "lastcall"]));
    expect(pageVariant("EUR", ["bf"])).not.toBe(pageVariant("USD", ["bf"]));
  });
});

describe("cacheablePage", () => {
  it("names a deal's own pages by its slug, on their canonical path", () => {
    expect(cacheablePage("/products/taskflow")).toEqual({
      kind: "deal",
      slug: "taskflow",
      path: "/products/taskflow/",
    });
    expect(cacheablePage("/products/taskflow/reviews")).toEqual({
      kind: "deal",
      slug: "taskflow",
      path: "/products/taskflow/reviews/",
    });
    expect(cacheablePage("/products/taskflow/questions/")?.kind).toBe("deal");
  });

  it("leaves React Router's data requests to a render for their reader", () => {
    for (const path of [
      "/products/taskflow.data",
      "/products/taskflow/questions.data",
      "/_root.data",
      "/browse.data",
      "/productivity/crm.data",
    ])
      expect(cacheablePage(path), path).toBeNull();
  });

  it("knows the listing pages", () => {
    for (const path of [
      "/",
      "/browse/",
      "/collections/rising-stars/",
      "/collections/best-for/marketing",
      "/productivity/",
      "/productivity/crm/",
      "/productivity/crm/pipelines/",
    ])
      expect(cacheablePage(path), path).toEqual({
        kind: "listing",
        path: path.endsWith("/") ? path : `${path}/`,
      });
  });

  it("leaves every other page out", () => {
    for (const path of [
      "/cart/",
      "/plus/",
      "/accounts/login/",
      "/account/profile/",
      "/orders/12/",
      "/products/taskflow/reviews/new/",
      "/products/taskflow/reviews/great-tool-12/",
      "/products/taskflow/videos/",
      "/a/b/c/d/",
    ])
      expect(cacheablePage(path), path).toBeNull();
  });
});

describe("listedDealWindows", () => {
  it("adds the moment a deal ages out of a rule-based listing", () => {
    const start = at(-119 * DAY);
    const deal = { startDate: start, endDate: null, nextStageStartDate: null };
    expect(nextBoundary(deal, [], now, 2 * DAY)).toEqual(at(2 * DAY));
    expect(
      nextBoundary(
        { startDate: null, endDate: null, nextStageStartDate: null },
        listedDealWindows(deal),
        now,
        2 * DAY,
      ),
    ).toEqual(at(DAY));
  });
});
