import { WaitlistCapture } from "../../marketing/waitlist-capture";
import type { BlockProps } from "../block-props";
import { BlockSection } from "../shell";

/** Informational and not-yet-live deals: the waitlist e-mail capture. */
export function InlineNotificationSignupBlock(props: BlockProps) {
  const { deal } = props;
  const waiting = deal.is_info || !deal.has_started || deal.buy_button.is_coming_soon;
  if (!waiting) return null;
  return (
    <BlockSection props={props}>
      <WaitlistCapture deal={deal} viewer={props.viewer} />
    </BlockSection>
  );
}
