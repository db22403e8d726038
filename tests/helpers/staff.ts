import { dealRoles } from "../../server/db/schema";
import type { TestApp } from "./app";
import { dealPlans } from "./commerce";

/**
 * The callers of the staff and partner API tests (issue 16): staff, taskflow's partner and user
 * moderator, a shopper, and reviewer@ made the partner of another deal (pixelforge).
 */
export async function staffActors(app: TestApp) {
  const staff = await app.login("staff@payonce.test");
  const partner = await app.login("partner@payonce.test");
  const moderator = await app.login("moderator@payonce.test");
  const shopper = await app.login("shopper@payonce.test");
  const pixelforge = await dealPlans(app, "pixelforge");
  await app.database.db.insert(dealRoles).values({
    dealId: pixelforge.deal.id,
    userId: await app.userId("reviewer@payonce.test"),
    role: "partner",
  });
  const otherPartner = await app.login("reviewer@payonce.test");
  const taskflow = await dealPlans(app, "taskflow");
  return { staff, partner, moderator, shopper, otherPartner, pixelforge, taskflow };
}
