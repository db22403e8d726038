import { useId } from "react";
import { subscribeCopy } from "../../domain/storefront";
import type { CampaignJson } from "../../server/services/storefront/modular-pages";
import { EmailCapture } from "./email-capture";

/** The first-order offer's copy: the live percent campaign's discount, else 10%. */
export const firstOrderCopy = (campaign: CampaignJson | null) =>
  subscribeCopy(campaign?.type === "percent" ? { type: "percent", value: campaign.value } : null);

/**
 * The subscribe banner with the spec's default copy; the discount is the live campaign's when it
 * is a percent campaign, else 10%. Shown to visitors who are not signed in.
 */
export function SubscribeBanner({ campaign }: { campaign: CampaignJson | null }) {
  const copy = firstOrderCopy(campaign);
  const headingId = useId();
  // Named by its heading, the banner is a region landmark: it sits outside <main>.
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="grid items-center gap-6 overflow-hidden rounded-3xl bg-ink px-6 py-8 text-white sm:px-10 sm:py-10 lg:grid-cols-2">
        <div>
          <h2 id={headingId} className="text-2xl font-black tracking-tight sm:text-3xl">
            {copy.title}
          </h2>
          <p className="mt-2 text-white/75">{copy.subtitle}</p>
        </div>
        <div>
          <EmailCapture
            button={copy.button}
            discount={copy.discount}
            component="subscribe_banner"
            content="subscribe-banner"
            dark
          />
          <p className="mt-3 text-xs text-white/60">{copy.note}</p>
        </div>
      </div>
    </section>
  );
}
