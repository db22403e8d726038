// Diagnostic for the server-side cost of one uncached page render (issue 14/20, lane "render"):
// in-process (Fastify inject, no sockets), after a warm-up, N sequential requests; prints the wall
// median, the process CPU time per request (process.cpuUsage: JS, PGlite's WASM, GC) and, with
// --profile, the top self-time entries of a CPU profile of just those N requests.
//   node --import tsx bench/render-cost.ts [--signed-in] [--n 40] [--profile] <path>
//   (DATABASE_URL for PostgreSQL; DATA_DIR for the PGlite directory, default .cache/profile-pglite)
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

// As dist/main.js: React picks its production build only when NODE_ENV is set before it loads
// (static imports are evaluated first, so the app's modules are imported dynamically below).
process.env.NODE_ENV ??= "production";
const { inProcessApp } = await import("./in-process");
const { topSelf } = await import("./cpu-profile");

const args = process.argv.slice(2);
const target = args.filter((a) => a.startsWith("/")).at(-1) ?? "/products/taskflow/";
const n = Number(args[args.indexOf("--n") + 1]) || 40;
const { app, config, cookie } = await inProcessApp(args.includes("--signed-in"));
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
