import { describe, expect, it } from "vitest";
import { createMemoryPageStore } from "./page-cache";

const page = (body: string, stamp: string, expiresAt = 10_000) => ({
  status: 200,
  headers: { "content-type": "text/html" },
  parts: [Buffer.from(body)],
  gzip: [],
  stamp,
  expiresAt,
});

describe("the in-process page store", () => {
  it("evicts the least recently used pages past its byte budget", async () => {
    const store = createMemoryPageStore(3_000);
    const stamp = await store.stamp("a");
    await store.set("a", page("x".repeat(1_000), stamp), 0);
    await store.set("b", page("y".repeat(1_000), stamp), 0);
    // Reading "a" makes "b" the oldest.
    expect(await store.get("a", "a", 0)).not.toBeNull();
    await store.set("c", page("z".repeat(1_000), stamp), 0);
    expect(await store.get("b", "a", 0)).toBeNull();
    expect(await store.get("a", "a", 0)).not.toBeNull();
    expect(await store.get("c", "a", 0)).not.toBeNull();
    expect(store.bytes()).toBeLessThanOrEqual(3_000);
  });

  it("never keeps a page larger than the whole budget", async () => {
    const store = createMemoryPageStore(500);
    await store.set("big", page("x".repeat(1_000), await store.stamp("big")), 0);
    expect(await store.get("big", "big", 0)).toBeNull();
    expect(store.bytes()).toBe(0);
  });

  it("drops pages stamped before their deal's or everything's generation moved", async () => {
    const store = createMemoryPageStore();
    await store.set("a", page("a", await store.stamp("deal-a")), 0);
    await store.set("b", page("b", await store.stamp("deal-b")), 0);
    await store.bumpDeal("deal-a");
    expect(await store.get("a", "deal-a", 0)).toBeNull();
    expect(await store.get("b", "deal-b", 0)).not.toBeNull();
    await store.bumpAll();
    expect(await store.get("b", "deal-b", 0)).toBeNull();
  });

  it("drops pages at their expiry", async () => {
    const store = createMemoryPageStore();
    await store.set("a", page("a", await store.stamp("a"), 1_000), 0);
    expect(await store.get("a", "a", 999)).not.toBeNull();
    expect(await store.get("a", "a", 1_000)).toBeNull();
  });
});
