import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { migrationsDir } from "../paths";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Counts the SQL statements the app sends, so tests can pin how many queries a hot endpoint runs
 * (an N+1 then fails a test instead of slowing production).
 */
export class QueryCounter {
  count = 0;
  readonly log: string[] = [];
  logQuery(query: string): void {
    this.count += 1;
    if (this.log.length < 200) this.log.push(query);
  }
  reset(): void {
    this.count = 0;
    this.log.length = 0;
  }
}

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  queries: QueryCounter;
  /** Applies the SQL migrations in server/db/migrations: the same files on PGlite and PostgreSQL. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: "postgres"; url: string; max?: number }
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob | File };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const queries = new QueryCounter();
  if (options.kind === "postgres") {
    const client = postgres(options.url, {
      max: options.max ?? 10,
      onnotice: () => {},
      // numeric (e.g. average_rating) stays a string in JS; bigint counts come back as numbers.
      types: { bigint: postgres.BigInt },
    });
    const db = drizzlePostgres({ client, schema, casing: "snake_case", logger: queries });
    const migrate = async () => {
      // Several app processes may start at once against one server: one connection holds an
      // advisory lock while it migrates, the others wait and then find nothing left to do.
      const one = postgres(options.url, { max: 1, onnotice: () => {} });
      try {
        await one`select pg_advisory_lock(727001)`;
        await migratePostgres(drizzlePostgres({ client: one }), {
          migrationsFolder: migrationsDir,
        });
        await one`select pg_advisory_unlock(727001)`;
      } finally {
        await one.end({ timeout: 5 });
      }
    };
    return {
      db: db as unknown as Db,
      kind: "postgres",
      queries,
      migrate,
      close: () => client.end({ timeout: 5 }),
    };
  }
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema, casing: "snake_case", logger: queries });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    queries,
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    close: () => client.close(),
  };
}

/** Dumps a PGlite database to a tarball, so tests can start from a migrated and seeded copy. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir("none");
}
