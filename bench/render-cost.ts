// Diagnostic for the server-side cost of one uncached page render (issue 14/20, lane "render"):
// in-process (Fastify inject, no sockets), after a warm-up, N sequential requests; prints the wall
// median, the process CPU time per request (process.cpuUsage: JS, PGlite's WASM, GC) and, with
// --profile, the top self-time entries of a CPU profile of just those N requests.
//   node --import tsx bench/render-cost.ts [--signed-in] [--n 40] [--profile] <path>
//   (DATABASE_URL for PostgreSQL; DATA_DIR for the PGlite directory, default .cache/profile-pglite)
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

// As dist/main.js: React picks its production build only when NODE_ENV is set before it loads
// (static imports are evaluated first, so the app's modules are imported dynamically below).
process.env.NODE_ENV ??= "production";
const { buildApp } = await import("../server/app");
const { loadConfig } = await import("../server/config");
const { openDatabase } = await import("../server/db/client");
const { DEMO_PASSWORD } = await import("../server/db/seed");
const { reactRouterBuildDir } = await import("../server/paths");
const { systemClock } = await import("../server/providers/clock");

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const target = args.filter((a) => a.startsWith("/")).at(-1) ?? "/products/taskflow/";
const n = Number(args[args.indexOf("--n") + 1]) || 40;
const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? ".cache/profile-pglite",
  LOG_LEVEL: "warn",
} as NodeJS.ProcessEnv);
const database = config.databaseUrl
  ? await openDatabase({ kind: "postgres", url: config.databaseUrl })
  : await openDatabase({ kind: "pglite", dataDir: path.join(config.dataDir, "pglite") });
const reactRouterBuild = (await import(
  pathToFileURL(path.join(reactRouterBuildDir, "server/index.js")).href
)) as ServerBuild;
const app = await buildApp({ config, database, clock: systemClock, reactRouterBuild });
let cookie = "";
if (args.includes("--signed-in")) {
  const res = await app.inject({
    method: "POST",
    url: "/api/users/login/",
    payload: { email: "shopper@payonce.test", password: DEMO_PASSWORD },
  });
  cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}
const get = () => app.inject({ method: "GET", url: target, headers: { cookie } });
let bytes = 0;
for (let i = 0; i < 15; i++) {
  const res = await get();
  if (res.statusCode !== 200) throw new Error(`${target}: ${res.statusCode}`);
  bytes = res.body.length;
}
const session = args.includes("--profile") ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  await session.post("Profiler.start");
}
const times: number[] = [];
// In batches of 5: on a shared machine the least loaded batch is the closest to the idle figure.
const batches: number[] = [];
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
for (let i = 0; i < n; i += 5) {
  const b0 = process.cpuUsage();
  for (let j = 0; j < 5; j++) {
    const started = performance.now();
    await get();
    times.push(performance.now() - started);
  }
  const b = process.cpuUsage(b0);
  batches.push((b.user + b.system) / 1000 / 5);
}
const wall = performance.now() - wall0;
const cpu = process.cpuUsage(cpu0);
times.sort((a, b) => a - b);
batches.sort((a, b) => a - b);
const count = times.length;
console.log(
  `${target}${cookie ? " (signed in)" : ""} on ${config.databaseUrl ? "PostgreSQL" : "PGlite"}: ${bytes} bytes; ` +
    `${count} sequential: wall median ${times[Math.floor(count / 2)]?.toFixed(1)} ms, min ${times[0]?.toFixed(1)} ms; ` +
    `CPU ${((cpu.user + cpu.system) / 1000 / count).toFixed(1)} ms/request (user ${(cpu.user / 1000 / count).toFixed(1)}; ` +
    `batches of 5: min ${batches[0]?.toFixed(1)}, median ${batches[Math.floor(batches.length / 2)]?.toFixed(1)}), ` +
    `wall ${(wall / count).toFixed(1)} ms/request`,
);
if (session) {
  const { profile } = (await session.post("Profiler.stop")) as { profile: never };
  console.log(topSelf(profile, Number(process.env.TOP ?? 30)).join("\n"));
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
}
await app.close();

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
/** Self time per function (name + file + line), largest first (as bench/profile.ts's, which runs on import). */
function topSelf(
  profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] },
  count: number,
) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const agg = new Map<string, number>();
  for (const [id, us] of self) {
    const f = byId.get(id)?.callFrame;
    if (!f) continue;
    const file = f.url.replace(/^file:\/\//, "").replace(`${root}/`, "");
    const short = file.includes("node_modules/")
      ? file.slice(file.lastIndexOf("node_modules/") + 13)
      : file;
    const key = `${f.functionName || "(anonymous)"}  ${short}${short ? `:${f.lineNumber + 1}` : ""}`;
    agg.set(key, (agg.get(key) ?? 0) + us);
  }
  return [...agg]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `${((us / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
}
