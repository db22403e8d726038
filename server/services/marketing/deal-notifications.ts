import { and, eq, isNull } from "drizzle-orm";
import { isDealPublic } from "../../../domain/publication";
import type { Db } from "../../db/client";
import { deals, notificationSignups, waitlistSignups } from "../../db/schema";
import type { Clock } from "../../providers/clock";
import { EMAIL_TOPIC } from "../accounts/accounts";
import type { PageEvents } from "../cache/page-events";
import type { Outbox } from "../jobs/outbox";
import { type Actor, createAuditedWrite, dealPage } from "../staff/audit";

export type SignupResult = "subscribed" | "duplicate" | "not_found" | "not_ended";
export type RestockResult =
  | { status: "restocked"; notified: number }
  | { status: "not_found" }
  | { status: "not_ended" };

type DealRow = {
  id: number;
  slug: string;
  name: string;
  isDraft: boolean;
  dealStatus: string;
  browseDealStatus: string;
  endDate: Date | null;
};

/**
 * Waitlist and restock sign-ups (spec 001 sections 4 and 7). One sign-up per address (any case)
 * and deal (and component slug for restock): a repeat is "duplicate" (the API's 205). Restocking a
 * sold-out deal marks it live again and mails every pending restock sign-up once, in the same
 * transaction, through the outbox.
 */
export function createSignupService(deps: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  publicUrl: string;
  pageEvents: PageEvents;
}) {
  const { db, clock, outbox } = deps;
  const auditedWrite = createAuditedWrite(deps);
  const base = deps.publicUrl.replace(/\/$/, "");

  // The same rule as the buy button's is_ended (deal-json.ts isEnded).
  const isEnded = (d: DealRow, now: Date) =>
    d.dealStatus === "Ended" ||
    d.browseDealStatus === "expired" ||
    (d.endDate != null && d.endDate <= now);

  async function findDeal(where: { slug: string } | { id: number }): Promise<DealRow | null> {
    const rows = await db
      .select({
        id: deals.id,
        slug: deals.slug,
        name: deals.name,
        isDraft: deals.isDraft,
        dealStatus: deals.dealStatus,
        browseDealStatus: deals.browseDealStatus,
        endDate: deals.endDate,
      })
      .from(deals)
      .where("slug" in where ? eq(deals.slug, where.slug) : eq(deals.id, where.id))
      .limit(1);
    const deal = rows[0];
    // Drafts and private deals are not public: they do not exist for a visitor (decision 051).
    return deal && isDealPublic(deal) ? deal : null;
  }

  async function joinWaitlist(input: {
    email: string;
    dealSlug: string;
    content?: string | null;
    userId?: number | null;
  }): Promise<SignupResult> {
    const deal = await findDeal({ slug: input.dealSlug });
    if (!deal) return "not_found";
    const inserted = await db
      .insert(waitlistSignups)
      .values({
        email: input.email.trim(),
        dealId: deal.id,
        userId: input.userId ?? null,
        content: input.content ?? null,
        createdAt: clock.now(),
      })
      // lower(email), deal_id is the only unique index left to conflict on.
      .onConflictDoNothing()
      .returning({ id: waitlistSignups.id });
    return inserted.length ? "subscribed" : "duplicate";
  }

  async function notifyOnRestock(input: {
    email: string;
    dealSlug: string;
    componentSlug?: string | null;
    userId?: number | null;
  }): Promise<SignupResult> {
    const deal = await findDeal({ slug: input.dealSlug });
    if (!deal) return "not_found";
    if (!isEnded(deal, clock.now())) return "not_ended";
    const inserted = await db
      .insert(notificationSignups)
      .values({
        email: input.email.trim(),
        dealId: deal.id,
        userId: input.userId ?? null,
        componentSlug: input.componentSlug?.trim() ?? "",
        createdAt: clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: notificationSignups.id });
    return inserted.length ? "subscribed" : "duplicate";
  }

  /**
   * Marks a sold-out deal live again (the reverse of the seed's mailbeam: deal_status Ended,
   * browse_deal_status expired, end date past) with `quantity` more units (unlimited without),
   * and enqueues one e-mail per address signed up and not yet notified. A staff write: audited.
   */
  async function restock(actor: Actor, dealId: number, quantity?: number): Promise<RestockResult> {
    const deal = await findDeal({ id: dealId });
    if (!deal) return { status: "not_found" };
    const now = clock.now();
    if (!isEnded(deal, now)) return { status: "not_ended" };
    const what = { action: "deal.restock", entity: "deal", id: dealId };
    return auditedWrite(actor, what, async (tx) => {
      const stateOf = async () => {
        const [row] = await tx
          .select({
            deal_status: deals.dealStatus,
            browse_deal_status: deals.browseDealStatus,
            end_date: deals.endDate,
            quantity_total: deals.quantityTotal,
            quantity_sold: deals.quantitySold,
          })
          .from(deals)
          .where(eq(deals.id, dealId))
          .for("update");
        return row;
      };
      const before = await stateOf();
      const sold = before?.quantity_sold ?? 0;
      const total = quantity ? sold + quantity : null;
      await tx
        .update(deals)
        .set({
          dealStatus: "Public",
          browseDealStatus: "active",
          endDate: null,
          timerReason: null,
          activeTimer: false,
          currentStage: "live",
          nextStage: null,
          nextStageStartDate: null,
          quantityTotal: total,
          percentClaimed: total ? Math.min(100, Math.floor((sold / total) * 100)) : -1,
        })
        .where(eq(deals.id, dealId));
      // Claimed atomically: a concurrent restock finds nothing left to notify.
      const pending = await tx
        .update(notificationSignups)
        .set({ notifiedAt: now })
        .where(and(eq(notificationSignups.dealId, dealId), isNull(notificationSignups.notifiedAt)))
        .returning({ email: notificationSignups.email });
      const seen = new Set<string>();
      const url = `${base}/products/${deal.slug}/`;
      for (const { email } of pending) {
        const key = email.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        await outbox.enqueue(tx, {
          kind: "email",
          topic: EMAIL_TOPIC,
          payload: {
            to: email,
            subject: `${deal.name} is back on Payonce`,
            text: [
              "Hi,",
              "",
              `You asked us to tell you when ${deal.name} returns. It is available again:`,
              "",
              `    ${url}`,
              "",
              "You are receiving this e-mail once, because you signed up to be notified.",
            ].join("\n"),
            template: "deal_restocked",
          },
        });
      }
      return {
        result: { status: "restocked" as const, notified: seen.size },
        before: before ?? null,
        after: { ...(await stateOf()), quantity: quantity ?? null, notified: seen.size },
        pages: [dealPage(dealId)],
      };
    });
  }

  return { findDeal, joinWaitlist, notifyOnRestock, restock };
}

export type SignupService = ReturnType<typeof createSignupService>;
