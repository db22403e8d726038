// Shared pieces of the bench sections: starting processes, waiting for health, one load
// measurement, signing in, printing aligned tables.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import type autocannon from "autocannon";
import { DEMO_PASSWORD } from "../server/db/seed";
import { keepAliveLoad } from "./keepalive-load";

export const root = path.resolve(import.meta.dirname, "..");
export const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
/**
 * First of the bench's ports: baseline, PGlite app, PostgreSQL app, cluster app, and a fifth for
 * the sized baseline and the one-process app beside the cluster (bench/profile.ts uses the fourth).
 */
export const BASE_PORT = Number(process.env.BENCH_PORT ?? 3290);

export type Result = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The page cache's verdict on the measured request (X-Cache), when it has one. */
  cache: string;
};

export function startProcess(args: string[], env: Record<string, string>, ready: RegExp | string) {
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

/** Starts the built app (dist/main.js) with `env`; resolves once /healthz answers. */
export async function startApp(port: number, env: Record<string, string>) {
  const app = spawn(process.execPath, ["dist/main.js"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
  });
  await waitForHealth(port);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (app.exitCode !== null) return resolve();
        app.on("exit", () => resolve());
        app.kill("SIGTERM");
      }),
  };
}

export async function waitForHealth(port: number) {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("app did not become healthy");
}

/**
 * (bench/profile.ts still drives autocannon.) autocannon keeps every response body as a string, for its expectBody/verifyBody options (not
 * used here): `body += chunk` decodes each chunk as UTF-8. For a page of tens of KB (gzip bytes,
 * the worst case for a UTF-8 decoder) that costs the load generator more than the server's whole
 * answer: a bare node:http server sending 44 KB measured about 800 req/s with it and 6,000-14,000
 * without, on the same machine. Each connection therefore drops bodies; they are still read off
 * the socket, parsed and counted (throughput, status), as a browser would.
 */
export function dropBodies(client: autocannon.Client): void {
  (
    client as unknown as { pipelinedRequests: { addBody(data: unknown): void } }
  ).pipelinedRequests.addBody = () => {};
}

/** What a browser sends (issue 32: every row is asked this way). */
export const BROWSER_ENCODING = { "accept-encoding": "gzip, deflate, br" } as const;

/**
 * One row: a short warm-up (caches, JIT), then CONNECTIONS keep-alive connections for DURATION
 * seconds, with the byte-counting client (bench/keepalive-load.ts): autocannon, even dropping
 * bodies, parses in JavaScript and capped the compressed cached pages below what the server does.
 */
export async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Result> {
  await keepAliveLoad({ url, headers, connections: 4, seconds: 1 });
  const cache = (await fetch(url, { headers })).headers.get("x-cache") ?? "";
  const r = await keepAliveLoad({ url, headers, connections: CONNECTIONS, seconds: DURATION });
  return { name, rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors, cache };
}

/** One request at a time on an otherwise idle app: the median of `n` requests, in ms. */
export async function idleLatency(url: string, headers: Record<string, string>, n = 15) {
  const times: number[] = [];
  for (let i = 0; i < n + 3; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (i >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

/**
 * The p99 of two URLs asked in turns, one request at a time (A, B, A, B...), in ms with
 * sub-millisecond resolution. Comparing two tails this way puts both under the same moment's
 * load, which two separate autocannon runs (whole-millisecond percentiles, seconds apart) do not.
 */
export async function pairedP99(
  urlA: string,
  urlB: string,
  headers: Record<string, string>,
  n = 400,
): Promise<{ a: number; b: number }> {
  const times: [number[], number[]] = [[], []];
  const urls = [urlA, urlB] as const;
  for (let i = 0; i < n + 10; i++) {
    for (const which of [0, 1] as const) {
      const started = performance.now();
      const res = await fetch(urls[which], { headers });
      await res.arrayBuffer();
      if (i >= 10) times[which].push(performance.now() - started);
    }
  }
  const p99 = (xs: number[]) => {
    xs.sort((x, y) => x - y);
    return xs[Math.min(xs.length - 1, Math.ceil(xs.length * 0.99) - 1)] ?? 0;
  };
  return { a: p99(times[0]), b: p99(times[1]) };
}

/** Signs in a demo account; the session and CSRF cookies as one Cookie header. */
export async function signIn(base: string, email: string): Promise<Record<string, string>> {
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

export function printRows(title: string, header: string[], rows: string[][]) {
  console.log(`\n${title}`);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const fmt = (cols: string[]) =>
    cols
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  console.log(fmt(header));
  for (const r of rows) console.log(fmt(r));
}
