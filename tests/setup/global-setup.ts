import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { adminSql, dumpPglite, openDatabase } from "../../server/db/client";
import { seed } from "../../server/db/seed";
import { systemClock } from "../../server/providers/clock";
import {
  cacheDir,
  pgliteTemplateFile,
  postgresTemplateName,
  templateKey,
  withDatabase,
} from "./template";

// Runs once per test run: migrate and seed a template database, which every test file then copies
// (a PGlite data-dir tarball; a PostgreSQL TEMPLATE database) instead of seeding again.
export async function setupTemplate(db: "pglite" | "postgres") {
  const key = templateKey();
  if (db === "postgres") {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("TEST_DB=postgres needs DATABASE_URL");
    const name = postgresTemplateName(key);
    // Names come from templateKey (hex) and DATABASE_URL's own name (sanitised): safe to inline.
    const found = await adminSql(url, `select 1 from pg_database where datname = '${name}'`);
    if (found.length === 0) {
      const building = `${name}_building`;
      await adminSql(url, `drop database if exists "${building}"`, `create database "${building}"`);
      const database = await openDatabase({
        kind: "postgres",
        url: withDatabase(url, building),
        max: 2,
      });
      await database.migrate();
      await seed(database.db, systemClock);
      await database.close();
      await adminSql(url, `alter database "${building}" rename to "${name}"`);
    }
    return;
  }
  const file = pgliteTemplateFile(key);
  if (existsSync(file)) return;
  mkdirSync(cacheDir, { recursive: true });
  const database = await openDatabase({ kind: "pglite" });
  await database.migrate();
  await seed(database.db, systemClock);
  const blob = await dumpPglite(database);
  await database.close();
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  renameSync(tmp, file);
}
