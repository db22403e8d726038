import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
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
  /** The connection pool now (PostgreSQL); null for PGlite, which has one engine in-process. */
  pool(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | {
      kind: "postgres";
      url: string;
      max?: number;
      /** How long a request may wait for a connection (a new one or a free one of the pool). */
      connectTimeoutMs?: number;
      /** PostgreSQL's statement_timeout; the client gives up a second later (a silent server). */
      statementTimeoutMs?: number;
      /** Where an idle connection's error goes (PostgreSQL restarted, network cut). */
      onIdleError?: (err: Error) => void;
    }
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob | File };

// bigint (int8: count(*), sums) as a number when it fits, like PGlite; numeric stays a string.
// Global to pg, which drizzle's node-postgres session falls back to for every type it keeps.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : BigInt(value);
});

export const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

function postgresConfig(
  options: Extract<DatabaseOptions, { kind: "postgres" }>,
  max: number,
): pg.PoolConfig {
  const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  return {
    connectionString: options.url,
    max,
    // Deadlines, so an outage is a quick error instead of a request that hangs: connecting (or
    // waiting for a free connection), the statement on the server, and the answer on the wire.
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + 1_000,
    idle_in_transaction_session_timeout: statementTimeout * 2,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const queries = new QueryCounter();
  if (options.kind === "postgres") {
    const pool = new pg.Pool(postgresConfig(options, options.max ?? 10));
    // An idle client whose server went away emits here; unhandled, it would end the process.
    // The pool has already dropped that client: the next query opens a new connection.
    pool.on("error", (err) => options.onIdleError?.(err));
    // A checked-out client (a transaction between two statements) loses the pool's listener: its
    // connection dying then emits with nobody listening, which would also end the process. The
    // error stays on the client: its next query fails and the pool discards it on release.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzlePostgres({ client: pool, schema, casing: "snake_case", logger: queries });
    let closing: Promise<void> | undefined;
    const migrate = async () => {
      // Several app processes may start at once against one server: one connection holds an
      // advisory lock while it migrates, the others wait and then find nothing left to do.
      // No statement timeout here: waiting for the lock, or a long migration, is expected.
      const one = new pg.Client({
        ...postgresConfig(options, 1),
        statement_timeout: 0,
        // Nor a client-side deadline: a migration that rewrites a large table takes its time.
        query_timeout: undefined,
      });
      one.on("error", () => {});
      await one.connect();
      try {
        await one.query("select pg_advisory_lock(727001)");
        await migratePostgres(drizzlePostgres({ client: one }), {
          migrationsFolder: migrationsDir,
        });
        await one.query("select pg_advisory_unlock(727001)");
      } finally {
        await one.end();
      }
    };
    return {
      db: db as unknown as Db,
      kind: "postgres",
      queries,
      migrate,
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      // pool.end() waits for every checked-out client: a leaked one must not hold up shutdown.
      // Closing twice (a shutdown after the pool was already ended) is not an error.
      close: () =>
        (closing ??= Promise.race([
          pool.end(),
          new Promise<void>((done) => setTimeout(done, 2_000).unref()),
        ])),
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
    pool: () => null,
    // Closing twice (a shutdown after the engine already stopped) is not an error.
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** Dumps a PGlite database to a tarball, so tests can start from a migrated and seeded copy. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir("none");
}

/**
 * Runs statements on one short-lived connection: admin work outside the app's pool (creating
 * and dropping test databases, `npm run seed -- --reset`). Returns the last statement's rows.
 */
export async function adminSql(url: string, ...statements: string[]): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    let rows: unknown[] = [];
    for (const statement of statements) rows = (await client.query(statement)).rows;
    return rows;
  } finally {
    await client.end();
  }
}
