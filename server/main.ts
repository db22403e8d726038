import cluster from "node:cluster";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import closeWithGrace from "close-with-grace";
import type { ServerBuild } from "react-router";
import { ORPHAN_AFTER_MS } from "../domain/payments";
import { buildApp } from "./app";
import { runPrimary } from "./cluster";
import { type Config, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { seedIfEmpty } from "./db/seed";
import { reactRouterBuildDir } from "./paths";
import { systemClock } from "./providers/clock";

const open = (config: Config, onIdleError?: (err: Error) => void) =>
  config.databaseUrl
    ? openDatabase({
        kind: "postgres",
        url: config.databaseUrl,
        connectTimeoutMs: config.dbConnectTimeoutMs,
        statementTimeoutMs: config.dbStatementTimeoutMs,
        // PostgreSQL restarting drops idle connections: the pool replaces them, nothing to do.
        ...(onIdleError ? { onIdleError } : {}),
      })
    : openDatabase({ kind: "pglite", dataDir: path.join(config.dataDir, "pglite") });

// The only place that starts anything: config -> database -> services -> HTTP. With
// WEB_CONCURRENCY > 1 the primary prepares the database and forks; each worker serves.
async function main() {
  const config = loadConfig();
  if (config.webConcurrency > 1 && cluster.isPrimary) {
    await runPrimary(config, async () => {
      const database = await open(config);
      await database.migrate();
      if (config.seedOnStart) await seedIfEmpty(database.db, systemClock);
      await database.close();
    });
    return;
  }
  await serve(config);
}

async function serve(config: Config) {
  const started = performance.now();
  const phases: Record<string, number> = {};
  const lap = (name: string) => {
    phases[name] = Math.round(performance.now() - started);
  };
  // Until the app's logger exists, a lost idle connection is reported on stderr.
  let onIdleError = (err: Error) => console.warn(`idle database connection lost: ${err.message}`);
  const buildFile = path.join(reactRouterBuildDir, "server/index.js");
  if (!existsSync(buildFile))
    throw new Error(`No React Router build at ${buildFile}: run npm run build`);
  // The React Router build loads while the database opens (PGlite's start, and its recovery after
  // a crash, is most of a restart): a restart after kill -9 is back within 2 s.
  const loadingApp = import(pathToFileURL(buildFile).href).then((build) => {
    lap("app_loaded");
    return build as ServerBuild;
  });
  // Without a handler, a failed import would be unhandled while the database is still opening.
  loadingApp.catch(() => {});
  const database = await open(config, (err) => onIdleError(err));
  lap("database_open");
  // A cluster's primary already migrated and seeded.
  if (cluster.isPrimary) {
    await database.migrate();
    lap("migrated");
    if (config.seedOnStart) await seedIfEmpty(database.db, systemClock);
    lap("seeded");
  }

  const reactRouterBuild = await loadingApp;

  const app = await buildApp({ config, database, clock: systemClock, reactRouterBuild });
  onIdleError = (err) =>
    app.log.warn({ cause: "db_unavailable", reason: err.message }, "idle database connection lost");

  // SIGTERM: stop accepting, let in-flight requests finish (up to SHUTDOWN_GRACE_MS, then exit
  // anyway), then close the pools (app's onClose hooks).
  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "closing after an error");
    else app.log.info({ signal }, "shutting down");
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  app.services.outbox.start();
  // Payments that succeeded at the provider without an order (a crash between the charge and
  // the commit, a lost webhook) get their order or their money back, and Plus memberships due
  // are renewed. Every worker may run them: each locks the row it settles, so each runs once.
  const sweep = setInterval(() => {
    app.services.payments
      .sweepOrphans()
      .then((s) => s.checked && app.log.info({ sweep: s }, "payments sweep"))
      .then(() => app.services.plus.renewDue(config.publicUrl))
      .then((r) => (r.renewed || r.failed) && app.log.info({ renewals: r }, "plus renewals"))
      .catch((err: Error) =>
        app.log.warn({ cause: "payments_sweep", reason: err.message }, "payments sweep failed"),
      );
  }, ORPHAN_AFTER_MS);
  sweep.unref();
  lap("listening");
  app.log.info({ startup_ms: phases }, "Payonce is up");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
