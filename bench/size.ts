// `npm run bench -- --size L` (or M): the shopper reads at the demo size (S) and at a grown size
// side by side (issue 20), on PostgreSQL. S is DATABASE_URL as seeded; the grown size is its own
// database (DATABASE_URL with "_l" or "_m" appended, or BENCH_SIZE_URL), filled once by
// server/db/seed/scale.ts and reused on later runs. Each row: the median of 30 sequential
// requests after warm-up (the two apps taking turns), and req/s with 8 connections (the
// byte-counting keep-alive client), every request asked as a browser asks (gzip, deflate, br).
// The public API rows are read anonymously (answered from the anonymous answer cache) and again
// signed in (the reads themselves); the sitemap index and its first reviews part are read too.
// Each row prints its goal (issue 32: within 2x of S) and the gap to it. Exits non-zero when a
// read at the grown size costs more than twice its S median, or the uncached product page takes
// 50 ms or more.
// Another app can be measured the same way with BENCH_APP (default dist/main.js).
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { BROWSER_ENCODING, signIn } from "./common";
import { keepAliveLoad } from "./keepalive-load";

const root = path.resolve(import.meta.dirname, "..");
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const RPS_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

/** The generator's arguments per size (the table). */
export const SIZES = {
  M: { deals: 2000, comments: 260_000, taskflow: 50_000, orders: 160_000 },
  L: { deals: 20_000, comments: 2_350_000, taskflow: 200_000, orders: 1_600_000 },
} as const;
export type SizeName = keyof typeof SIZES;

type Endpoint = {
  name: string;
  /** Built from the running app (cursors are found by walking the list). */
  path: (base: string) => Promise<string>;
  /** A shopper read: held to 2x of S. */
  flat: boolean;
  /** A limit on the grown size's median as well, in ms. */
  maxMs?: number;
  /**
   * Read as a signed-in shopper: the anonymous answer cache (server/http/api-cache.ts) replays
   * public API answers, so the signed-in rows are the ones that show what the reads cost.
   */
  signedIn?: boolean;
};

const reviewsPath = "/api/v2/deals/taskflow/reviews/";

/** The cursor of the 51st page of taskflow's reviews (20 a page), found by following 50 cursors. */
async function fiftyFirstPage(base: string): Promise<string> {
  let url = reviewsPath;
  for (let i = 0; i < 50; i++) {
    const body = (await (await fetch(`${base}${url}`)).json()) as { search_after: string | null };
    if (!body.search_after) break;
    url = `${reviewsPath}?search_after=${encodeURIComponent(body.search_after)}`;
  }
  return url;
}

/** Page 1,000 of browse, or the last page when there are fewer. */
async function deepBrowse(base: string): Promise<string> {
  const body = (await (await fetch(`${base}/api/v2/deals/`)).json()) as { total_pages: number };
  return `/api/v2/deals/?page=${Math.min(1000, body.total_pages)}`;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: "GET /api/v2/deals/taskflow/details/",
    path: async () => "/api/v2/deals/taskflow/details/",
    flat: true,
  },
  // A query parameter the page cache does not know makes it render (X-Cache: BYPASS).
  {
    name: "product page, not cached",
    path: async () => "/products/taskflow/?bench=1",
    flat: true,
    maxMs: 50,
  },
  { name: "reviews API page 1 (taskflow)", path: async () => reviewsPath, flat: true },
  { name: "reviews API, 51st page by cursor", path: fiftyFirstPage, flat: true },
  { name: 'search API "task"', path: async () => "/api/v2/deals/?query=task", flat: true },
  { name: 'search API "ai"', path: async () => "/api/v2/deals/?query=ai", flat: true },
  { name: "browse page 1", path: async () => "/api/v2/deals/", flat: true },
  { name: "browse page 1,000 (or last)", path: deepBrowse, flat: true },
  ...(
    [
      ["reviews API page 1", async () => reviewsPath],
      ["reviews API, 51st page", fiftyFirstPage],
      ['search API "task"', async () => "/api/v2/deals/?query=task"],
      ['search API "ai"', async () => "/api/v2/deals/?query=ai"],
      ["browse page 1", async () => "/api/v2/deals/"],
      ["browse page 1,000 (or last)", deepBrowse],
    ] as const
  ).map(([name, path]) => ({
    name: `${name}, signed in (read)`,
    path,
    flat: true,
    signedIn: true,
  })),
  { name: "home (cached)", path: async () => "/", flat: true },
  { name: "product page (cached)", path: async () => "/products/taskflow/", flat: true },
  // Anonymous URLs any crawler can ask for: the index names every part, a part up to 50,000 URLs.
  { name: "/sitemap.xml", path: async () => "/sitemap.xml", flat: true },
  {
    name: "sitemap part: reviews-0",
    path: async () => "/sitemaps/reviews-0.xml",
    flat: true,
  },
];

type Measured = { median: number; rps: number; status: number; bytes: number };

async function waitForHealth(base: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("app did not become healthy");
}

/**
 * The median of SAMPLES sequential requests to each URL, the URLs taking turns (S, grown, S, ...)
 * so a busy machine slows both sides alike; then req/s with 8 connections for each.
 */
async function measurePair(
  urls: [string, string],
  sessions: [Record<string, string>, Record<string, string>] = [{}, {}],
): Promise<[Measured, Measured]> {
  const headers = sessions.map((h) => ({ ...h, ...BROWSER_ENCODING }));
  const status = [0, 0];
  const bytes = [0, 0];
  for (let i = 0; i < 5; i++)
    for (const [k, url] of urls.entries()) {
      const res = await fetch(url, { headers: headers[k] });
      bytes[k] = (await res.arrayBuffer()).byteLength;
      status[k] = res.status;
    }
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < SAMPLES; i++)
    for (const [k, url] of urls.entries()) {
      const started = performance.now();
      const res = await fetch(url, { headers: headers[k] });
      await res.arrayBuffer();
      times[k]?.push(performance.now() - started);
    }
  const median = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const rps = async (url: string, h: Record<string, string> | undefined) =>
    (await keepAliveLoad({ url, headers: h, connections: 8, seconds: RPS_SECONDS })).rps;
  const measured = async (k: 0 | 1): Promise<Measured> => ({
    median: median(times[k]),
    rps: await rps(urls[k], headers[k]),
    status: status[k] ?? 0,
    bytes: bytes[k] ?? 0,
  });
  return [await measured(0), await measured(1)];
}

async function startApp(databaseUrl: string, port: number): Promise<ChildProcess> {
  const entry = path.resolve(root, process.env.BENCH_APP ?? "dist/main.js");
  const app = spawn(process.execPath, [entry], {
    cwd: path.resolve(path.dirname(entry), ".."),
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(root, ".cache", `bench-size-${port}`),
      LOG_LEVEL: "warn",
      DATABASE_URL: databaseUrl,
    },
  });
  await waitForHealth(`http://127.0.0.1:${port}`);
  return app;
}

async function dealCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query("select count(*)::int as n from deals");
    return Number(r.rows[0]?.n ?? 0);
  } catch {
    return 0;
  } finally {
    await client.end();
  }
}

/** Creates and seeds the grown database when it is missing or not yet grown. */
async function ensureSized(url: string, size: SizeName): Promise<void> {
  const target = SIZES[size];
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name}"`);
  await client.end();
  if ((await dealCount(url)) >= target.deals) return;
  console.log(`growing ${name} to ${size} (server/db/seed/scale.ts)...`);
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "server/db/seed/scale.ts",
        ...Object.entries(target).flatMap(([k, v]) => [`--${k}`, String(v)]),
      ],
      { cwd: root, stdio: "inherit", env: { ...process.env, DATABASE_URL: url } },
    );
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed:scale ${code}`))));
  });
  console.log(`${size} generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function measureBoth(
  smallUrl: string,
  grownUrl: string,
): Promise<[Map<string, Measured>, Map<string, Measured>]> {
  // BENCH_PORT (default 3293) and the next port: several benches can share a machine.
  const port = Number(process.env.BENCH_PORT ?? 3293);
  const first = await startApp(smallUrl, port);
  const second = await startApp(grownUrl, port + 1).catch((err) => {
    first.kill("SIGTERM");
    throw err;
  });
  const apps = [first, second];
  const bases = [`http://127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`] as const;
  const small = new Map<string, Measured>();
  const grown = new Map<string, Measured>();
  try {
    const sessions = await Promise.all(bases.map((b) => signIn(b, "shopper@payonce.test")));
    for (const e of ENDPOINTS) {
      const [a, b] = await measurePair(
        [`${bases[0]}${await e.path(bases[0])}`, `${bases[1]}${await e.path(bases[1])}`],
        e.signedIn ? [sessions[0] ?? {}, sessions[1] ?? {}] : [{}, {}],
      );
      small.set(e.name, a);
      grown.set(e.name, b);
    }
  } finally {
    for (const app of apps) app.kill("SIGTERM");
  }
  return [small, grown];
}

export async function benchSize(size: SizeName): Promise<void> {
  const small = process.env.DATABASE_URL;
  if (!small) throw new Error("bench --size needs DATABASE_URL (PostgreSQL, the S database)");
  const grown = process.env.BENCH_SIZE_URL ?? `${small}_${size.toLowerCase()}`;
  await ensureSized(grown, size);
  const [s, g] = await measureBoth(small, grown);
  const header = [
    "endpoint",
    "S median ms",
    "S req/s",
    `${size} median ms`,
    `${size} req/s`,
    `${size}/S`,
    "goal",
    "gap",
  ];
  const lines = ENDPOINTS.map((e) => {
    const a = s.get(e.name);
    const b = g.get(e.name);
    const ratio = a && b ? b.median / a.median : Number.NaN;
    // The gap (docs/decisions/064): "met", or how far over each limit the grown size is.
    const misses: string[] = [];
    if (e.flat && !(ratio <= 2)) misses.push(`+${(ratio - 2).toFixed(2)}x`);
    if (e.maxMs !== undefined && (b?.median ?? Infinity) >= e.maxMs)
      misses.push(`+${((b?.median ?? Infinity) - e.maxMs).toFixed(1)} ms`);
    if (a?.status !== 200 || b?.status !== 200) misses.push(`HTTP ${a?.status}/${b?.status}`);
    if (misses.length) process.exitCode = 1;
    const goal = [e.flat ? `<= 2x S` : "", e.maxMs !== undefined ? `< ${e.maxMs} ms` : ""]
      .filter(Boolean)
      .join(", ");
    // A sitemap part's time follows its URLs (up to 50,000): its sizes say what was compared.
    const sized = e.name.startsWith("sitemap part") && a && b;
    return [
      sized ? `${e.name} (${kb(a.bytes)} KB at S, ${kb(b.bytes)} KB at ${size})` : e.name,
      a ? a.median.toFixed(1) : "-",
      a ? a.rps.toFixed(1) : "-",
      b ? b.median.toFixed(1) : "-",
      b ? b.rps.toFixed(1) : "-",
      ratio.toFixed(2),
      goal,
      misses.length ? misses.join("; ") : "met",
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)));
  const fmt = (cols: string[]) => cols.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
  console.log(
    `\nshopper reads at S and ${size} (median of ${SAMPLES} sequential; req/s with 8 connections)`,
  );
  console.log(fmt(header));
  for (const l of lines) console.log(fmt(l));
}

const kb = (bytes: number) => (bytes / 1024).toFixed(0);

/** `--size M|L` from the command line, or null. */
export function sizeArgument(argv: string[]): SizeName | null {
  const i = argv.indexOf("--size");
  const value = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith("--size="))?.slice(7);
  if (value === undefined) return null;
  const upper = value.toUpperCase();
  if (upper !== "M" && upper !== "L") throw new Error("--size must be M or L");
  return upper;
}

if (process.argv[1]?.endsWith("size.ts")) {
  const size = sizeArgument(process.argv) ?? "L";
  await benchSize(size);
  process.exit(process.exitCode ?? 0);
}

/** The `size` section of `npm run bench` (bench/run.ts): `--size M` or `--size L`. */
export async function run(options: { args: string[] }): Promise<void> {
  const size = sizeArgument(["", "", ...options.args]);
  if (size) await benchSize(size);
}
