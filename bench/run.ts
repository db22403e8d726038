// npm run bench: HTTP load (autocannon) against the hot pages and endpoints, each beside a bare
// node:http baseline measured in the same run. Prints requests/s, p50 and p99 latency and the ratio
// to the baseline, on PGlite and, when DATABASE_URL is set, on PostgreSQL.
// The product page is measured twice: anonymous (served from the HTML page cache) and signed in
// (rendered on every request); the X-Cache column shows which one each row measured.
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { openDatabase } from "../server/db/client";
import { DEMO_PASSWORD, seedIfEmpty } from "../server/db/seed";
import { systemClock } from "../server/providers/clock";
import { printLighthouse } from "./lighthouse";
import { prepareBenchData } from "./prepare";

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const root = path.resolve(import.meta.dirname, "..");

type Result = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The page cache's verdict on the measured request (X-Cache), when it has one. */
  cache: string;
};

function startProcess(args: string[], env: Record<string, string>, ready: RegExp | string) {
  return new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (typeof ready === "string" ? output.includes(ready) : ready.test(output)) resolve(child);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`exited ${code}:\n${output}`)));
  });
}

async function waitForHealth(port: number) {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("app did not become healthy");
}

async function load(name: string, url: string, headers: Record<string, string> = {}) {
  // Warm up caches and JIT before measuring.
  await autocannon({ url, headers, connections: 4, duration: 1 });
  const cache = (await fetch(url, { headers })).headers.get("x-cache") ?? "";
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    cache,
  } satisfies Result;
}

/** Signs in a demo account; the session and CSRF cookies as one Cookie header. */
async function signIn(base: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/users/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email} failed: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie };
}

function printTable(title: string, rows: Result[], baseline: Result) {
  console.log(`\n${title}`);
  const header = ["target", "req/s", "p50 ms", "p99 ms", "vs baseline", "errors", "x-cache"];
  const lines = [baseline, ...rows].map((r) => [
    r.name,
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    `${((r.rps / baseline.rps) * 100).toFixed(1)}%`,
    String(r.errors),
    r.cache,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)));
  const fmt = (cols: string[]) => cols.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
  console.log(fmt(header));
  for (const l of lines) console.log(fmt(l));
}

// Lighthouse-style budgets: what a first visit to a page downloads. Over budget is reported and
// makes the bench exit non-zero.
const BUDGETS = {
  "/": { htmlGzipKb: 40, jsGzipKb: 200 },
  "/products/taskflow/": { htmlGzipKb: 40, jsGzipKb: 200 },
} as const;

async function pageWeight(base: string, pagePath: keyof typeof BUDGETS) {
  const html = await (await fetch(`${base}${pagePath}`)).text();
  // Every script the page loads: <script src> and <link rel="modulepreload">, plus the entry's
  // dynamic import("...") targets inlined by React Router.
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g))
    urls.add(m[1] as string);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(m[1] as string);
  let jsRaw = 0;
  let jsGzip = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());
    jsRaw += body.length;
    jsGzip += gzipSync(body).length;
  }
  const htmlBytes = Buffer.from(html);
  return {
    page: pagePath,
    htmlKb: htmlBytes.length / 1024,
    htmlGzipKb: gzipSync(htmlBytes).length / 1024,
    scripts: urls.size,
    jsKb: jsRaw / 1024,
    jsGzipKb: jsGzip / 1024,
  };
}

async function printBudgets(base: string) {
  console.log("\npage weight (first visit)");
  const header = ["page", "HTML KB", "HTML gz KB", "scripts", "JS KB", "JS gz KB", "budget"];
  const rows: string[][] = [];
  for (const pagePath of Object.keys(BUDGETS) as (keyof typeof BUDGETS)[]) {
    const w = await pageWeight(base, pagePath);
    const budget = BUDGETS[pagePath];
    const over = w.htmlGzipKb > budget.htmlGzipKb || w.jsGzipKb > budget.jsGzipKb;
    if (over) process.exitCode = 1;
    rows.push([
      w.page,
      w.htmlKb.toFixed(1),
      w.htmlGzipKb.toFixed(1),
      String(w.scripts),
      w.jsKb.toFixed(1),
      w.jsGzipKb.toFixed(1),
      `${over ? "OVER" : "ok"} (HTML gz <= ${budget.htmlGzipKb}, JS gz <= ${budget.jsGzipKb})`,
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const fmt = (cols: string[]) => cols.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
  console.log(fmt(header));
  for (const r of rows) console.log(fmt(r));
}

// Cart and checkout: orders per second. Each demo account is one buyer looping "add taskflow
// tier 1 to the cart, then pay with the test card" (one cart per user, so buyers never wait on
// each other's cart lock); the row's latencies are per add + checkout pair.
const BUYERS = [
  "shopper",
  "buyer",
  "reviewer",
  "plus",
  "staff",
  "partner",
  "moderator",
  "unverified",
  "blocked",
].map((name) => `${name}@payonce.test`);

async function benchCheckout(base: string, dealId: number, planId: number): Promise<Result> {
  const buyers = await Promise.all(
    BUYERS.slice(0, CONNECTIONS).map(async (email) => {
      const cookie = (await signIn(base, email)).cookie ?? "";
      const csrf = /csrftoken=([^;]+)/.exec(cookie)?.[1] ?? "";
      return {
        "content-type": "application/json",
        accept: "application/json",
        cookie,
        "x-csrftoken": csrf,
      };
    }),
  );
  const latencies: number[] = [];
  let orders = 0;
  let errors = 0;
  let n = 0;
  const buy = async (headers: Record<string, string>) => {
    const started = performance.now();
    const add = await fetch(`${base}/api/cart/items/`, {
      method: "POST",
      headers,
      body: JSON.stringify({ dealId, planId, quantity: 1 }),
    });
    await add.arrayBuffer();
    const pay = await fetch(`${base}/checkout/`, {
      method: "POST",
      headers: { ...headers, "idempotency-key": `bench-${process.pid}-${n++}` },
      body: JSON.stringify({ payment_method: "pm_card_visa" }),
    });
    await pay.arrayBuffer();
    if (add.status === 201 && pay.status === 201) orders += 1;
    else errors += 1;
    latencies.push(performance.now() - started);
  };
  const run = async (seconds: number) => {
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      buyers.map(async (headers) => {
        while (performance.now() < until) await buy(headers);
      }),
    );
  };
  await run(1);
  latencies.length = 0;
  orders = 0;
  errors = 0;
  const started = performance.now();
  await run(DURATION);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    name: `add + POST /checkout/ (${buyers.length} buyers, orders/s)`,
    rps: orders / seconds,
    p50: pct(0.5),
    p99: pct(0.99),
    errors,
    cache: "",
  };
}

async function benchDatabase(kind: "pglite" | "postgres", databaseUrl: string) {
  const port = kind === "pglite" ? 3291 : 3292;
  const dataDir = path.join(root, ".cache", `bench-${kind}`);
  if (kind === "pglite") rmSync(dataDir, { recursive: true, force: true });
  // Demo data plus a deal with 100,000 reviews, written before the app opens the database.
  const prep = databaseUrl
    ? await openDatabase({ kind: "postgres", url: databaseUrl })
    : await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  await prep.migrate();
  await seedIfEmpty(prep.db, systemClock);
  const started = performance.now();
  const bench = await prepareBenchData(prep);
  console.log(
    `${kind}: bench data ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await prep.close();
  const app = spawn(process.execPath, ["dist/main.js"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: databaseUrl,
    },
  });
  try {
    await waitForHealth(port);
    const base = `http://127.0.0.1:${port}`;
    const details = (await (await fetch(`${base}/api/v2/deals/taskflow/details/`)).json()) as {
      deal: { id: number; plans: { id: number; tier: number }[] };
    };
    if (kind === "pglite") await printBudgets(base);
    // Lighthouse phone scores (issue 15), before the load runs heat the machine.
    if (kind === "pglite") await printLighthouse(base);
    const baselineProc = await startProcess(
      ["bench/baseline-server.mjs"],
      { PORT: "3290" },
      "listening",
    );
    try {
      const baseline = await load("node:http baseline", "http://127.0.0.1:3290/");
      const rows = [
        // Anonymous views come from the HTML cache; signed-in views render every time.
        await load("GET /products/taskflow/ (anonymous, cached)", `${base}/products/taskflow/`),
        // What a browser asks for: the cache keeps a gzip copy of each page.
        await load("  same, Accept-Encoding: gzip", `${base}/products/taskflow/`, {
          "accept-encoding": "gzip",
        }),
        await load(
          "GET /products/taskflow/ (signed in, uncached)",
          `${base}/products/taskflow/`,
          await signIn(base, "shopper@payonce.test"),
        ),
        await load("GET /api/v2/deals/taskflow/details/", `${base}/api/v2/deals/taskflow/details/`),
        await load(
          `GET /api/v2/deals/${details.deal.id}/reviews/`,
          `${base}/api/v2/deals/${details.deal.id}/reviews/`,
        ),
        await load("reviews, 100k, page 1", `${base}/api/v2/deals/${bench.dealId}/reviews/`),
        await load(
          "reviews, 100k, deep cursor",
          `${base}/api/v2/deals/${bench.dealId}/reviews/?search_after=${bench.deepCursor}`,
        ),
        await load(
          "reviews, 100k, page 4500",
          `${base}/api/v2/deals/${bench.dealId}/reviews/?page=4500`,
        ),
        // Cart and checkout: writes (order, invoice items, licences, outbox) under row locks.
        await benchCheckout(
          base,
          details.deal.id,
          details.deal.plans.find((p) => p.tier === 1)?.id ?? 0,
        ),
      ];
      printTable(`${kind} (${DURATION}s each, ${CONNECTIONS} connections)`, rows, baseline);
    } finally {
      baselineProc.kill("SIGTERM");
    }
  } finally {
    app.kill("SIGTERM");
  }
}

await benchDatabase("pglite", "");
if (process.env.DATABASE_URL) await benchDatabase("postgres", process.env.DATABASE_URL);
process.exit(process.exitCode ?? 0);
