import { describe, expect, it } from "vitest";
import {
  DealSearchSchema,
  effectiveSort,
  listingHref,
  PLAN_TYPE_KEYS,
  planTypeKey,
  SEARCH_MESSAGES,
  SEARCH_SORTS,
} from "./search";

const parse = (q: Record<string, string>) => DealSearchSchema.safeParse(q);

describe("deal search query", () => {
  it("pins the sorts of contract.md", () => {
    expect(SEARCH_SORTS).toEqual([
      "relevance",
      "newest",
      "price_asc",
      "price_desc",
      "rating",
      "popular",
    ]);
  });

  it("treats blanks as not set and trims the query", () => {
    const r = parse({ query: "  crm  ", group: "", min_price: "", sort: "", page: "" });
    expect(r.success && r.data).toEqual({ query: "crm" });
  });

  it("turns prices into cents and plan type names into keys", () => {
    const r = parse({ min_price: "10", max_price: "59.99", plan_type: "Lifetime Deal" });
    expect(r.success && r.data).toMatchObject({
      min_price: 1000,
      max_price: 5999,
      plan_type: "lifetime_deal",
    });
    expect(parse({ plan_type: "freebie" }).success).toBe(true);
    expect(PLAN_TYPE_KEYS).toContain(planTypeKey("One Time Purchase"));
  });

  it.each([
    [{ page: "0" }, "page"],
    [{ page: "x" }, "page"],
    [{ page: "1.5" }, "page"],
    [{ sort: "cheapest" }, "sort"],
    [{ min_price: "-1" }, "min_price"],
    [{ min_price: "1.234" }, "min_price"],
    [{ max_price: "abc" }, "max_price"],
    [{ plan_type: "forever" }, "plan_type"],
    [{ group: "Bad Slug!" }, "group"],
    [{ query: "x".repeat(201) }, "query"],
    [{ min_price: "50", max_price: "10" }, "min_price"],
  ])("refuses %j (field %s)", (query, field) => {
    const r = parse(query as Record<string, string>);
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error.issues[0]?.path[0]).toBe(field);
  });

  it("says why a price range is refused", () => {
    const r = parse({ min_price: "50", max_price: "10" });
    expect(!r.success && r.error.issues[0]?.message).toBe(SEARCH_MESSAGES.priceRange);
  });

  it("sorts by relevance with a query and by popularity without one", () => {
    expect(effectiveSort({ query: "crm" })).toBe("relevance");
    expect(effectiveSort({})).toBe("popular");
    expect(effectiveSort({ query: "crm", sort: "newest" })).toBe("newest");
  });
});

describe("listing links", () => {
  const current = new URLSearchParams("query=crm&sort=rating&page=3&utm_source=x");

  it("keeps the filters, drops page unless paging, and ignores foreign parameters", () => {
    expect(listingHref("/browse", current)).toBe("/browse?query=crm&sort=rating");
    expect(listingHref("/browse", current, { page: 4 })).toBe(
      "/browse?query=crm&sort=rating&page=4",
    );
    expect(listingHref("/browse", current, { page: 1 })).toBe("/browse?query=crm&sort=rating");
  });

  it("changes or removes one parameter, back to page 1", () => {
    expect(listingHref("/browse", current, { sort: "newest" })).toBe(
      "/browse?query=crm&sort=newest",
    );
    expect(listingHref("/browse", current, { query: null, sort: null })).toBe("/browse");
  });
});
