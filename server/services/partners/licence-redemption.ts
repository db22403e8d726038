/**
 * Licence redemption (issue 30): the partner's product, holding the partner's API key, marks a
 * buyer's code as used. Only codes of the key owner's own deals exist for it (any other is the
 * same 404 as an unknown code, so a key cannot probe other deals' codes). A held or revoked code
 * is refused (409) and stays unredeemed; a code redeemed before answers 200 again, marked
 * `already_redeemed`, so the product may retry a call whose answer it lost. A redemption is the
 * partner's write on a buyer's licence: audited (issue 31); a retry writes nothing and is not.
 */
import { and, eq } from "drizzle-orm";
import { conflict, notFound, unauthenticated } from "../../../domain/errors";
import {
  LICENCE_CODE_HELD,
  LICENCE_CODE_REVOKED,
  LICENCE_CODE_UNKNOWN,
  PARTNER_API_KEY_INVALID,
} from "../../../domain/messages";
import type { Db } from "../../db/client";
import {
  dealRoles,
  deals,
  invoiceItems,
  licences,
  partnerEndpoints,
  plans,
  users,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import type { PageEvents } from "../cache/page-events";
import { createAuditedWrite, type Writer } from "../staff/audit";
import { hashApiKey } from "./partner-endpoints";

export function createLicenceRedemptionService(deps: {
  db: Db;
  clock: Clock;
  pageEvents: PageEvents;
}) {
  const { db, clock } = deps;
  const auditedWrite = createAuditedWrite(deps);

  /** The partner whose API key this is; 401 for no key or an unknown (or replaced) one. */
  async function partnerOfKey(key: string | undefined): Promise<Writer> {
    if (!key) throw unauthenticated(PARTNER_API_KEY_INVALID);
    const [row] = await db
      .select({ id: partnerEndpoints.userId, email: users.email })
      .from(partnerEndpoints)
      .innerJoin(users, eq(users.id, partnerEndpoints.userId))
      .where(eq(partnerEndpoints.apiKeyHash, hashApiKey(key)));
    if (!row) throw unauthenticated(PARTNER_API_KEY_INVALID);
    return row;
  }

  async function redeem(apiKey: string | undefined, code: string) {
    const partner = await partnerOfKey(apiKey);
    const partnerId = partner.id;
    return auditedWrite(partner, { action: "licence.redeem", entity: "licence" }, async (tx) => {
      // The row lock orders two redemptions of one code: the second sees the first's answer.
      const [found] = await tx
        .select({
          id: licences.id,
          code: licences.code,
          status: licences.status,
          redeemedAt: licences.redeemedAt,
          deal: { id: deals.id, slug: deals.slug },
          planId: plans.id,
          planName: plans.publicName,
        })
        .from(licences)
        .innerJoin(invoiceItems, eq(invoiceItems.id, licences.invoiceItemId))
        .innerJoin(deals, eq(deals.id, invoiceItems.dealId))
        .innerJoin(
          dealRoles,
          and(
            eq(dealRoles.dealId, deals.id),
            eq(dealRoles.userId, partnerId),
            eq(dealRoles.role, "partner"),
          ),
        )
        .leftJoin(plans, eq(plans.id, invoiceItems.planId))
        .where(eq(licences.code, code))
        .limit(1)
        .for("update", { of: licences });
      if (!found) throw notFound(LICENCE_CODE_UNKNOWN);
      if (found.status === "held") throw conflict(LICENCE_CODE_HELD);
      if (found.status === "revoked") throw conflict(LICENCE_CODE_REVOKED);
      const already = found.redeemedAt != null;
      const redeemedAt = found.redeemedAt ?? clock.now();
      if (!already) {
        await tx.update(licences).set({ redeemedAt }).where(eq(licences.id, found.id));
      }
      return {
        result: {
          licence_code: found.code,
          status: found.status,
          redeemed: true,
          redeemed_at: redeemedAt.toISOString(),
          already_redeemed: already,
          deal: found.deal,
          plan: found.planId == null ? null : { id: found.planId, public_name: found.planName },
        },
        id: found.id,
        role: already ? null : ("partner" as const),
        // The licence by its id: the code is the buyer's key, kept out of the log.
        before: { deal_id: found.deal.id, redeemed_at: null },
        after: { deal_id: found.deal.id, redeemed_at: redeemedAt.toISOString() },
        // A licence is on no public page.
        pages: "none",
      };
    });
  }

  return { redeem };
}

export type LicenceRedemptionService = ReturnType<typeof createLicenceRedemptionService>;
