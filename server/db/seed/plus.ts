import { eq } from "drizzle-orm";
import { PLUS_DEAL_SLUG, PLUS_PRICE_CENTS } from "../../../domain/constants";
import { deals, plans } from "../schema";
import { demoImage, type Timeline, type Tx } from "./util";

/**
 * Plus is sold as a deal of its own (domain/constants.ts PLUS_DEAL_SLUG): one annual plan at
 * PLUS_PRICE_CENTS. Private, so it never lists in the storefront; the cart and /plus add it.
 * Added only if absent. The demo coupons, gift card and reward campaigns the cart uses are in
 * marketing.ts (WELCOME10, SAVE20, TASKFLOW25, EXPIRED5, DEMO-GIFT-25, give and receive).
 */
export async function seedPlusDeal(tx: Tx, time: Timeline): Promise<number> {
  const [existing] = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(eq(deals.slug, PLUS_DEAL_SLUG))
    .limit(1);
  if (existing) return existing.id;
  const [deal] = await tx
    .insert(deals)
    .values({
      slug: PLUS_DEAL_SLUG,
      name: "Payonce Plus",
      publicName: "Payonce Plus",
      cardDescription:
        "A further 10% off every deal, early access, Plus-exclusive deals and purchase protection",
      productLogo: demoImage("logo-payonce-plus"),
      mediaUrl: demoImage("payonce-plus"),
      listingType: null,
      dealStatus: "Private",
      isRedeemable: false,
      refundableDays: 30,
      startDate: time.ago(400),
      createdAt: time.ago(400),
      updatedAt: time.ago(1),
    })
    .returning({ id: deals.id });
  if (!deal) throw new Error("seed: Plus deal not created");
  await tx.insert(plans).values({
    dealId: deal.id,
    publicName: "Plus annual membership",
    tier: 1,
    priceCents: PLUS_PRICE_CENTS,
    originalPriceCents: PLUS_PRICE_CENTS,
    codes: 1,
    planType: "subscription",
    access: "annual",
    interval: "year",
    intervalCount: 1,
    position: 0,
  });
  return deal.id;
}
