// Diagnostic: one request through the app (inject), printing each SQL statement with its time.
//   node --import tsx bench/query-times.ts [--signed-in] <path>   (DATABASE_URL for PostgreSQL)
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inProcessApp } from "./in-process";

const args = process.argv.slice(2);
const target = args.filter((a) => a.startsWith("/")).at(-1) ?? "/products/taskflow/";
const log: { ms: number; sql: string }[] = [];
let recording = false;
function wrap(proto: { query: (...a: unknown[]) => Promise<unknown> }) {
  const original = proto.query;
  proto.query = async function (this: unknown, ...a: unknown[]) {
    const started = performance.now();
    try {
      return await original.apply(this, a);
    } finally {
      const q = a[0];
      const text = typeof q === "string" ? q : String((q as { text?: string })?.text ?? "");
      if (recording) log.push({ ms: performance.now() - started, sql: text.replace(/\s+/g, " ") });
    }
  };
}
wrap(PGlite.prototype as never);
wrap(pg.Pool.prototype as never);

const { app, cookie } = await inProcessApp(args.includes("--signed-in"));
for (let round = 0; round < 3; round++) {
  log.length = 0;
  recording = true;
  const started = performance.now();
  const res = await app.inject({ method: "GET", url: target, headers: { cookie } });
  const total = performance.now() - started;
  recording = false;
  console.log(
    `\nround ${round}: ${res.statusCode} ${res.body.length} bytes in ${total.toFixed(1)} ms, ${log.length} statements, ${log.reduce((a, b) => a + b.ms, 0).toFixed(1)} ms in SQL`,
  );
  if (round === 2)
    for (const q of log)
      console.log(
        `${q.ms.toFixed(1).padStart(7)} ms  ${process.env.FULL_SQL ? q.sql : q.sql.slice(0, 160)}`,
      );
}
await app.close();
