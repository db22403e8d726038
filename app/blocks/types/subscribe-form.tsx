import { dataString } from "../../../domain/blocks";
import { subscribeCopy } from "../../../domain/storefront";
import { EmailCapture } from "../../ui/email-capture";
import { cx } from "../../ui/format";
import type { BlockProps } from "../block-props";
import { BlockSection } from "../shell";

/**
 * Subscribe form: the e-mail capture with the spec's copy (the campaign's discount when one is
 * live); it renders only when its action, text and both slugs (content and campaign) are set.
 */
export function SubscribeFormBlock(props: BlockProps) {
  const d = props.block.data;
  const action = dataString(d, "action");
  const text = dataString(d, "text");
  const contentSlug = dataString(d, "content_slug");
  const campaignSlug = dataString(d, "campaign_slug");
  if (!action || !text || !contentSlug || !campaignSlug) return null;
  const campaign = props.page.campaign;
  const copy = subscribeCopy(
    campaign?.type === "percent" ? { type: "percent", value: campaign.value } : null,
  );
  return (
    <BlockSection props={props}>
      <div
        className={cx(
          "grid items-center gap-5 rounded-3xl bg-ink px-6 py-7 text-white md:grid-cols-2",
        )}
      >
        <div>
          <h2 className="text-xl font-black tracking-tight sm:text-2xl">
            {dataString(d, "title") ?? copy.title}
          </h2>
          <p className="mt-1 text-white/75">{text}</p>
        </div>
        <div>
          <EmailCapture
            button={copy.button}
            discount={copy.discount}
            component="subscribe_form"
            content={contentSlug}
            dark
          />
          <p className="mt-2 text-xs text-white/60">{copy.note}</p>
        </div>
      </div>
    </BlockSection>
  );
}
