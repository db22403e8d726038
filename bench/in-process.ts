// The built app in this process (Fastify inject, no sockets), for the diagnostics that measure one
// request's statements or CPU (bench/query-times.ts, bench/render-cost.ts). DATABASE_URL picks
// PostgreSQL; otherwise PGlite in DATA_DIR (default .cache/profile-pglite).
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { DEMO_PASSWORD } from "../server/db/seed";
import { reactRouterBuildDir } from "../server/paths";
import { systemClock } from "../server/providers/clock";

/** The app, and a demo shopper's cookie when `signedIn` (else ""). */
export async function inProcessApp(signedIn: boolean) {
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
  if (signedIn) {
    const res = await app.inject({
      method: "POST",
      url: "/api/users/login/",
      payload: { email: "shopper@payonce.test", password: DEMO_PASSWORD },
    });
    cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  }
  return { app, config, cookie };
}
