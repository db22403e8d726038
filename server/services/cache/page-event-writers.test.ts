/**
 * Every service that writes what a cached page shows emits a page event (issue 32: "a test fails
 * when a writer of a cached entity emits no event"). The mechanism is a static one, and it is
 * per file: each service module (server/services, tests aside) that writes a table cached pages
 * read, through Drizzle (`.insert(deals)`, `.update(comments)`...) or raw SQL (`update deals`),
 * must emit through its required `pageEvents` dependency (`pageEvents.dealChanged`,
 * `pageEvents.allPagesChanged`) or write through the staff audited write (which emits the event
 * its caller names, server/services/staff/audit.ts); or be listed below with the reason its
 * writes need none. A new writer of a cached table fails here until it emits or says why not.
 * What it cannot see: a module that emits for one of its writes and forgets another (the
 * service tests that check invalidation cover those paths), and writes through a table passed in
 * a variable.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const servicesDir = path.join(root, "services");

/** Tables whose rows public cached pages show (product page, lists, listings, collections). */
const CACHED_TABLES = [
  "deals",
  "plans",
  "comments",
  "campaigns",
  "campaignDeals",
  "smartCollections",
  "smartCollectionDeals",
  "subCollections",
  "modularPages",
  "modularPageItems",
  "staticComponents",
  "staffMessages",
  "dealPartners",
  // The payback of cards and product pages (issue 34): the alternatives' monthly prices.
  "attributes",
  "dealAttributeValues",
];
const SQL_TABLES = ["deals", "plans", "comments", "campaigns", "smart_collections"];

/** Writers whose writes need no event of their own, and why. */
const EXEMPT: Record<string, string> = {
  // Vote counts are the one read no event follows: cached pages show them at most their max
  // TTL late (PAGE_CACHE_MAX_TTL_MS), as decided in issue 14.
  "discussions/votes.ts": "vote counts age out with the max TTL",
  // Runs inside posting's and moderation's transactions, which emit after commit.
  "discussions/aggregates.ts": "called by posting.ts and moderation.ts, which emit",
};

const WRITE = new RegExp(
  `\\.(insert|update|delete)\\((${CACHED_TABLES.join("|")})\\)|\\b(update|insert into|delete from)\\s+(${SQL_TABLES.join("|")})\\b`,
);
const EMITS = /pageEvents\.(dealChanged|allPagesChanged)\(|\bauditedWrite\(/;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) yield full;
  }
}

const writers = [...sourceFiles(servicesDir)]
  .map((file) => ({ file: path.relative(servicesDir, file), text: readFileSync(file, "utf8") }))
  .filter(({ text }) => WRITE.test(text));

describe("writers of cached tables emit page events", () => {
  it("finds the writers (the scan sees them)", () => {
    const names = writers.map((w) => w.file);
    expect(names).toContain("discussions/posting.ts");
    expect(names).toContain("staff/deals.ts");
    expect(names).toContain("commerce/checkout.ts");
  });

  const checked = writers.filter((w) => !EXEMPT[w.file]);
  it.each(checked.map((w) => [w.file, w.text]))("%s emits a page event", (file, text) => {
    expect(EMITS.test(text), `${file} writes a cached table without a page event`).toBe(true);
  });

  it("lists as exempt only modules that still write cached tables", () => {
    const names = new Set(writers.map((w) => w.file));
    for (const file of Object.keys(EXEMPT)) expect(names.has(file), file).toBe(true);
  });
});
