import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox } from "../../server/db/schema";
import { createTestApp } from "../helpers/app";

const app = await createTestApp();
const { db } = app.database;

describe("outbox worker", () => {
  it("runs a job written in a transaction and marks it done", async () => {
    const seen: unknown[] = [];
    app.services.outbox.handle("test.ping", async (m) => {
      seen.push(m.payload);
    });
    await db.transaction((tx) =>
      app.services.outbox.enqueue(tx, { kind: "job", topic: "test.ping", payload: { n: 1 } }),
    );
    expect(await app.services.outbox.runOnce()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    const rows = await db.select().from(outbox).where(eq(outbox.topic, "test.ping"));
    expect(rows[0]?.status).toBe("done");
    expect(await app.services.outbox.runOnce()).toBe(0);
  });

  it("keeps nothing when the transaction rolls back", async () => {
    await db
      .transaction(async (tx) => {
        await app.services.outbox.enqueue(tx, { kind: "job", topic: "test.rollback" });
        throw new Error("roll back");
      })
      .catch(() => {});
    const rows = await db.select().from(outbox).where(eq(outbox.topic, "test.rollback"));
    expect(rows).toHaveLength(0);
  });

  it("retries a failing job later, recording the error", async () => {
    app.services.outbox.handle("test.fail", async () => {
      throw new Error("smtp down");
    });
    await app.services.outbox.enqueue(db, { kind: "email", topic: "test.fail" });
    await app.services.outbox.runOnce();
    const [row] = await db.select().from(outbox).where(eq(outbox.topic, "test.fail"));
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "smtp down" });
    expect(row!.runAfter.getTime()).toBeGreaterThan(Date.now());
  });
});
