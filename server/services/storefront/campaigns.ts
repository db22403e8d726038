import { and, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { toMajor } from "../../../domain/money";
import { campaignDiscountLabel } from "../../../domain/storefront";
import type { Db } from "../../db/client";
import { campaigns } from "../../db/schema";
import type { Clock } from "../../providers/clock";
import { iso } from "./deal-json";

export type CampaignJson = {
  id: number;
  optin_slug: string;
  type: "percent" | "fixed";
  /** Percent for percent campaigns; major units for fixed ones (contract.md). */
  value: number;
  name: string;
  public_name: string;
  start_date: string | null;
  end_date: string | null;
  deal_tiers: number[];
  campaign_discount: string | null;
  /** "15%" or "$10": what the subscribe banner and badges say. */
  discount_label: string | null;
  campaign_config: {
    banner_content: string | null;
    banner_color: string | null;
    banner_font_color: string | null;
    banner_badge: string | null;
    sku_logo: string | null;
    smart_collection_slug: string | null;
    allow_asksumo_discount: boolean;
  };
  /** Where the banner links: the campaign's smart collection. */
  url: string | null;
  /**
   * Whether the cart applies the campaign's discount (CAMPAIGN_PRICING_EXPERIMENT). When false
   * the banner names the campaign without its discount copy or badge: a banner never promises
   * what the cart does not give.
   */
  discount_applies: boolean;
};

/** The storefront's campaigns: the live one drives the banner, badges and subscribe offer. */
export function createCampaignReader(deps: { db: Db; clock: Clock; campaignPricing?: boolean }) {
  const { db, clock } = deps;

  /** The live campaign (the most recently started), or null; one statement. */
  async function activeCampaign(at?: Date): Promise<CampaignJson | null> {
    const now = at ?? clock.now();
    const [c] = await db
      .select()
      .from(campaigns)
      .where(
        and(
          eq(campaigns.isActive, true),
          or(isNull(campaigns.startDate), lte(campaigns.startDate, now)),
          or(isNull(campaigns.endDate), gt(campaigns.endDate, now)),
        ),
      )
      .orderBy(sql`${campaigns.startDate} desc nulls last`, desc(campaigns.id))
      .limit(1);
    if (!c) return null;
    return {
      id: c.id,
      optin_slug: c.optinSlug,
      type: c.type,
      value: c.type === "fixed" ? toMajor(c.value) : c.value,
      name: c.name,
      public_name: c.publicName,
      start_date: iso(c.startDate),
      end_date: iso(c.endDate),
      deal_tiers: c.dealTiers,
      campaign_discount: c.discountDisplay,
      discount_label: campaignDiscountLabel({ type: c.type, value: c.value }),
      campaign_config: {
        banner_content: c.bannerContent,
        banner_color: c.bannerColor,
        banner_font_color: c.bannerFontColor,
        banner_badge: c.bannerBadge,
        sku_logo: c.skuLogo,
        smart_collection_slug: c.smartCollectionSlug,
        allow_asksumo_discount: c.allowAsksumoDiscount,
      },
      url: c.smartCollectionSlug ? `/collections/${c.smartCollectionSlug}/` : null,
      discount_applies: deps.campaignPricing === true,
    };
  }

  return { activeCampaign };
}
