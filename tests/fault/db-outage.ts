// `npm run test:fault`: PostgreSQL stops for 5 s, three times, under a small load, Redis goes away
// once and a worker is killed with -9 in the middle of checkouts; the built app (dist/main.js, a
// primary and two workers) must stay up, answer 503 (never a 500 or a hang) while a dependency is
// down, recover within about a second, and lose no acknowledged order nor pay one Idempotency-Key
// twice; stock counts exactly what was sold.
// A throwaway cluster (initdb into a temp dir, pg_ctl on a free port): nothing else is touched.
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { adminSql, DEFAULT_STATEMENT_TIMEOUT_MS } from "../../server/db/client";

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const OUTAGES = Number(process.env.FAULT_OUTAGES ?? 3);
const DOWN_MS = 5_000;
const UP_MS = Number(process.env.FAULT_UP_MS ?? 8_000);
const BUYERS = ["buyer@payonce.test", "shopper@payonce.test", "reviewer@payonce.test"];
const READERS = 3;
const SLOW_MS = 3_000;
const RECOVERY_MS = 1_000;
// A deal every demo account may buy again and again (no stock limit).
const DEAL_SLUG = "pixelforge";

const WORKERS = 2;

type Sample = { kind: string; start: number; end: number; status: number; error?: string };
const samples: Sample[] = [];
const failures: string[] = [];
const t0 = performance.now();
const now = () => performance.now() - t0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

const dir = mkdtempSync(path.join(os.tmpdir(), "payonce-fault-"));
const pgData = path.join(dir, "pg");
const pgPort = await freePort();
const appPort = await freePort();
const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
const base = `http://127.0.0.1:${appPort}`;

// PostgreSQL refuses to run as root: as root (containers, CI), the cluster belongs to `postgres`.
const asRoot = process.getuid?.() === 0;
if (asRoot) execFileSync("chown", ["postgres", dir]);
// Asynchronous, so the load goes on while pg_ctl waits.
const run = promisify(execFile);
const pgTool = (tool: string, args: string[]) =>
  asRoot
    ? run("runuser", ["-u", "postgres", "--", path.join(PG_BIN, tool), ...args])
    : run(path.join(PG_BIN, tool), args);
const pgCtl = (...args: string[]) => pgTool("pg_ctl", ["-D", pgData, ...args]);
const startPg = () =>
  pgCtl(
    "-w",
    "-l",
    path.join(dir, "pg.log"),
    "-o",
    `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`,
    "start",
  );
const stopPg = () => pgCtl("-w", "-m", "fast", "stop");

// Redis (when installed): the page cache lives there, /readyz checks it, and it goes away once.
const redisServer = process.env.REDIS_SERVER ?? "/usr/bin/redis-server";
const redisPort = existsSync(redisServer) ? await freePort() : undefined;
let redis: ChildProcess | undefined;
const startRedis = async () => {
  if (!redisPort) return;
  redis = spawn(
    redisServer,
    ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  await sleep(300);
};

let app: ChildProcess | undefined;
let appExit: string | undefined;
const appLog: string[] = [];

async function cleanUp() {
  if (app && app.exitCode === null) app.kill("SIGKILL");
  await stopPg().catch(() => {});
  if (redis && redis.exitCode === null) redis.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
}

/** A 503 says when to retry, and what happened: JSON with a cause code, or the page. */
function checkOutageAnswer(kind: string, headers: Headers, text: string) {
  let problem = "";
  if (!headers.get("retry-after")) problem = "no Retry-After";
  else if (kind.startsWith("page")) {
    if (!text.includes("right back")) problem = `not the outage page: ${text.slice(0, 80)}`;
  } else {
    try {
      const body = JSON.parse(text) as { detail?: unknown; code?: unknown };
      if (typeof body.detail !== "string" || !/^(db|redis)_/.test(String(body.code))) {
        problem = `JSON without detail and cause code: ${text.slice(0, 80)}`;
      }
    } catch {
      problem = `not JSON: ${text.slice(0, 80)}`;
    }
  }
  if (problem && badOutageAnswers.length < 5) badOutageAnswers.push(`${kind}: ${problem}`);
}
const badOutageAnswers: string[] = [];
/**
 * When the worker was killed: requests it held then end in a network error, and are retried. So do
 * requests sent just after the kill on a kept-alive connection to the dead worker, before this
 * client has read the connection's close (a busy 2-core machine can take a few hundred ms to):
 * a network error (never a timeout) that starts and ends within a second of the kill.
 */
let killedAt: number | undefined;
const cutByKill = (s: Sample) =>
  s.status === 0 &&
  killedAt !== undefined &&
  !String(s.error).includes("TimeoutError") &&
  s.start <= killedAt + 1_000 &&
  s.end <= killedAt + 1_000;

/** One timed request; `status` 0 for a network error or our 10 s abort. */
async function call(
  kind: string,
  url: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; headers: Headers | undefined }> {
  const start = now();
  try {
    const res = await fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(10_000) });
    const text = await res.text();
    samples.push({ kind, start, end: now(), status: res.status });
    // /readyz has its own answer ({status, database, redis}).
    if (res.status === 503 && kind !== "readyz") checkOutageAnswer(kind, res.headers, text);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: res.status, body, headers: res.headers };
  } catch (err) {
    samples.push({ kind, start, end: now(), status: 0, error: String(err) });
    return { status: 0, body: undefined, headers: undefined };
  }
}

type Session = { cookie: string; csrf: string };

async function login(email: string): Promise<Session> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${base}/api/users/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "payonce-demo-1" }),
    });
    if (res.status === 200) {
      const cookies = res.headers.getSetCookie().map((c) => c.split(";", 1)[0]!);
      const csrf = cookies.find((c) => c.startsWith("csrftoken="))?.slice(10) ?? "";
      return { cookie: cookies.join("; "), csrf };
    }
    await sleep(200);
  }
  throw new Error(`login ${email} failed`);
}

const acknowledged = new Map<string, { orderId: number; email: string; session: Session }>();
/** Each buyer's session, and whether its last checkout was acknowledged (its cart then empty). */
const lastCheckout = new Map<string, { session: Session; paid: boolean }>();
let stopping = false;

function jsonInit(session: Session, method: string, body?: unknown, extra = {}) {
  return {
    method,
    headers: {
      cookie: session.cookie,
      "x-csrftoken": session.csrf,
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...extra,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** Retries a step while the answer is a 503 or a network error, as a well-behaved client. */
async function withRetry(step: () => Promise<{ status: number; body: unknown }>) {
  for (let attempt = 0; ; attempt++) {
    const res = await step();
    if (res.status !== 503 && res.status !== 0) return res;
    if (attempt > 100) return res;
    await sleep(250);
  }
}

async function buyer(email: string, dealId: number) {
  const session = await login(email);
  while (!stopping) {
    const cart = await withRetry(() => call("cart", "/api/cart/", jsonInit(session, "GET")));
    const items = (cart.body as { cart_items?: unknown[] } | undefined)?.cart_items ?? [];
    if (items.length === 0) {
      const added = await withRetry(() =>
        call("cart_add", "/api/cart/items/", jsonInit(session, "POST", { dealId })),
      );
      if (added.status >= 300) {
        failures.push(
          `${email}: add to cart answered ${added.status} ${JSON.stringify(added.body)}`,
        );
        await sleep(1_000);
        continue;
      }
    }
    const key = `fault-${randomBytes(8).toString("hex")}`;
    const paid = await withRetry(() =>
      call(
        "checkout",
        "/checkout/",
        jsonInit(session, "POST", { payment_method: "pm_card_visa" }, { "idempotency-key": key }),
      ),
    );
    const order = (paid.body as { order?: { id?: number } } | undefined)?.order;
    const ok = (paid.status === 200 || paid.status === 201) && order?.id !== undefined;
    lastCheckout.set(email, { session, paid: ok });
    if (ok && order?.id) {
      acknowledged.set(key, { orderId: order.id, email, session });
    } else if (paid.status !== 429) {
      failures.push(`${email}: checkout answered ${paid.status} ${JSON.stringify(paid.body)}`);
    }
    await sleep(300);
  }
}

async function reader(i: number, dealId: number) {
  const urls: [string, string][] = [
    ["page_cached", `/products/${DEAL_SLUG}/`],
    ["api_read", `/api/v2/deals/${dealId}/reviews_summary/`],
    ["page", "/"],
  ];
  let n = i;
  while (!stopping) {
    const [kind, url] = urls[n++ % urls.length]!;
    await call(kind, url, {
      headers: { accept: kind === "api_read" ? "application/json" : "text/html" },
    });
    await sleep(50);
  }
}

/** A load balancer's readiness probe, four times a second. */
async function prober() {
  while (!stopping) {
    await call("readyz", "/readyz");
    await sleep(250);
  }
}

try {
  await pgTool("initdb", ["-D", pgData, "-U", "postgres", "-A", "trust", "--no-sync"]);
  await startPg();
  console.log(`PostgreSQL on ${pgPort}, app on ${appPort}, in ${dir}`);

  await startRedis();
  app = spawn(process.execPath, ["dist/main.js"], {
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dir, "data"),
      LOG_LEVEL: "warn",
      ...(redisPort ? { REDIS_URL: `redis://127.0.0.1:${redisPort}` } : {}),
      // A primary and its workers: a worker killed with -9 is replaced while the other serves.
      WEB_CONCURRENCY: String(WORKERS),
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line) appLog.push(line);
  };
  app.stdout?.on("data", keep);
  app.stderr?.on("data", keep);
  app.on("exit", (code, signal) => {
    appExit = `exit code ${code} signal ${signal} at ${Math.round(now())} ms`;
  });

  // Start-up migrates and seeds the demo data.
  for (let i = 0; ; i++) {
    if (appExit) throw new Error(`app died at start: ${appExit}\n${appLog.join("\n")}`);
    const res = await fetch(`${base}/readyz`).catch(() => undefined);
    if (res?.status === 200) break;
    if (i > 600) throw new Error("app not ready after 60 s");
    await sleep(100);
  }
  const [deal] = (await adminSql(
    databaseUrl,
    `select id from deals where slug = '${DEAL_SLUG}'`,
  )) as { id: number }[];
  if (!deal) throw new Error(`no deal ${DEAL_SLUG}`);
  // Limited stock, so every checkout takes a unit: at the end, units sold = units ordered.
  await adminSql(
    databaseUrl,
    `update deals set quantity_total = 1000000, quantity_sold = 0 where id = ${deal.id}`,
  );

  const load = [
    ...BUYERS.map((email) => buyer(email, deal.id)),
    ...Array.from({ length: READERS }, (_, i) => reader(i, deal.id)),
    prober(),
  ];
  // down: pg_ctl stop returned; restart: pg_ctl start began (PostgreSQL may answer before
  // pg_ctl notices it is up, so "while down" ends here); up: pg_ctl start returned.
  const outages: { down: number; restart: number; up: number }[] = [];
  await sleep(UP_MS);
  for (let i = 0; i < OUTAGES; i++) {
    const down = now();
    await stopPg();
    const stopped = now();
    await sleep(DOWN_MS);
    const restarting = now();
    await startPg();
    const up = now();
    outages.push({ down: stopped, restart: restarting, up });
    console.log(
      `outage ${i + 1}: stop took ${Math.round(stopped - down)} ms, down ${Math.round(up - stopped)} ms (start took ${Math.round(up - restarting)} ms)`,
    );
    await sleep(UP_MS);
  }
  let redisOutage: { down: number; restart: number; up: number } | undefined;
  if (redis) {
    redis.kill("SIGKILL");
    await new Promise((resolve) => redis?.once("exit", resolve));
    const down = now();
    await sleep(DOWN_MS);
    const restart = now();
    await startRedis();
    redisOutage = { down, restart, up: now() };
    console.log(`redis outage: down ${Math.round(redisOutage.up - down)} ms`);
    await sleep(UP_MS);
  }
  // kill -9 of a worker in the middle of checkouts: the primary stays, forks a replacement, the
  // other worker serves meanwhile; a checkout that committed and lost its answer is replayed by
  // its Idempotency-Key.
  const workerPids = () => {
    try {
      return execFileSync("pgrep", ["-P", String(app?.pid)])
        .toString()
        .trim()
        .split(/\s+/)
        .map(Number);
    } catch {
      return [];
    }
  };
  const [victim] = workerPids();
  if (!victim) throw new Error("no worker process to kill");
  killedAt = now();
  process.kill(victim, "SIGKILL");
  for (let i = 0; ; i++) {
    const pids = workerPids();
    if (pids.length === WORKERS && !pids.includes(victim)) break;
    if (i > 300) throw new Error(`no replacement worker: ${pids.join(", ")}`);
    await sleep(100);
  }
  console.log(
    `kill -9: worker ${victim} killed, replaced ${Math.round(now() - killedAt)} ms later`,
  );
  await sleep(UP_MS);

  // A frozen server (SIGSTOP: accepts TCP, never answers), the case the deadlines are for:
  // requests end by DB_STATEMENT_TIMEOUT_MS + 1 s (in flight) or DB_CONNECT_TIMEOUT_MS (waiting).
  let freeze: { down: number; restart: number; up: number } | undefined;
  if (process.env.FAULT_FREEZE !== "0") {
    const postmaster = Number(
      readFileSync(path.join(pgData, "postmaster.pid"), "utf8").split("\n")[0],
    );
    const children = execFileSync("pgrep", ["-P", String(postmaster)])
      .toString()
      .trim()
      .split(/\s+/)
      .map(Number);
    const pids = [postmaster, ...children];
    for (const pid of pids) process.kill(pid, "SIGSTOP");
    const down = now();
    await sleep(DOWN_MS);
    const restart = now();
    for (const pid of pids) process.kill(pid, "SIGCONT");
    freeze = { down, restart, up: now() };
    console.log(
      `freeze: ${pids.length} PostgreSQL processes stopped ${Math.round(restart - down)} ms`,
    );
    await sleep(UP_MS);
  }
  stopping = true;
  await Promise.all(load);

  // The figures.
  const during = (s: Sample) => outages.some((o) => s.start >= o.down + 100 && s.end <= o.restart);
  const downSamples = samples.filter(during);
  const downFailures = downSamples.filter((s) => s.status >= 400);
  const wrong = downFailures.filter((s) => s.status !== 503);
  const byStatus = (list: Sample[]) => {
    const counts: Record<string, number> = {};
    for (const s of list) counts[s.status] = (counts[s.status] ?? 0) + 1;
    return counts;
  };
  const inFreeze = (s: Sample) =>
    freeze !== undefined && s.end >= freeze.down && s.start <= freeze.up + 100;
  const slow = samples.filter((s) => !inFreeze(s) && s.end - s.start > SLOW_MS);
  if (freeze) {
    const frozen = samples.filter(inFreeze);
    const deadline = DEFAULT_STATEMENT_TIMEOUT_MS + 1_000 + 500;
    const slowest = Math.max(...frozen.map((s) => s.end - s.start));
    console.log(
      `freeze: ${frozen.length} requests, statuses ${JSON.stringify(byStatus(frozen))}, slowest ${Math.round(slowest)} ms`,
    );
    if (slowest > deadline)
      failures.push(`a request took ${Math.round(slowest)} ms while PostgreSQL was frozen`);
    const bad = frozen.filter((s) => s.status === 0 || (s.status >= 500 && s.status !== 503));
    if (bad.length)
      failures.push(
        `${bad.length} answers other than 503 while frozen: ${JSON.stringify(byStatus(bad))}`,
      );
  }
  const cut = samples.filter(cutByKill);
  console.log(
    `kill -9: ${cut.length} requests on connections to the killed worker cut (and retried), ` +
      `${cut.map((c) => `${c.kind}@+${Math.round(c.start - (killedAt ?? 0))}ms`).join(", ")}`,
  );
  const serverErrors = samples.filter(
    (s) =>
      !inFreeze(s) && !cutByKill(s) && (s.status === 0 || (s.status >= 500 && s.status !== 503)),
  );
  console.log(`requests: ${samples.length}, statuses ${JSON.stringify(byStatus(samples))}`);
  console.log(
    `while down: ${downSamples.length} requests, statuses ${JSON.stringify(byStatus(downSamples))}`,
  );
  for (const kind of new Set(downSamples.map((s) => s.kind))) {
    const list = downSamples.filter((s) => s.kind === kind);
    console.log(`  ${kind}: ${JSON.stringify(byStatus(list))}`);
  }
  const slowest = samples
    .filter((s) => !inFreeze(s))
    .reduce((max, s) => Math.max(max, s.end - s.start), 0);
  console.log(
    `slowest request (freeze aside): ${Math.round(slowest)} ms; over ${SLOW_MS} ms: ${slow.length}`,
  );
  for (const [i, o] of outages.entries()) {
    // A database-backed answer (not a cached page) that succeeded after PostgreSQL was back.
    const first = samples
      .filter(
        (s) => s.kind !== "page_cached" && s.start >= o.up && s.status >= 200 && s.status < 400,
      )
      .sort((a, b) => a.end - b.end)[0];
    const recovery = first ? first.end - o.up : Number.POSITIVE_INFINITY;
    console.log(
      `outage ${i + 1}: first database-backed 2xx ${Math.round(recovery)} ms after PostgreSQL was up`,
    );
    if (recovery > RECOVERY_MS + 500)
      failures.push(`outage ${i + 1}: recovery took ${Math.round(recovery)} ms`);
  }
  if (wrong.length)
    failures.push(
      `${wrong.length} failures while down were not 503: ${JSON.stringify(byStatus(wrong))}`,
    );
  if (slow.length) failures.push(`${slow.length} requests took longer than ${SLOW_MS} ms`);
  if (serverErrors.length) {
    failures.push(
      `${serverErrors.length} answers were errors other than 503: ${JSON.stringify(byStatus(serverErrors))} ${serverErrors
        .slice(0, 3)
        .map((s) => `${s.kind}@${Math.round(s.start)}${s.error ? ` ${s.error}` : ""}`)
        .join(", ")}`,
    );
  }
  if (appExit) failures.push(`the app process died: ${appExit}`);
  // Readiness: 503 within a second whenever PostgreSQL (or Redis) is away, 200 otherwise.
  const probes = samples.filter((s) => s.kind === "readyz");
  const away = [...outages, ...(redisOutage ? [redisOutage] : []), ...(freeze ? [freeze] : [])];
  const probesAway = probes.filter((s) =>
    away.some((o) => s.start >= o.down + 100 && s.end <= o.restart),
  );
  const slowProbes = probes.filter((s) => s.end - s.start > 1_100);
  console.log(
    `readyz: ${probes.length} probes, slowest ${Math.round(Math.max(...probes.map((s) => s.end - s.start)))} ms; while away ${JSON.stringify(byStatus(probesAway))}`,
  );
  if (probesAway.some((s) => s.status !== 503))
    failures.push("/readyz answered other than 503 during an outage");
  if (slowProbes.length) failures.push(`${slowProbes.length} /readyz probes took over a second`);
  if (redisOutage) {
    const whileRedisDown = samples.filter(
      (s) =>
        s.kind !== "readyz" && s.start >= redisOutage.down + 100 && s.end <= redisOutage.restart,
    );
    console.log(`while redis was down: ${JSON.stringify(byStatus(whileRedisDown))}`);
  }
  if (badOutageAnswers.length) failures.push(`malformed 503s: ${badOutageAnswers.join("; ")}`);

  // Orders: every acknowledged one readable by its buyer, no key with two orders.
  let unreadable = 0;
  for (const { orderId, session } of acknowledged.values()) {
    const res = await call("verify", `/api/orders/${orderId}/`, jsonInit(session, "GET"));
    if (res.status !== 200) unreadable += 1;
  }
  // The service stores the key as u{user}:{key}.
  const rows = (await adminSql(
    databaseUrl,
    "select id, idempotency_key as key from orders where idempotency_key like '%:fault-%'",
  )) as { id: number; key: string }[];
  const ordersByKey = new Map<string, number[]>();
  for (const row of rows) {
    const key = row.key.slice(row.key.indexOf(":") + 1);
    ordersByKey.set(key, [...(ordersByKey.get(key) ?? []), row.id]);
  }
  const doubled = [...ordersByKey.values()].filter((ids) => ids.length > 1);
  const mismatched = [...acknowledged].filter(
    ([key, { orderId }]) => ordersByKey.get(key)?.join() !== String(orderId),
  );
  if (mismatched.length)
    failures.push(`${mismatched.length} acknowledged orders differ in the database`);
  const orderCount = [{ n: rows.length }];
  console.log(
    `orders: ${acknowledged.size} acknowledged, ${orderCount[0]?.n} in the database, ${unreadable} unreadable, ${doubled.length} keys with two orders`,
  );
  if (unreadable) failures.push(`${unreadable} acknowledged orders are not readable`);
  if (doubled.length) failures.push(`${doubled.length} Idempotency-Keys have two orders`);
  if (acknowledged.size === 0) failures.push("no order was acknowledged at all");
  // No paid order that its buyer never heard of (every key was retried until it got an answer).
  const unacknowledged = [...ordersByKey.keys()].filter((key) => !acknowledged.has(key));
  if (unacknowledged.length)
    failures.push(`${unacknowledged.length} orders in the database were never acknowledged`);
  // Stock: the units sold are exactly the units the acknowledged orders bought.
  const [stock] = (await adminSql(
    databaseUrl,
    `select d.quantity_sold as sold, coalesce((select sum(i.quantity) from invoice_items i
       join orders o on o.id = i.order_id
       where i.deal_id = d.id and o.idempotency_key like '%:fault-%'), 0)::int as ordered
     from deals d where d.id = ${deal.id}`,
  )) as { sold: number; ordered: number }[];
  console.log(`stock: ${stock?.sold} units sold, ${stock?.ordered} in orders`);
  if (!stock || Number(stock.sold) !== Number(stock.ordered))
    failures.push(`stock is off: ${JSON.stringify(stock)}`);
  // Carts: emptied by every acknowledged checkout.
  let fullCarts = 0;
  for (const { session, paid } of lastCheckout.values()) {
    if (!paid) continue;
    const res = await call("verify", "/api/cart/", jsonInit(session, "GET"));
    const items = (res.body as { cart_items?: unknown[] } | undefined)?.cart_items;
    if (!Array.isArray(items) || items.length > 0) fullCarts += 1;
  }
  if (fullCarts) failures.push(`${fullCarts} carts were not emptied by their paid checkout`);

  // SIGTERM: the process drains and exits by itself within its grace period.
  const exited = new Promise<number | null>((resolve) =>
    app?.once("exit", (code) => resolve(code)),
  );
  app.kill("SIGTERM");
  const code = await Promise.race([exited, sleep(12_000).then(() => "timeout" as const)]);
  console.log(`SIGTERM: ${code === "timeout" ? "still running after 12 s" : `exit code ${code}`}`);
  if (code !== 0) failures.push(`SIGTERM did not end the process cleanly (${code})`);

  const causes: Record<string, number> = {};
  for (const line of appLog) {
    const m = /"cause":"(\w+)"/.exec(line);
    if (m) causes[m[1]!] = (causes[m[1]!] ?? 0) + 1;
  }
  console.log(`app log: ${appLog.length} lines, causes ${JSON.stringify(causes)}`);
  const unexpected = appLog.filter(
    (l) => !l.includes('"cause"') && /"level":(50|60)|Error/.test(l),
  );
  if (unexpected.length) {
    console.log(`unexpected log lines (first 5):\n${unexpected.slice(0, 5).join("\n")}`);
  }
  // An outage's log lines carry a cause code, never the SQL text and its parameter values.
  const withSql = appLog.filter((l) => /Failed query|params: /.test(l));
  if (withSql.length)
    failures.push(`${withSql.length} log lines carry SQL: ${withSql[0]?.slice(0, 200)}`);
} catch (err) {
  failures.push(String(err instanceof Error ? err.stack : err));
} finally {
  await cleanUp();
}

if (failures.length) {
  console.error(`FAILED:\n- ${failures.join("\n- ")}`);
  if (appLog.length) console.error(`last app log lines:\n${appLog.slice(-10).join("\n")}`);
  process.exit(1);
}
console.log("fault test passed");
process.exit(0);
