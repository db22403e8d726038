import { describe, expect, it } from "vitest";
import { createMemoryPageStore, type PageScope } from "./page-cache";

const deal = (slug: string): PageScope => ({ kind: "deal", slug });
const listing: PageScope = { kind: "listing" };

const page = (body: string, stamp: string, expiresAt = 10_000) => ({
  status: 200,
  headers: { "content-type": "text/html" },
  body: Buffer.from(body),
  gzip: Buffer.alloc(0),
  etag: 'W/"x"',
  stamp,
  expiresAt,
});

describe("the in-process page store", () => {
  it("evicts the least recently used pages past its byte budget", async () => {
    const store = createMemoryPageStore(3_000);
    const stamp = await store.stamp(deal("a"));
    await store.set("a", page("x".repeat(1_000), stamp), 0);
    await store.set("b", page("y".repeat(1_000), stamp), 0);
    // Reading "a" makes "b" the oldest.
    expect(await store.get("a", deal("a"), 0)).not.toBeNull();
    await store.set("c", page("z".repeat(1_000), stamp), 0);
    expect(await store.get("b", deal("a"), 0)).toBeNull();
    expect(await store.get("a", deal("a"), 0)).not.toBeNull();
    expect(await store.get("c", deal("a"), 0)).not.toBeNull();
    expect(store.bytes()).toBeLessThanOrEqual(3_000);
  });

  it("never keeps a page larger than the whole budget", async () => {
    const store = createMemoryPageStore(500);
    await store.set("big", page("x".repeat(1_000), await store.stamp(deal("big"))), 0);
    expect(await store.get("big", deal("big"), 0)).toBeNull();
    expect(store.bytes()).toBe(0);
  });

  it("drops pages stamped before their deal's or everything's generation moved", async () => {
    const store = createMemoryPageStore();
    await store.set("a", page("a", await store.stamp(deal("deal-a"))), 0);
    await store.set("b", page("b", await store.stamp(deal("deal-b"))), 0);
    await store.bumpDeal("deal-a");
    expect(await store.get("a", deal("deal-a"), 0)).toBeNull();
    expect(await store.get("b", deal("deal-b"), 0)).not.toBeNull();
    await store.bumpAll();
    expect(await store.get("b", deal("deal-b"), 0)).toBeNull();
  });

  it("drops listing pages on any deal's change, and only on a deal's or everything's", async () => {
    const store = createMemoryPageStore();
    await store.set("home", page("home", await store.stamp(listing)), 0);
    await store.set("b", page("b", await store.stamp(deal("deal-b"))), 0);
    expect(await store.get("home", listing, 0)).not.toBeNull();
    await store.bumpDeal("deal-a");
    expect(await store.get("home", listing, 0)).toBeNull();
    expect(await store.get("b", deal("deal-b"), 0)).not.toBeNull();
    // A deal that no longer resolves to a slug still refreshes the listings.
    await store.set("home", page("home", await store.stamp(listing)), 0);
    await store.bumpDeal(null);
    expect(await store.get("home", listing, 0)).toBeNull();
    await store.set("home", page("home", await store.stamp(listing)), 0);
    await store.bumpAll();
    expect(await store.get("home", listing, 0)).toBeNull();
  });

  it("drops pages at their expiry", async () => {
    const store = createMemoryPageStore();
    await store.set("a", page("a", await store.stamp(deal("a")), 1_000), 0);
    expect(await store.get("a", deal("a"), 999)).not.toBeNull();
    expect(await store.get("a", deal("a"), 1_000)).toBeNull();
  });
});
