/**
 * Which pages the anonymous page cache may hold, enumerated from the route table (issue 31:
 * /profile/{username}/ fell into the taxonomy pattern and was held for 5 minutes). Every route
 * must be either one the cache is meant for, invalidated by the page events of its scope, or
 * never cached at all.
 */
import { describe, expect, it } from "vitest";
import { cacheablePage } from "../domain/page-cache";
import routes from "./routes";

type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] };

const flatten = (entries: readonly Entry[]): Entry[] =>
  entries.flatMap((e) => [e, ...flatten(e.children ?? [])]);

/** Route modules whose anonymous pages are cached, and by what they are invalidated. */
const CACHED: Record<string, "deal" | "listing"> = {
  "routes/home.tsx": "listing",
  "routes/product.tsx": "deal",
  "routes/discussions/reviews.tsx": "deal",
  "routes/discussions/questions.tsx": "deal",
  "routes/browse.tsx": "listing",
  "routes/collection.tsx": "listing",
  "routes/taxonomy.tsx": "listing",
  // Written in the code (app/info/content): they change only with a deploy.
  "routes/info.tsx": "listing",
  // A founder's record changes with any of their deals (decision 077).
  "routes/founder.tsx": "listing",
};

/** A concrete path for a route pattern: each parameter a plain word. */
const samplePath = (entry: Entry) =>
  entry.index
    ? "/"
    : `/${(entry.path ?? "")
        .split("/")
        .map((s) => (s === "*" ? "no/such/page/here" : s.startsWith(":") ? "sample-1" : s))
        .join("/")}/`;

describe("the page cache and the route table", () => {
  const entries = flatten(routes as unknown as Entry[]);

  it.each(entries.map((e) => [samplePath(e), e.file] as const))(
    "%s (%s) is cached only when meant to be",
    (path, file) => {
      expect(cacheablePage(path)?.kind ?? null).toBe(CACHED[file] ?? null);
    },
  );

  it("never caches a profile page", () => {
    expect(cacheablePage("/profile/demo-buyer/")).toBeNull();
    expect(cacheablePage("/profile/demo-buyer")).toBeNull();
  });
});
