// Lane "render" diagnostic for the uncached signed-in pages (issue 14): starts the built app
// (dist/main.js) on PGlite (DATA_DIR, kept between runs) or DATABASE_URL, adds the bench deal, and
// for each page prints one request on the idle app (median), the app process's CPU time per
// request over N sequential requests (/proc/<pid>/stat: comparable on a shared machine), and
// req/s, p50, p99 with 16 connections (BENCH_SECONDS, default 5).
//   node --import tsx bench/render-load.ts [--n 60] [--no-load] [path ...]
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../server/db/client";
import { seedIfEmpty } from "../server/db/seed";
import { systemClock } from "../server/providers/clock";
import { idleLatency, root, signIn, waitForHealth } from "./common";
import { prepareBenchData } from "./prepare";

const args = process.argv.slice(2);
const n = Number(args[args.indexOf("--n") + 1]) || 60;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3290) + 4;
const databaseUrl = process.env.DATABASE_URL ?? "";
const dataDir = process.env.DATA_DIR ?? path.join(root, ".cache", "render-pglite");

const prep = databaseUrl
  ? await openDatabase({ kind: "postgres", url: databaseUrl, statementTimeoutMs: 600_000 })
  : await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
await prep.migrate();
await seedIfEmpty(prep.db, systemClock);
const bench = await prepareBenchData(prep);
await prep.close();
const targets = args.filter((a) => a.startsWith("/"));
if (targets.length === 0)
  targets.push("/products/taskflow/", `/products/${bench.dealSlug}/reviews/`);

const app = spawn(process.execPath, ["dist/main.js"], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
  },
});
const ticks = 100; // USER_HZ on Linux
const cpuMs = () => {
  const fields = readFileSync(`/proc/${app.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
};
try {
  await waitForHealth(port);
  const base = `http://127.0.0.1:${port}`;
  const headers = { ...(await signIn(base, "shopper@payonce.test")), "accept-encoding": "gzip" };
  for (const target of targets) {
    const url = `${base}${target}`;
    for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer();
    const idle = await idleLatency(url, headers, 30);
    const cpu0 = cpuMs();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await (await fetch(url, { headers })).arrayBuffer();
    const wall = (performance.now() - t0) / n;
    const cpu = (cpuMs() - cpu0) / n;
    let line = `${target} signed in on ${databaseUrl ? "PostgreSQL" : "PGlite"}: idle median ${idle.toFixed(1)} ms; CPU ${cpu.toFixed(1)} ms/request, wall ${wall.toFixed(1)} ms/request over ${n}`;
    if (!args.includes("--no-load")) {
      const r = await autocannon({ url, headers, connections: 16, duration: seconds });
      line += `; 16 connections: ${r.requests.average} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non2xx ${r.non2xx}`;
    }
    console.log(
      `${line}  [load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}]`,
    );
  }
} finally {
  await new Promise<void>((resolve) => {
    if (app.exitCode !== null) return resolve();
    app.on("exit", () => resolve());
    app.kill("SIGTERM");
  });
}
