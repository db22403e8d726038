import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll } from "vitest";
import { type App, buildApp } from "../../server/app";
import { type Config, testConfig } from "../../server/config";
import { adminSql, type Database, openDatabase } from "../../server/db/client";
import { users } from "../../server/db/schema";
import type { PageHandler } from "../../server/http/react-router";
import { type Clock, systemClock } from "../../server/providers/clock";
import {
  pgliteTemplateFile,
  postgresTemplateName,
  runDatabasePrefix,
  templateKey,
  withDatabase,
} from "../setup/template";

export const DEMO_PASSWORD = "payonce-demo-1";

/** A fresh copy of the migrated, seeded template database for one test file. */
export async function openTestDatabase(): Promise<Database> {
  const key = templateKey();
  if (process.env.TEST_DB === "postgres") {
    const url = process.env.DATABASE_URL as string;
    const name = `${runDatabasePrefix()}_t_${randomBytes(6).toString("hex")}`;
    await adminSql(url, `create database "${name}" template "${postgresTemplateName(key)}"`);
    const database = await openDatabase({ kind: "postgres", url: withDatabase(url, name), max: 4 });
    let dropped: Promise<void> | undefined;
    return {
      ...database,
      // Once, however often it is called (a test may close the database under the app).
      close: () =>
        (dropped ??= (async () => {
          await database.close();
          await adminSql(url, `drop database if exists "${name}" with (force)`);
        })()),
    };
  }
  const tarball = readFileSync(pgliteTemplateFile(key));
  return openDatabase({ kind: "pglite", loadDataDir: new Blob([tarball]) });
}

export type TestApp = App & {
  database: Database;
  /** Signs in a demo account; returns the cookies and CSRF header for later requests. */
  login(email: string, password?: string): Promise<Credentials>;
  /**
   * One request through inject: the payload when given, and the signed-in user's cookies and
   * CSRF header when given; `headers` add to (or override) those.
   */
  send(
    method: Method,
    url: string,
    payload?: unknown,
    creds?: Credentials,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** The id of the user with this e-mail (demo accounts and sign-ups alike). */
  userId(email: string): Promise<number>;
};

export type Credentials = { cookies: Record<string, string>; headers: Record<string, string> };
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Builds the app on a fresh database; it is closed after the file's tests. */
export async function createTestApp(
  options: {
    clock?: Clock;
    config?: Partial<Config>;
    pageHandler?: PageHandler;
    /** A database of the test's own (several apps on one PostgreSQL database: scale-out). */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const app = (await buildApp({
    config: testConfig(options.config),
    database,
    clock: options.clock ?? systemClock,
    ...(options.pageHandler ? { pageHandler: options.pageHandler } : {}),
  })) as TestApp;
  app.database = database;
  app.login = async (email, password = DEMO_PASSWORD) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/users/login/",
      payload: { email, password },
    });
    if (res.statusCode !== 200)
      throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    const cookies: Record<string, string> = {};
    for (const c of res.cookies) cookies[c.name] = c.value;
    return { cookies, headers: { "x-csrftoken": cookies.csrftoken ?? "" } };
  };
  app.send = (method, url, payload, creds, headers = {}) =>
    app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      ...(creds ? { cookies: creds.cookies } : {}),
      headers: { ...(creds?.headers ?? {}), ...headers },
    });
  app.userId = async (email) => {
    const [row] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  };
  afterAll(async () => {
    await app.close();
  });
  return app;
}
