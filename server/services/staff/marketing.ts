/**
 * Staff: campaigns, coupons and gift cards. A discount's `value` is a whole percent (type
 * percent) or money in major units (type fixed), stored as the schema stores it (percent or
 * cents). Campaign changes reprice every page (banners, prices): all pages are invalidated.
 */
import { desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { fieldError, notFound } from "../../../domain/errors";
import type {
  CampaignCreateSchema,
  CampaignPatchSchema,
  CouponCreateSchema,
  CouponPatchSchema,
  GiftCardCreateSchema,
  GiftCardPatchSchema,
} from "../../../domain/schemas/staff";
import { STAFF_MESSAGES, windowValid } from "../../../domain/staff";
import type { Db } from "../../db/client";
import { campaignDeals, campaigns, coupons, deals, giftCards } from "../../db/schema";
import type { PageEvents } from "../cache/page-events";
import { type Actor, allPages, createAuditedWrite, type Tx } from "./audit";
import { type ListQuery, matchingAny, pagedRows, sortOrder } from "./paging";
import { cents, defined, iso, major, uniqueOr } from "./shared";

/** The tables' sort keys. */
const CAMPAIGN_SORT = {
  name: campaigns.name,
  start_date: campaigns.startDate,
  end_date: campaigns.endDate,
  value: campaigns.value,
  active: campaigns.isActive,
};
const COUPON_SORT = {
  code: coupons.code,
  used: coupons.usedCount,
  start_date: coupons.startDate,
  end_date: coupons.endDate,
  active: coupons.isActive,
};
const GIFT_CARD_SORT = {
  code: giftCards.code,
  amount: giftCards.amountCents,
  expires_at: giftCards.expiresAt,
  created: giftCards.createdAt,
};

const PERCENT_MESSAGE = "A percent is a whole number from 0 to 100.";

/** The stored value of a discount, or the field's message. */
function storedValue(type: "percent" | "fixed", value: number): number {
  if (type === "percent") {
    if (!Number.isInteger(value) || value < 0 || value > 100)
      throw fieldError("value", PERCENT_MESSAGE);
    return value;
  }
  return cents(value);
}
const shownValue = (type: string, value: number) => (type === "percent" ? value : major(value));

type CampaignRow = typeof campaigns.$inferSelect;
function campaignJson(c: CampaignRow, dealIds: number[]) {
  return {
    id: c.id,
    optin_slug: c.optinSlug,
    name: c.name,
    public_name: c.publicName,
    type: c.type,
    value: shownValue(c.type, c.value),
    start_date: iso(c.startDate),
    end_date: iso(c.endDate),
    deal_tiers: c.dealTiers,
    deals: dealIds,
    discount_display: c.discountDisplay,
    banner_content: c.bannerContent,
    banner_color: c.bannerColor,
    banner_font_color: c.bannerFontColor,
    is_active: c.isActive,
  };
}

type CouponRow = typeof coupons.$inferSelect;
function couponJson(c: CouponRow) {
  return {
    id: c.id,
    code: c.code,
    type: c.type,
    value: shownValue(c.type, c.value),
    deal_ids: c.deals.flatMap((d) => (d.deal_id ? [d.deal_id] : [])),
    max_uses: c.maxUses,
    used_count: c.usedCount,
    single_use: c.singleUse,
    start_date: iso(c.startDate),
    end_date: iso(c.endDate),
    is_active: c.isActive,
  };
}

type GiftCardRow = typeof giftCards.$inferSelect;
function giftCardJson(g: GiftCardRow) {
  return {
    id: g.id,
    code: g.code,
    amount: major(g.amountCents),
    redeemed_by: g.redeemedByUserId,
    redeemed_at: iso(g.redeemedAt),
    expires_at: iso(g.expiresAt),
    created: iso(g.createdAt),
  };
}

export function createStaffMarketingService(deps: { db: Db; pageEvents: PageEvents }) {
  const { db } = deps;
  const auditedWrite = createAuditedWrite(deps);

  async function checkDeals(tx: Tx, field: string, ids: number[]) {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return wanted;
    const found = await tx.select({ id: deals.id }).from(deals).where(inArray(deals.id, wanted));
    if (found.length !== wanted.length) throw fieldError(field, STAFF_MESSAGES.unknownDeal);
    return wanted;
  }

  function checkWindow(start: Date | null | undefined, end: Date | null | undefined) {
    if (!windowValid(start, end)) throw fieldError("end_date", STAFF_MESSAGES.endBeforeStart);
  }

  // --- Campaigns -------------------------------------------------------------------------------

  async function campaignDealIds(tx: Tx | Db, ids: number[]) {
    const map = new Map<number, number[]>();
    if (!ids.length) return map;
    const rows = await tx
      .select()
      .from(campaignDeals)
      .where(inArray(campaignDeals.campaignId, ids));
    for (const r of rows)
      map.set(
        r.campaignId,
        [...(map.get(r.campaignId) ?? []), r.dealId].sort((a, b) => a - b),
      );
    return map;
  }

  async function listCampaigns(q: ListQuery) {
    const cond = matchingAny(q.query, campaigns.name, campaigns.optinSlug);
    const order = sortOrder(q.sort, CAMPAIGN_SORT, [desc(campaigns.id)], campaigns.id);
    const { rows, table } = await pagedRows(db, campaigns, cond, order, q.page);
    const ids = await campaignDealIds(
      db,
      rows.map((r) => r.id),
    );
    return table(rows.map((r) => campaignJson(r, ids.get(r.id) ?? [])));
  }

  async function loadCampaign(tx: Tx | Db, id: number) {
    const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id));
    if (!row) throw notFound();
    return campaignJson(row, (await campaignDealIds(tx, [id])).get(id) ?? []);
  }

  async function setCampaignDeals(tx: Tx, id: number, ids: number[]) {
    const wanted = await checkDeals(tx, "deals", ids);
    await tx.delete(campaignDeals).where(eq(campaignDeals.campaignId, id));
    if (wanted.length)
      await tx.insert(campaignDeals).values(wanted.map((dealId) => ({ campaignId: id, dealId })));
  }

  async function createCampaign(actor: Actor, body: z.infer<typeof CampaignCreateSchema>) {
    checkWindow(body.start_date, body.end_date);
    const value = storedValue(body.type, body.value);
    return auditedWrite(actor, { action: "campaign.create", entity: "campaign" }, async (tx) => {
      const [row] = await uniqueOr("optin_slug", "A campaign with this slug already exists.", () =>
        tx
          .insert(campaigns)
          .values({
            optinSlug: body.optin_slug,
            name: body.name,
            publicName: body.public_name,
            type: body.type,
            value,
            startDate: body.start_date,
            endDate: body.end_date,
            dealTiers: body.deal_tiers,
            discountDisplay: body.discount_display ?? null,
            bannerContent: body.banner_content ?? null,
            bannerColor: body.banner_color ?? null,
            bannerFontColor: body.banner_font_color ?? null,
            isActive: body.is_active,
          })
          .returning(),
      );
      if (!row) throw notFound();
      await setCampaignDeals(tx, row.id, body.deals);
      const after = await loadCampaign(tx, row.id);
      // Banners and prices on every page.
      return { result: after, id: row.id, after, pages: [allPages] };
    });
  }

  async function patchCampaign(
    actor: Actor,
    id: number,
    body: z.infer<typeof CampaignPatchSchema>,
  ) {
    return auditedWrite(
      actor,
      { action: "campaign.update", entity: "campaign", id },
      async (tx) => {
        const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
        if (!row) throw notFound();
        const before = await loadCampaign(tx, id);
        const type = body.type ?? row.type;
        const value =
          body.value !== undefined
            ? storedValue(type, body.value)
            : body.type
              ? storedValue(type, shownValue(row.type, row.value))
              : undefined;
        checkWindow(
          body.start_date !== undefined ? body.start_date : row.startDate,
          body.end_date !== undefined ? body.end_date : row.endDate,
        );
        const campaignChanges = defined({
          optinSlug: body.optin_slug,
          name: body.name,
          publicName: body.public_name,
          type: body.type,
          value,
          startDate: body.start_date,
          endDate: body.end_date,
          dealTiers: body.deal_tiers,
          discountDisplay: body.discount_display,
          bannerContent: body.banner_content,
          bannerColor: body.banner_color,
          bannerFontColor: body.banner_font_color,
          isActive: body.is_active,
        });
        // An empty PATCH changes nothing (and an UPDATE needs something to set).
        if (Object.keys(campaignChanges).length) {
          await uniqueOr("optin_slug", "A campaign with this slug already exists.", () =>
            tx.update(campaigns).set(campaignChanges).where(eq(campaigns.id, id)),
          );
        }
        if (body.deals) await setCampaignDeals(tx, id, body.deals);
        const after = await loadCampaign(tx, id);
        return { result: after, before, after, pages: [allPages] };
      },
    );
  }

  // --- Coupons ---------------------------------------------------------------------------------

  async function listCoupons(q: ListQuery) {
    const cond = matchingAny(q.query, coupons.code);
    const order = sortOrder(q.sort, COUPON_SORT, [desc(coupons.id)], coupons.id);
    const { rows, table } = await pagedRows(db, coupons, cond, order, q.page);
    return table(rows.map(couponJson));
  }

  async function createCoupon(actor: Actor, body: z.infer<typeof CouponCreateSchema>) {
    checkWindow(body.start_date, body.end_date);
    const value = storedValue(body.type, body.value);
    return auditedWrite(actor, { action: "coupon.create", entity: "coupon" }, async (tx) => {
      const dealIds = await checkDeals(tx, "deal_ids", body.deal_ids);
      const [row] = await uniqueOr("code", STAFF_MESSAGES.codeTaken, () =>
        tx
          .insert(coupons)
          .values({
            code: body.code,
            type: body.type,
            value,
            deals: dealIds.map((deal_id) => ({ deal_id })),
            maxUses: body.max_uses,
            singleUse: body.single_use,
            startDate: body.start_date,
            endDate: body.end_date,
            isActive: body.is_active,
          })
          .returning(),
      );
      if (!row) throw notFound();
      const after = couponJson(row);
      // A coupon is entered at the cart; no page shows it.
      return { result: after, id: row.id, after, pages: "none" };
    });
  }

  async function patchCoupon(actor: Actor, id: number, body: z.infer<typeof CouponPatchSchema>) {
    return auditedWrite(actor, { action: "coupon.update", entity: "coupon", id }, async (tx) => {
      const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
      if (!row) throw notFound();
      const type = body.type ?? row.type;
      const value =
        body.value !== undefined
          ? storedValue(type, body.value)
          : body.type
            ? storedValue(type, shownValue(row.type, row.value))
            : undefined;
      checkWindow(
        body.start_date !== undefined ? body.start_date : row.startDate,
        body.end_date !== undefined ? body.end_date : row.endDate,
      );
      const dealIds = body.deal_ids ? await checkDeals(tx, "deal_ids", body.deal_ids) : undefined;
      const couponChanges = defined({
        code: body.code,
        type: body.type,
        value,
        deals: dealIds?.map((deal_id) => ({ deal_id })),
        maxUses: body.max_uses,
        singleUse: body.single_use,
        startDate: body.start_date,
        endDate: body.end_date,
        isActive: body.is_active,
      });
      const [updated] = Object.keys(couponChanges).length
        ? await uniqueOr("code", STAFF_MESSAGES.codeTaken, () =>
            tx.update(coupons).set(couponChanges).where(eq(coupons.id, id)).returning(),
          )
        : [row];
      if (!updated) throw notFound();
      const after = couponJson(updated);
      return { result: after, before: couponJson(row), after, pages: "none" };
    });
  }

  // --- Gift cards ------------------------------------------------------------------------------

  async function listGiftCards(q: ListQuery) {
    const cond = matchingAny(q.query, giftCards.code);
    const order = sortOrder(q.sort, GIFT_CARD_SORT, [desc(giftCards.id)], giftCards.id);
    const { rows, table } = await pagedRows(db, giftCards, cond, order, q.page);
    return table(rows.map(giftCardJson));
  }

  async function createGiftCard(actor: Actor, body: z.infer<typeof GiftCardCreateSchema>) {
    return auditedWrite(actor, { action: "giftcard.create", entity: "giftcard" }, async (tx) => {
      const [row] = await uniqueOr("code", STAFF_MESSAGES.codeTaken, () =>
        tx
          .insert(giftCards)
          .values({ code: body.code, amountCents: cents(body.amount), expiresAt: body.expires_at })
          .returning(),
      );
      if (!row) throw notFound();
      const after = giftCardJson(row);
      // Gift cards are redeemed on the account; no page shows them.
      return { result: after, id: row.id, after, pages: "none" };
    });
  }

  /** Amount and expiry; a redeemed card's amount is history and stays. */
  async function patchGiftCard(
    actor: Actor,
    id: number,
    body: z.infer<typeof GiftCardPatchSchema>,
  ) {
    return auditedWrite(
      actor,
      { action: "giftcard.update", entity: "giftcard", id },
      async (tx) => {
        const [row] = await tx.select().from(giftCards).where(eq(giftCards.id, id)).for("update");
        if (!row) throw notFound();
        if (body.amount !== undefined && row.redeemedAt) {
          throw fieldError("amount", "A redeemed gift card's amount cannot change.");
        }
        const cardChanges = defined({
          amountCents: body.amount !== undefined ? cents(body.amount) : undefined,
          expiresAt: body.expires_at,
        });
        const [updated] = Object.keys(cardChanges).length
          ? await tx.update(giftCards).set(cardChanges).where(eq(giftCards.id, id)).returning()
          : [row];
        if (!updated) throw notFound();
        const after = giftCardJson(updated);
        return { result: after, before: giftCardJson(row), after, pages: "none" };
      },
    );
  }

  return {
    listCampaigns,
    getCampaign: (id: number) => loadCampaign(db, id),
    createCampaign,
    patchCampaign,
    listCoupons,
    createCoupon,
    patchCoupon,
    listGiftCards,
    createGiftCard,
    patchGiftCard,
  };
}
