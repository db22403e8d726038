import type { PageEvents } from "../cache/page-events";

// The sitemaps' own cache (issue 32): the rendered index and parts by name, dropped on every page
// event. Its own small module, apart from the page cache (server/services/cache/), because a
// sitemap is not a page: it has no audience, and what changes it is any public deal, review,
// question or profile, which a page event names only by its deal. So every event drops every
// entry (docs/decisions/062): a part costs one range read to render again, under 50 ms at the L
// size, and nothing is rendered until a crawler asks.

/** Rendered sitemaps kept at most: at the L size every part together is about 150 MB of XML. */
const MAX_BYTES = 32 * 1024 * 1024;
/**
 * A backstop for changes no page event reports (a renamed or closed account on the profiles
 * sitemap); the answer's own max-age is an hour.
 */
const MAX_AGE_MS = 15 * 60 * 1000;

type Entry = { body: string; bytes: number; at: number };

export function createSitemapCache(deps: {
  pageEvents: Pick<PageEvents, "subscribe">;
  maxBytes?: number;
  maxAgeMs?: number;
  /** Milliseconds, for the backstop's age (tests move it). */
  now?: () => number;
}) {
  const maxBytes = deps.maxBytes ?? MAX_BYTES;
  const maxAgeMs = deps.maxAgeMs ?? MAX_AGE_MS;
  const now = deps.now ?? Date.now;
  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recent.
  const entries = new Map<string, Entry>();
  // One render per name at a time: crawlers asking together wait for the same one.
  const rendering = new Map<string, Promise<string | null>>();
  let bytes = 0;
  // Bumped by every event: a render that began before one is answered but not kept.
  let generation = 0;

  deps.pageEvents.subscribe(() => {
    generation += 1;
    entries.clear();
    rendering.clear();
    bytes = 0;
  });

  function drop(name: string) {
    const entry = entries.get(name);
    if (!entry) return;
    entries.delete(name);
    bytes -= entry.bytes;
  }

  function keep(name: string, body: string | null) {
    // No such part is not kept: names are the crawler's to choose, and finding none is one index
    // probe, where keeping them would let made-up names push real parts out.
    if (body === null) return;
    // Latin-1 XML: one byte a character in V8's strings.
    const size = body.length + name.length;
    if (size > maxBytes) return;
    drop(name);
    entries.set(name, { body, bytes: size, at: now() });
    bytes += size;
    for (const [oldest] of entries) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  }

  /** The body kept under `name`, or `render`'s, kept until the next page event. */
  async function get(name: string, render: () => Promise<string | null>): Promise<string | null> {
    const entry = entries.get(name);
    if (entry && now() - entry.at < maxAgeMs) {
      entries.delete(name);
      entries.set(name, entry);
      return entry.body;
    }
    drop(name);
    const pending = rendering.get(name);
    if (pending) return pending;
    const started = generation;
    const promise = render().then(
      (body) => {
        if (generation === started) {
          rendering.delete(name);
          keep(name, body);
        }
        return body;
      },
      (error: unknown) => {
        if (generation === started) rendering.delete(name);
        throw error;
      },
    );
    rendering.set(name, promise);
    return promise;
  }

  return { get, size: () => entries.size };
}

export type SitemapCache = ReturnType<typeof createSitemapCache>;
