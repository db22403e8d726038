// Diagnostic: the deal search's SQL for a few queries, with EXPLAIN (ANALYZE, BUFFERS) and the
// median time of the statement over repeated runs (issue 20, "search flat from S to L").
//   DATABASE_URL=postgres://.../payonce_l node --import tsx bench/explain-search.ts [--plans] [query ...]
// --page=N reads another page; --cap=N lowers the count cap (SEARCH_COUNT_CAP); --browse reads the
// unfiltered catalogue in browse's default order (the /api/v2/deals/ without a query) instead.
// Without queries: "task", "ai", a rare word, a word matching nothing and a two-word query.
import pg from "pg";
import { openDatabase } from "../server/db/client";
import { systemClock } from "../server/providers/clock";
import { createSearchService } from "../server/services/storefront/search";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("explain-search needs DATABASE_URL (PostgreSQL)");
const args = process.argv.slice(2);
const showPlans = args.includes("--plans");
const pageArg = args.find((a) => a.startsWith("--page="));
const page = pageArg ? Number(pageArg.slice(7)) : 1;
const capArg = args.find((a) => a.startsWith("--cap="));
const countCap = capArg ? Number(capArg.slice(6)) : undefined;
const browse = args.includes("--browse");
const queries = args.filter((a) => !a.startsWith("--"));
if (browse) queries.splice(0, queries.length, "");
else if (queries.length === 0)
  queries.push("task", "ai", "busywork", "zzzqqqxxx", "project management");

const captured: { text: string; values: unknown[] }[] = [];
let recording = false;
const proto = pg.Pool.prototype as unknown as { query: (...a: unknown[]) => Promise<unknown> };
const original = proto.query;
proto.query = function (this: unknown, ...a: unknown[]) {
  if (recording) {
    const q = a[0] as string | { text: string; values?: unknown[] };
    captured.push(
      typeof q === "string"
        ? { text: q, values: (a[1] as unknown[]) ?? [] }
        : { text: q.text, values: q.values ?? (a[1] as unknown[]) ?? [] },
    );
  }
  return original.apply(this, a);
};

const database = await openDatabase({ kind: "postgres", url });
const search = createSearchService({ db: database.db, clock: systemClock, countCap });
const client = new pg.Client({ connectionString: url });
await client.connect();
const median = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

for (const query of queries) {
  captured.length = 0;
  recording = true;
  const listing = browse
    ? await search.listDeals({}, { sort: "popular", page })
    : await search.listDeals({ query }, { sort: "relevance", page });
  recording = false;
  console.log(
    `\n== ${browse ? "browse" : `"${query}"`} page ${page}: count ${listing.count}${listing.count_capped ? "+" : ""}, ` +
      `first: ${listing.results
        .slice(0, 5)
        .map((r) => r.slug)
        .join(", ")}`,
  );
  for (const { text, values } of captured) {
    const times: number[] = [];
    const executions: number[] = [];
    const plannings: number[] = [];
    for (let i = 0; i < 5; i++) await client.query(text, values);
    for (let i = 0; i < 21; i++) {
      const started = performance.now();
      await client.query(text, values);
      times.push(performance.now() - started);
      const summary = await client.query(`explain (analyze, timing off, summary) ${text}`, values);
      for (const r of summary.rows) {
        const line = String(r["QUERY PLAN"]);
        const ms = Number(line.match(/([\d.]+) ms/)?.[1]);
        if (line.includes("Execution Time")) executions.push(ms);
        if (line.includes("Planning Time")) plannings.push(ms);
      }
    }
    const min = (list: number[]) => Math.min(...list);
    console.log(
      `  statement: round trip median ${median(times).toFixed(2)} ms; server execution median ` +
        `${median(executions).toFixed(2)} ms (min ${min(executions).toFixed(2)}), planning median ` +
        `${median(plannings).toFixed(2)} ms (21 runs)`,
    );
    if (showPlans) {
      const plan = await client.query(`explain (analyze, buffers) ${text}`, values);
      for (const r of plan.rows) console.log(`    ${String(r["QUERY PLAN"])}`);
    }
  }
}
await client.end();
await database.close();
