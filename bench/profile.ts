// npm run bench's helper for issue 14's "profile first": starts the built app under
// `node --cpu-prof`, loads one URL with autocannon (signed in when asked), stops the app and prints
// the profile's top entries by self time.
//   node --import tsx bench/profile.ts [--signed-in] [--gzip] [--bench-data] [--seconds 8] <path>
//   (DATABASE_URL for PostgreSQL). --gzip sends a browser's Accept-Encoding; --bench-data adds the
//   100,000-review bench deal first (bench/prepare.ts) and fills `:deal` and `:cursor` in <path>
//   (its id and a deep search_after cursor), e.g. /api/v2/deals/:deal/reviews/?search_after=:cursor
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../server/db/client";
import { DEMO_PASSWORD, seedIfEmpty } from "../server/db/seed";
import { systemClock } from "../server/providers/clock";
import { dropBodies } from "./common";
import { type Profile, topSelf } from "./cpu-profile";
import { prepareBenchData } from "./prepare";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const signedIn = args.includes("--signed-in");
const seconds = Number(args[args.indexOf("--seconds") + 1] || 8) || 8;
const gzip = args.includes("--gzip");
const benchData = args.includes("--bench-data");
let target = args.filter((a) => a.startsWith("/")).at(-1) ?? "/products/taskflow/";
const port = Number(process.env.BENCH_PORT ?? 3293);
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(root, ".cache", "profile-pglite");
const profDir = path.join(root, ".cache", "cpu-prof");
rmSync(profDir, { recursive: true, force: true });
mkdirSync(profDir, { recursive: true });

/** Now on the clock V8's profiles use (the monotonic clock, microseconds). */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

if (benchData) {
  const url = process.env.DATABASE_URL;
  const prep = url
    ? await openDatabase({ kind: "postgres", url, statementTimeoutMs: 600_000 })
    : await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  await prep.migrate();
  await seedIfEmpty(prep.db, systemClock);
  const bench = await prepareBenchData(prep);
  await prep.close();
  target = target.replace(":deal", String(bench.dealId)).replace(":cursor", bench.deepCursor);
}

const app = spawn(process.execPath, [`--cpu-prof`, `--cpu-prof-dir=${profDir}`, "dist/main.js"], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  },
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  if (i > 600) throw new Error("app did not start");
  await new Promise((r) => setTimeout(r, 200));
}
const headers: Record<string, string> = gzip ? { "accept-encoding": "gzip" } : {};
if (signedIn) {
  const res = await fetch(`${base}/api/users/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "shopper@payonce.test", password: DEMO_PASSWORD }),
  });
  headers.cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
await autocannon({
  url: `${base}${target}`,
  headers,
  connections: 4,
  duration: 1,
  setupClient: dropBodies,
});
const loadFrom = monotonicUs();
const r = await autocannon({
  url: `${base}${target}`,
  headers,
  connections: 16,
  duration: seconds,
  setupClient: dropBodies,
});
const loadTo = monotonicUs();
console.log(
  `${target}${signedIn ? " (signed in)" : ""}${gzip ? " (gzip)" : ""}: ${r.requests.average} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non2xx ${r.non2xx}`,
);
await new Promise<void>((resolve) => {
  app.on("exit", () => resolve());
  app.kill("SIGTERM");
});
const file = readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"));
if (!file) throw new Error("no profile written");
const profile = JSON.parse(readFileSync(path.join(profDir, file), "utf8")) as Profile;
// The measured load only: start-up, seeding and the warm-up left out.
console.log(topSelf(profile, 25, loadFrom, loadTo).join("\n"));
