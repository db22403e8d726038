import cluster, { type Worker } from "node:cluster";
import type { Config } from "./config";

/** A worker that dies sooner than this after its fork waits before its replacement starts. */
const QUICK_DEATH_MS = 10_000;
const RESTART_DELAY_MS = 1_000;

/**
 * The primary of WEB_CONCURRENCY > 1 (node:cluster): it prepares the database once (migrations,
 * seed), then forks the workers, which share the listening port and serve. It serves nothing
 * itself. A worker that dies is replaced (a crash loop slowed to one fork a second); a stop signal
 * is passed to every worker, and the primary leaves once they have drained and exited.
 */
export async function runPrimary(config: Config, prepare: () => Promise<void>): Promise<void> {
  await prepare();
  let stopping = false;
  const forkedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    forkedAt.set(worker.id, Date.now());
  };

  cluster.on("exit", (worker: Worker, code, signal) => {
    const age = Date.now() - (forkedAt.get(worker.id) ?? 0);
    forkedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(
      `worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); starting another`,
    );
    if (age < QUICK_DEATH_MS) setTimeout(fork, RESTART_DELAY_MS);
    else fork();
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {});
      if (workers.length === 0) process.exit(0);
      for (const worker of workers) worker?.process.kill(signal);
    });
  }

  for (let i = 0; i < config.webConcurrency; i++) fork();
  console.log(`Payonce primary ${process.pid}: ${config.webConcurrency} workers`);
}
