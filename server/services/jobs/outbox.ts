import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type OutboxKind, outbox } from "../../db/schema";
import type { Clock } from "../../providers/clock";

/** A transaction or the database: enqueue inside the transaction that makes the change. */
type Executor = Pick<Db, "insert">;

export type OutboxMessage = {
  id: number;
  kind: OutboxKind;
  topic: string;
  payload: Record<string, unknown>;
  attempts: number;
};

export type OutboxHandler = (message: OutboxMessage) => Promise<void>;

/** A message failing this many times is `failed` (a partner webhook's delivery says so too). */
export const MAX_ATTEMPTS = 5;
const BATCH = 10;
// A claimed message whose process died is retried after this long.
const LOCK_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * The transactional outbox (DESIGN.md, Jobs): e-mails and background jobs are rows written in the
 * same transaction as the change that causes them, and a worker in every app process claims them
 * with FOR UPDATE SKIP LOCKED, so several processes share one PostgreSQL without a second queue.
 */
export function createOutbox(deps: { db: Db; clock: Clock; onError?: (err: unknown) => void }) {
  const { db, clock } = deps;
  const handlers = new Map<string, OutboxHandler>();
  const workerId = randomBytes(6).toString("hex");
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function enqueue(
    executor: Executor,
    message: {
      kind: OutboxKind;
      topic: string;
      payload?: Record<string, unknown>;
      runAfter?: Date;
    },
  ): Promise<void> {
    await executor.insert(outbox).values({
      kind: message.kind,
      topic: message.topic,
      payload: message.payload ?? {},
      runAfter: message.runAfter ?? clock.now(),
    });
  }

  function handle(topic: string, handler: OutboxHandler): void {
    handlers.set(topic, handler);
  }

  async function claim(): Promise<OutboxMessage[]> {
    const now = clock.now();
    const staleBefore = new Date(now.getTime() - LOCK_TIMEOUT_MS);
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: outbox.id,
          kind: outbox.kind,
          topic: outbox.topic,
          payload: outbox.payload,
          attempts: outbox.attempts,
        })
        .from(outbox)
        .where(
          and(
            eq(outbox.status, "pending"),
            lte(outbox.runAfter, now),
            or(isNull(outbox.lockedAt), lt(outbox.lockedAt, staleBefore)),
          ),
        )
        .orderBy(outbox.runAfter, outbox.id)
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (rows.length) {
        await tx
          .update(outbox)
          .set({ lockedAt: now, lockedBy: workerId })
          .where(
            inArray(
              outbox.id,
              rows.map((r) => r.id),
            ),
          );
      }
      return rows;
    });
  }

  /** Runs the due messages once; returns how many were processed. */
  async function runOnce(): Promise<number> {
    const messages = await claim();
    for (const message of messages) {
      const handler = handlers.get(message.topic);
      try {
        if (!handler) throw new Error(`no handler for topic ${message.topic}`);
        await handler(message);
        await db
          .update(outbox)
          .set({
            status: "done",
            doneAt: clock.now(),
            lockedAt: null,
            attempts: message.attempts + 1,
          })
          .where(eq(outbox.id, message.id));
      } catch (err) {
        const attempts = message.attempts + 1;
        // Exponential back-off: 30 s, 1 min, 2 min, 4 min, then give up and keep the row for staff.
        const retryAt = new Date(clock.now().getTime() + 30_000 * 2 ** (attempts - 1));
        await db
          .update(outbox)
          .set({
            status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
            attempts,
            lastError: String(err instanceof Error ? err.message : err).slice(0, 2000),
            lockedAt: null,
            runAfter: retryAt,
          })
          .where(eq(outbox.id, message.id));
        deps.onError?.(err);
      }
    }
    return messages.length;
  }

  function start(intervalMs = 1000): void {
    if (timer) return;
    const tick = async () => {
      running = runOnce().catch((err) => {
        deps.onError?.(err);
        return 0;
      });
      const processed = await running;
      running = undefined;
      // Drain a backlog at once; otherwise wait for the next tick.
      timer = setTimeout(tick, processed === BATCH ? 0 : intervalMs);
      timer.unref();
    };
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  }

  async function stop(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    await running;
  }

  return { enqueue, handle, runOnce, start, stop };
}

export type Outbox = ReturnType<typeof createOutbox>;
