import { eq, gte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { testGatewayIntents } from "../../db/schema";
import type { TestIntentStore } from "../../providers/payments/test-gateway";

/**
 * The test gateway's 3-D Secure answers in the database, so every app process (and a restart)
 * sees the challenge answered on another one. Written outside any checkout transaction.
 */
export function dbTestIntentStore(db: Db): TestIntentStore {
  return {
    async status(id) {
      const [row] = await db
        .select({ status: testGatewayIntents.status, at: testGatewayIntents.updatedAt })
        .from(testGatewayIntents)
        .where(eq(testGatewayIntents.id, id));
      return row ?? null;
    },
    async setStatus(id, status) {
      // The first answer stands, as at a bank: a second click changes nothing.
      await db.insert(testGatewayIntents).values({ id, status }).onConflictDoNothing();
    },
    async answered(since) {
      return db
        .select({ id: testGatewayIntents.id, status: testGatewayIntents.status })
        .from(testGatewayIntents)
        .where(gte(testGatewayIntents.updatedAt, since));
    },
  };
}
