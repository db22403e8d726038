import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { DomainError } from "../../../domain/errors";
import { COUPON_NOT_FOUND, couponNotApplied } from "../../../domain/messages";
import { toMajor } from "../../../domain/money";
import { canSeeIncentivizedShare } from "../../../domain/permissions";
import type { Db } from "../../db/client";
import {
  carts,
  couponRedemptions,
  coupons,
  credits,
  giftCards,
  orders,
  rewardCampaigns,
  rewardCoupons,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";
import { dealsOwnedCount } from "./ownership-sql";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const rewardCode = () =>
  `REWARD-${Array.from(randomBytes(8), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("")}`;

type RewardUser = { id: number; email: string; numberOfPurchases: number };

/**
 * A "give" code is the friends' discount: its owner may never use it on their own cart. Throws
 * the cart's "not valid" coupon answer under `field` when it is theirs.
 */
export async function assertNotOwnGiveCode(
  tx: Tx,
  couponId: number,
  userId: number | null | undefined,
  field: string,
) {
  if (userId == null) return;
  const [own] = await tx
    .select({ id: rewardCoupons.id })
    .from(rewardCoupons)
    .innerJoin(rewardCampaigns, eq(rewardCampaigns.id, rewardCoupons.rewardCampaignId))
    .where(
      and(
        eq(rewardCoupons.couponId, couponId),
        eq(rewardCoupons.userId, userId),
        eq(rewardCampaigns.rewardType, "give"),
      ),
    )
    .limit(1);
  if (own) throw new DomainError("invalid", { [field]: [couponNotApplied(COUPON_NOT_FOUND)] });
}

/**
 * Gift cards (credit a user's ledger once) and refer-a-friend rewards (spec 001 sections 3, 6, 7:
 * a "give" campaign hands the sharer a code for friends, a "receive" campaign a reward for the
 * sharer). Each reward campaign gives a user one coupon, ever.
 */
export function createRewardService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  const activeNow = () => {
    const now = clock.now().toISOString();
    return and(
      eq(rewardCampaigns.isActive, true),
      sql`(${rewardCampaigns.startDate} is null or ${rewardCampaigns.startDate} <= ${now}::timestamptz)`,
      sql`(${rewardCampaigns.endDate} is null or ${rewardCampaigns.endDate} > ${now}::timestamptz)`,
    );
  };

  async function campaignsWithCoupons(userId: number | null) {
    const list = await db
      .select()
      .from(rewardCampaigns)
      .where(activeNow())
      .orderBy(asc(rewardCampaigns.id));
    const mine = userId
      ? await db
          .select({ campaignId: rewardCoupons.rewardCampaignId, code: coupons.code })
          .from(rewardCoupons)
          .innerJoin(coupons, eq(coupons.id, rewardCoupons.couponId))
          .where(and(eq(rewardCoupons.userId, userId), isNull(rewardCoupons.removedAt)))
          .orderBy(asc(rewardCoupons.id))
      : [];
    return list.map((c) => ({
      id: c.id,
      name: c.name,
      reward_type: c.rewardType,
      type: c.type,
      value: c.type === "fixed" ? toMajor(c.value) : c.value,
      discount_display: c.discountDisplay,
      end_date: c.endDate?.toISOString() ?? null,
      coupons: mine.filter((m) => m.campaignId === c.id).map((m) => ({ code: m.code })),
    }));
  }

  /** GET /api/rewards/campaigns/ */
  const listCampaigns = (user: RewardUser | null) => campaignsWithCoupons(user?.id ?? null);

  /**
   * POST /api/rewards/{campaign_id}/redeem/: the user's coupon of the campaign, made once ever (a
   * removed coupon still counts, so remove-and-redeem mints nothing). Only a verified account
   * that may see the incentivized share (2 or more purchases, a give and a receive campaign) can
   * redeem, and a "receive" reward needs a real referral (docs/decisions/040-reward-coupons.md).
   * The campaign row lock serialises concurrent redeems, so two parallel calls make one coupon.
   */
  async function redeem(user: RewardUser & { emailVerified: boolean }, campaignId: number) {
    const ok = await db.transaction(async (tx) => {
      const [campaign] = await tx
        .select()
        .from(rewardCampaigns)
        .where(and(eq(rewardCampaigns.id, campaignId), activeNow()))
        .limit(1)
        .for("update");
      if (!campaign) return false;
      const [existing] = await tx
        .select({ id: rewardCoupons.id, removedAt: rewardCoupons.removedAt })
        .from(rewardCoupons)
        .where(
          and(eq(rewardCoupons.rewardCampaignId, campaign.id), eq(rewardCoupons.userId, user.id)),
        )
        .orderBy(asc(rewardCoupons.id))
        .limit(1);
      if (existing) return existing.removedAt == null;
      if (!(await mayRedeem(tx, user, campaign.rewardType))) return false;
      const [coupon] = await tx
        .insert(coupons)
        .values({
          code: rewardCode(),
          type: campaign.type,
          value: campaign.value,
          // A "give" code is for friends (once per friend's e-mail); a "receive" reward is the
          // sharer's own, once.
          singleUse: true,
          maxUses: campaign.rewardType === "receive" ? 1 : null,
          email: campaign.rewardType === "receive" ? user.email : null,
          endDate: campaign.endDate,
          createdAt: clock.now(),
        })
        .returning({ id: coupons.id });
      if (!coupon) return false;
      await tx.insert(rewardCoupons).values({
        rewardCampaignId: campaign.id,
        userId: user.id,
        couponId: coupon.id,
        createdAt: clock.now(),
      });
      return true;
    });
    if (!ok) return null;
    const all = await campaignsWithCoupons(user.id);
    return all.find((c) => c.id === campaignId) ?? null;
  }

  /** The server's own check of the incentivized-share rules, from the database, not the session. */
  async function mayRedeem(
    tx: Tx,
    user: RewardUser & { emailVerified: boolean },
    rewardType: string,
  ): Promise<boolean> {
    if (!user.emailVerified) return false;
    const active = await tx
      .select({ rewardType: rewardCampaigns.rewardType })
      .from(rewardCampaigns)
      .where(activeNow());
    const counted = await tx.execute(sql`select ${dealsOwnedCount(sql`${user.id}`)} as n`);
    const [owned] = (
      Array.isArray(counted) ? counted : ((counted as { rows?: unknown[] }).rows ?? [])
    ) as { n: number }[];
    const eligible = canSeeIncentivizedShare(
      Number(owned?.n ?? 0),
      active.some((c) => c.rewardType === "give"),
      active.some((c) => c.rewardType === "receive"),
    );
    if (!eligible) return false;
    return rewardType !== "receive" || (await hasReferral(tx, user));
  }

  /**
   * A referral: another account (another user id and another e-mail) paid an order with one of
   * this user's "give" codes, and that order still holds something not refunded.
   */
  async function hasReferral(tx: Tx, user: RewardUser): Promise<boolean> {
    const [row] = await tx
      .select({ id: couponRedemptions.id })
      .from(couponRedemptions)
      .innerJoin(rewardCoupons, eq(rewardCoupons.couponId, couponRedemptions.couponId))
      .innerJoin(rewardCampaigns, eq(rewardCampaigns.id, rewardCoupons.rewardCampaignId))
      .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
      .where(
        and(
          eq(rewardCoupons.userId, user.id),
          eq(rewardCampaigns.rewardType, "give"),
          eq(orders.status, "paid"),
          ne(orders.userId, user.id),
          sql`lower(coalesce(${couponRedemptions.email}, '')) <> lower(${user.email})`,
          sql`exists (select 1 from invoice_items ii where ii.order_id = ${orders.id}
            and ii.refunded_at is null)`,
        ),
      )
      .limit(1);
    return row != null;
  }

  /** POST /api/rewards/remove/ {code}: retires the user's reward coupon (and takes it off the cart). */
  async function remove(user: RewardUser, code: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: rewardCoupons.id, couponId: rewardCoupons.couponId })
        .from(rewardCoupons)
        .innerJoin(coupons, eq(coupons.id, rewardCoupons.couponId))
        .where(
          and(
            eq(rewardCoupons.userId, user.id),
            isNull(rewardCoupons.removedAt),
            sql`upper(${coupons.code}) = ${code.trim().toUpperCase()}`,
          ),
        )
        .limit(1);
      if (!row) return false;
      await tx
        .update(rewardCoupons)
        .set({ removedAt: clock.now() })
        .where(eq(rewardCoupons.id, row.id));
      await tx.update(coupons).set({ isActive: false }).where(eq(coupons.id, row.couponId));
      await tx
        .update(carts)
        .set({ couponId: null })
        .where(and(eq(carts.userId, user.id), eq(carts.couponId, row.couponId)));
      return true;
    });
  }

  /** GET /api/rewards/share-campaigns/: "Share & get {discount}" for users with 2+ purchases. */
  async function shareCampaigns(user: RewardUser | null) {
    const list = await campaignsWithCoupons(user?.id ?? null);
    const give = list.find((c) => c.reward_type === "give") ?? null;
    const receive = list.find((c) => c.reward_type === "receive") ?? null;
    const eligible = canSeeIncentivizedShare(
      user?.numberOfPurchases ?? 0,
      give != null,
      receive != null,
    );
    return {
      eligible,
      give: eligible ? give : null,
      receive: eligible ? receive : null,
      discount_display: eligible ? (receive?.discount_display ?? null) : null,
    };
  }

  /**
   * POST /api/giftcards/{code}/redeem/: a conditional update claims the card, so two redemptions
   * of one card cannot both credit.
   */
  async function redeemGiftCard(
    userId: number,
    code: string,
  ): Promise<
    | { status: "ok"; creditCents: number; amountCents: number }
    | { status: "not_found" | "redeemed" }
  > {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const [card] = await tx
        .update(giftCards)
        .set({ redeemedByUserId: userId, redeemedAt: now })
        .where(
          and(
            sql`upper(${giftCards.code}) = ${code.trim().toUpperCase()}`,
            isNull(giftCards.redeemedAt),
            sql`(${giftCards.expiresAt} is null or ${giftCards.expiresAt} > ${now.toISOString()}::timestamptz)`,
          ),
        )
        .returning({ id: giftCards.id, amountCents: giftCards.amountCents });
      if (!card) {
        const [known] = await tx
          .select({ redeemedAt: giftCards.redeemedAt })
          .from(giftCards)
          .where(sql`upper(${giftCards.code}) = ${code.trim().toUpperCase()}`)
          .limit(1);
        return { status: known?.redeemedAt ? "redeemed" : "not_found" };
      }
      await tx.insert(credits).values({
        userId,
        amountCents: card.amountCents,
        reason: "gift_card",
        note: "Gift card",
        giftCardId: card.id,
        createdAt: now,
      });
      const [balance] = await tx
        .select({ n: sql<number>`coalesce(sum(${credits.amountCents}), 0)::int` })
        .from(credits)
        .where(eq(credits.userId, userId));
      return { status: "ok", creditCents: balance?.n ?? 0, amountCents: card.amountCents };
    });
  }

  return { listCampaigns, redeem, remove, shareCampaigns, redeemGiftCard };
}

export type RewardService = ReturnType<typeof createRewardService>;
