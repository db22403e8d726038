import { CampaignBanner } from "../../ui/campaign-banner";
import type { BlockProps } from "../block-props";
import { BlockSection } from "../shell";

/** The live campaign's banner, on deals that take part in it. */
export function CampaignBannerBlock(props: BlockProps) {
  const campaign = props.page.campaign;
  if (!campaign || !props.deal.participation.includes(campaign.optin_slug)) return null;
  return (
    <BlockSection props={props} className="overflow-hidden rounded-2xl">
      <CampaignBanner campaign={campaign} now={props.page.now} />
    </BlockSection>
  );
}
