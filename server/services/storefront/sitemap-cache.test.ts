import { describe, expect, it } from "vitest";
import { createPageEvents } from "../cache/page-events";
import { createSitemapCache } from "./sitemap-cache";

/** A render that counts its calls and answers when told to. */
function renderer(body: string | null) {
  let calls = 0;
  let finish: () => void = () => {};
  const render = () => {
    calls += 1;
    return new Promise<string | null>((resolve) => {
      finish = () => resolve(body);
    });
  };
  return { render, calls: () => calls, finish: () => finish() };
}

describe("the sitemaps' cache", () => {
  it("renders a name once for crawlers asking together, then answers from memory", async () => {
    const cache = createSitemapCache({ pageEvents: createPageEvents() });
    const r = renderer("<urlset/>");
    const both = Promise.all([cache.get("reviews-0", r.render), cache.get("reviews-0", r.render)]);
    r.finish();
    expect(await both).toEqual(["<urlset/>", "<urlset/>"]);
    expect(await cache.get("reviews-0", r.render)).toBe("<urlset/>");
    expect(r.calls()).toBe(1);
  });

  it("drops everything on a page event, and keeps no render that began before one", async () => {
    const events = createPageEvents();
    const cache = createSitemapCache({ pageEvents: events });
    expect(await cache.get("index", async () => "old")).toBe("old");
    await events.dealChanged(7);
    expect(await cache.get("index", async () => "new")).toBe("new");

    const slow = renderer("read before the change");
    const pending = cache.get("deals-0", slow.render);
    await events.allPagesChanged();
    slow.finish();
    // The render that began before the event answers its own request, and is not kept.
    expect(await pending).toBe("read before the change");
    expect(await cache.get("deals-0", async () => "read after")).toBe("read after");
  });

  it("keeps no answer for a part that does not exist", async () => {
    const cache = createSitemapCache({ pageEvents: createPageEvents() });
    let calls = 0;
    const none = async () => {
      calls += 1;
      return null;
    };
    expect(await cache.get("reviews-4000", none)).toBeNull();
    expect(await cache.get("reviews-4000", none)).toBeNull();
    expect(calls).toBe(2);
    expect(cache.size()).toBe(0);
  });

  it("stays within its bytes, dropping the least recently asked first", async () => {
    const cache = createSitemapCache({ pageEvents: createPageEvents(), maxBytes: 100 });
    const body = "x".repeat(40);
    await cache.get("a", async () => body);
    await cache.get("b", async () => body);
    await cache.get("a", async () => "not asked: a is kept");
    await cache.get("c", async () => body);
    expect(cache.size()).toBe(2);
    expect(await cache.get("a", async () => "rendered again")).toBe(body);
    expect(await cache.get("b", async () => "rendered again")).toBe("rendered again");
  });

  it("renders again after its maximum age (changes no event reports)", async () => {
    let now = 0;
    const cache = createSitemapCache({
      pageEvents: createPageEvents(),
      maxAgeMs: 1000,
      now: () => now,
    });
    await cache.get("profiles-0", async () => "first");
    now = 999;
    expect(await cache.get("profiles-0", async () => "second")).toBe("first");
    now = 1000;
    expect(await cache.get("profiles-0", async () => "second")).toBe("second");
  });

  it("answers a failed render's error, and renders again on the next request", async () => {
    const cache = createSitemapCache({ pageEvents: createPageEvents() });
    await expect(
      cache.get("index", async () => {
        throw new Error("database timeout");
      }),
    ).rejects.toThrow("database timeout");
    expect(await cache.get("index", async () => "fine")).toBe("fine");
  });
});
