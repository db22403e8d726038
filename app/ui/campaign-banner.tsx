import { readableTextColor } from "../../domain/contrast";
import type { CampaignJson } from "../../server/services/storefront/modular-pages";
import { CountdownClock } from "./countdown";

/**
 * The live campaign's banner: its content, colours and badge, linking to the campaign's smart
 * collection in a new tab (spec 001 section 2), with the time left.
 */
export function CampaignBanner({ campaign, now }: { campaign: CampaignJson | null; now: string }) {
  if (!campaign) return null;
  const config = campaign.campaign_config;
  // Without campaign pricing in the cart the banner names the campaign and claims no discount.
  const claims = campaign.discount_applies;
  const text = claims ? (config.banner_content ?? campaign.public_name) : campaign.public_name;
  const background = config.banner_color ?? "#1d1d2c";
  // The data's font colour when it reads on the data's background (WCAG AA), else ink or white.
  const style = {
    backgroundColor: background,
    color: readableTextColor(background, config.banner_font_color ?? "#ffffff"),
  };
  const body = (
    <>
      {claims && config.banner_badge ? (
        <span className="shrink-0 rounded-full bg-brand-400 px-2.5 py-1 text-[11px] font-black uppercase tracking-wide text-ink">
          {config.banner_badge}
        </span>
      ) : null}
      <span className="min-w-0 font-semibold">{text}</span>
      {campaign.url ? (
        <span className="shrink-0 underline underline-offset-4">Shop the sale →</span>
      ) : null}
    </>
  );
  return (
    <aside
      aria-label={campaign.public_name}
      data-campaign={campaign.optin_slug}
      className="text-sm"
      style={style}
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-2 px-4 py-2.5 sm:px-6">
        {campaign.url ? (
          <a
            href={campaign.url}
            target="_blank"
            rel="noopener"
            className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-center hover:opacity-90"
          >
            {body}
          </a>
        ) : (
          <p className="flex flex-wrap items-center justify-center gap-3">{body}</p>
        )}
        <CountdownClock
          start={campaign.start_date}
          end={campaign.end_date}
          now={now}
          invertColors
          className="!px-3 !py-1 [&_.text-xl]:text-base"
        />
      </div>
    </aside>
  );
}
