import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Clock } from "../../providers/clock";
import type { PageEvents } from "../cache/page-events";
import { MAX_ATTEMPTS, type Outbox } from "../jobs/outbox";
import { PARTNER_WEBHOOK_TOPIC } from "./licence-events";
import { createLicenceRedemptionService } from "./licence-redemption";
import { createPartnerEndpointService } from "./partner-endpoints";
import { createWebhookDelivery } from "./webhook-delivery";

/**
 * The partner's product's side of Payonce (issue 30): webhook settings and API key, licence
 * redemption, and the outbox handler that sends licence events (licence-events.ts writes them).
 */
export function createPartnerServices(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, "partnerWebhookAllowPrivate">;
  outbox: Outbox;
  pageEvents: PageEvents;
}) {
  const allowPrivateAddresses = deps.config.partnerWebhookAllowPrivate;
  const delivery = createWebhookDelivery({
    db: deps.db,
    clock: deps.clock,
    allowPrivateAddresses,
    maxAttempts: MAX_ATTEMPTS,
  });
  deps.outbox.handle(PARTNER_WEBHOOK_TOPIC, delivery.send);
  return {
    endpoints: createPartnerEndpointService({
      db: deps.db,
      clock: deps.clock,
      pageEvents: deps.pageEvents,
      allowPrivateAddresses,
    }),
    redemption: createLicenceRedemptionService({
      db: deps.db,
      clock: deps.clock,
      pageEvents: deps.pageEvents,
    }),
  };
}

export type PartnerServices = ReturnType<typeof createPartnerServices>;
