import { RestockSignup } from "../../marketing/restock-signup";
import type { BlockProps } from "../block-props";
import { BlockSection } from "../shell";

/** Sold-out deals: "notify me when it returns" (the growth work's sign-up). */
export function SoldOutNotificationSignupBlock(props: BlockProps) {
  if (!props.deal.has_ended) return null;
  return (
    <BlockSection props={props}>
      <RestockSignup deal={props.deal} viewer={props.viewer} />
    </BlockSection>
  );
}
