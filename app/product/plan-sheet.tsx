import * as Dialog from "@radix-ui/react-dialog";
import { needsPlusShelf } from "../../domain/deal-state";
import type { BuyBarsProps } from "./buy-bars";
import { BuyButton } from "./plan-bits";
import { PlanSelector } from "./plan-selector";
import { PlusOnlyNote } from "./plus-only-note";
import { selectedPlan, usePurchase } from "./purchase-context";

/** The phone bar's plan chooser sheet: the plans (with the toggle) and the buy button. */
export default function PlanSheet({
  deal,
  viewer,
  open,
  onOpenChange,
}: BuyBarsProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { state } = usePurchase(deal);
  const plan = selectedPlan(deal, state);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[85vh] overflow-y-auto rounded-t-3xl bg-brand-50 p-5 pb-8 shadow-card-hover">
          <div className="mx-auto mb-4 h-1.5 w-12 rounded-full bg-black/15" aria-hidden="true" />
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-black">Choose your plan</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded-full px-2 text-2xl leading-none text-ink-soft"
            >
              ×
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Pick a plan of {deal.public_name || deal.name} and buy it.
          </Dialog.Description>
          <div className="mt-4 space-y-4">
            <PlanSelector deal={deal} plusMember={viewer.hasPlus} />
            {plan && needsPlusShelf(deal.buy_button, plan, viewer.hasPlus) ? (
              <PlusOnlyNote plusHref={`/plus?ref=plus-page-${deal.slug}`} />
            ) : null}
            <BuyButton deal={deal} viewer={viewer} className="w-full" />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
