// `npm run seed` (tsx server/db/seed/cli.ts [--reset]): migrates the configured database and fills
// it with the demo data if it has no deals yet. --reset drops everything first.
import { rmSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../../config";
import { systemClock } from "../../providers/clock";
import { adminSql, openDatabase } from "../client";
import { seedIfEmpty } from "./index";

async function main(): Promise<void> {
  const reset = process.argv.includes("--reset");
  const config = loadConfig();
  const pgliteDir = path.join(config.dataDir, "pglite");

  if (reset) {
    if (config.databaseUrl) {
      await adminSql(
        config.databaseUrl,
        "drop schema public cascade; create schema public; drop schema if exists drizzle cascade;",
      );
      console.log("reset: dropped every table of the PostgreSQL database");
    } else {
      rmSync(pgliteDir, { recursive: true, force: true });
      console.log(`reset: deleted ${pgliteDir}`);
    }
  }

  const database = config.databaseUrl
    ? await openDatabase({ kind: "postgres", url: config.databaseUrl })
    : await openDatabase({ kind: "pglite", dataDir: pgliteDir });
  try {
    await database.migrate();
    const started = performance.now();
    const seeded = await seedIfEmpty(database.db, systemClock);
    if (seeded) {
      console.log(
        `seeded the demo data in ${Math.round(performance.now() - started)} ms (${database.kind})`,
      );
    } else {
      console.log("already seeded");
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
