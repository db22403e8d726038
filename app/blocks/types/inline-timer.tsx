import { DealTimer } from "../../product/plan-bits";
import type { BlockProps } from "../block-props";
import { BlockSection } from "../shell";

/**
 * inline_timer: the deal inline timer (spec 001 section 4): "Deal ends in" (or the timer
 * reason's message), the countdown and the limited-quantity message. Nothing when the deal has no
 * visible timer (no active timer, inactive stage, nothing ahead).
 */
export function InlineTimerBlock(props: BlockProps) {
  // An ended deal has no timer (also in a staff preview past its end, whose clock is the page's).
  if (!props.deal.active_timer || props.deal.has_ended) return null;
  return (
    <BlockSection props={props}>
      <DealTimer deal={props.deal} />
    </BlockSection>
  );
}
