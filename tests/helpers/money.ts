import type { Credentials, TestApp } from "./app";
import { checkout, dealPlans, freshCart } from "./commerce";

/** The commerce helpers bound to one app, for the money tests (cart, checkout, refunds, rewards). */
export function moneyClient(app: TestApp) {
  return {
    db: app.database.db,
    send: app.send,
    pay: (
      creds: Credentials,
      body: Record<string, unknown> = { payment_method: "pm_card_visa" },
      key?: string,
    ) => checkout(app, creds, body, key),
    dealPlans: (slug: string) => dealPlans(app, slug),
    userId: app.userId,
    freshCart: (email: string) => freshCart(app, email),
  };
}
