// `npm run test:fault`, second part: the embedded database (PGlite, what `npm start` runs) after
// kill -9 under write load. The app is killed in the middle of checkouts, started again on the same
// data directory, and must answer /readyz again with every acknowledged order still there. The
// time to ready is printed against the 2 s goal, not asserted: on a shared 2-core machine it ranged
// from 3 s to 12 s with the same code (a speed figure for the bench and the note, not a test).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const RUNS = Number(process.env.FAULT_PGLITE_RUNS ?? 3);
const GOAL_MS = 2_000;
const BUYERS = ["buyer@payonce.test", "shopper@payonce.test"];

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

const dir = mkdtempSync(path.join(os.tmpdir(), "payonce-pglite-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const failures: string[] = [];
let app: ChildProcess | undefined;
let log = "";

function start(): ChildProcess {
  log = "";
  const child = spawn(process.execPath, ["dist/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      REDIS_URL: "",
      WEB_CONCURRENCY: "1",
      DATA_DIR: dir,
      // "info" for the startup line: where a restart's time goes (database open, migrate, listen).
      LOG_LEVEL: "info",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => void (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => void (log += chunk.toString()));
  return child;
}

/** Killed by a signal, a child's exitCode stays null: signalCode says it is gone. */
const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Milliseconds from the spawn until /readyz answers 200. */
async function ready(child: ChildProcess, began: number, limitMs: number): Promise<number> {
  for (;;) {
    if (exited(child)) throw new Error(`the app exited at start:\n${log}`);
    const res = await fetch(`${base}/readyz`).catch(() => undefined);
    if (res?.status === 200) return performance.now() - began;
    if (performance.now() - began > limitMs) throw new Error(`not ready after ${limitMs} ms`);
    await sleep(20);
  }
}

type Session = { cookie: string; csrf: string };
async function login(email: string): Promise<Session> {
  const res = await fetch(`${base}/api/users/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "payonce-demo-1" }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(";", 1)[0]!);
  const csrf = cookies.find((c) => c.startsWith("csrftoken="))?.slice(10) ?? "";
  return { cookie: cookies.join("; "), csrf };
}
const headers = (s: Session, extra: Record<string, string> = {}) => ({
  cookie: s.cookie,
  "x-csrftoken": s.csrf,
  accept: "application/json",
  "content-type": "application/json",
  ...extra,
});

/** Buys pixelforge again and again until the process dies; the keys it was answered for. */
/** Checkouts answered without an order: the test stops when they are all it gets. */
const refused: string[] = [];
type Acknowledged = Map<string, { orderId: number; session: Session }>;
async function buyer(session: Session, dealId: number, acknowledged: Acknowledged) {
  for (;;) {
    try {
      await fetch(`${base}/api/cart/items/`, {
        method: "POST",
        headers: headers(session),
        body: JSON.stringify({ dealId }),
      });
      const key = `pglite-${randomBytes(6).toString("hex")}`;
      const res = await fetch(`${base}/checkout/`, {
        method: "POST",
        headers: headers(session, { "idempotency-key": key }),
        body: JSON.stringify({ payment_method: "pm_card_visa" }),
      });
      const body = (await res.json()) as { order?: { id?: number } };
      if (res.ok && body.order?.id) acknowledged.set(key, { orderId: body.order.id, session });
      else refused.push(`${res.status} ${JSON.stringify(body).slice(0, 120)}`);
    } catch {
      return; // the process is gone
    }
  }
}

try {
  app = start();
  await ready(app, performance.now(), 300_000);
  const sessions = await Promise.all(BUYERS.map(login));
  const { deal } = (await (
    await fetch(`${base}/api/v2/deals/pixelforge/details/`, {
      headers: { accept: "application/json" },
    })
  ).json()) as { deal: { id: number } };
  const figures: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const acknowledged: Acknowledged = new Map();
    const load = sessions.map((s) => buyer(s, deal.id, acknowledged));
    // Let some checkouts commit, then kill in the middle of the next ones.
    while (acknowledged.size < 3) {
      if (refused.length > 20)
        throw new Error(`checkouts refused: ${refused.slice(0, 3).join("; ")}`);
      await sleep(50);
    }
    app.kill("SIGKILL");
    await Promise.all(load);
    await new Promise((resolve) =>
      app && !exited(app) ? app.once("exit", resolve) : resolve(null),
    );
    const began = performance.now();
    app = start();
    const ms = await ready(app, began, 120_000);
    figures.push(Math.round(ms));
    const phases = /"startup_ms":(\{[^}]*\})/.exec(log)?.[1] ?? "(no startup line)";

    // Every acknowledged order survived the crash (PGlite's commit reached its files).
    for (const { orderId, session } of acknowledged.values()) {
      const res = await fetch(`${base}/api/orders/${orderId}/`, { headers: headers(session) });
      if (res.status !== 200) failures.push(`run ${run + 1}: order ${orderId} is lost`);
    }
    console.log(
      `pglite kill -9 ${run + 1}: ${acknowledged.size} orders acknowledged before the kill, ready again after ${Math.round(ms)} ms; phases ${phases}`,
    );
  }
  const worst = Math.max(...figures);
  console.log(
    `pglite restart after kill -9: ${figures.join(", ")} ms (goal ${GOAL_MS} ms${worst > GOAL_MS ? ", missed on this machine" : ""})`,
  );
} catch (err) {
  failures.push(String(err instanceof Error ? err.message : err));
} finally {
  if (app && !exited(app)) app.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
}

if (failures.length) {
  console.error(`FAILED:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log("pglite restart test passed");
process.exit(0);
