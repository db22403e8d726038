import * as Dialog from "@radix-ui/react-dialog";
import {
  PLUS_DISCOUNT_PERCENT,
  PLUS_PRICE_CENTS,
  PURCHASE_PROTECTION_CREDIT_PERCENT_PLUS,
} from "../../domain/constants";
import { CONTINUE_WITH_PLUS } from "../../domain/messages";
import { toMajor } from "../../domain/money";
import { usePriceLabel } from "../marketing/display-currency";
import { TickIcon } from "../ui/icons";
import type { ProductPageDeal } from "./page-view";
import { activePlans } from "./purchase-context";
import { useAddToCart } from "./use-add-to-cart";
import type { ProductViewer } from "./viewer";

const loginPath = (slug: string) =>
  `/accounts/login/?next=${encodeURIComponent(`/products/${slug}/`)}`;

/**
 * The Plus shelf (spec 001 section 4 "Plus-gated purchase"): a non-member buying an early-access,
 * last-call or Plus-tier plan learns what Plus gives and may continue with Plus (added to the
 * cart first, then the plan). Anonymous visitors also get a login link back to this page, in case
 * they already are members.
 */
export default function PlusShelfDialog({
  deal,
  viewer,
}: {
  deal: ProductPageDeal;
  viewer: ProductViewer;
}) {
  const { shelfPlanId, closeShelf, continueWithPlus, adding } = useAddToCart(deal, viewer);
  const plan = activePlans(deal).find((p) => p.id === shelfPlanId);
  const open = plan != null;
  const label = usePriceLabel();
  // The member price the cart will charge once Plus is in it (readerPrice, on the server).
  const memberPrice = plan ? label(plan.plus_price) : null;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) closeShelf();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[90vh] overflow-y-auto rounded-t-3xl bg-white p-6 shadow-card-hover sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl">
          <div className="flex items-start justify-between gap-4">
            <div>
              <p className="inline-flex rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-black tracking-widest text-violet-800 uppercase">
                Plus
              </p>
              <Dialog.Title className="mt-2 text-2xl font-black tracking-tight">
                This deal is for Plus members
              </Dialog.Title>
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-mt-1 -mr-2 rounded-full p-2 text-ink-soft hover:bg-stone-100 hover:text-ink"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none">
                <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" />
              </svg>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-ink-soft">
            {plan ? (
              <>
                Join Plus to get{" "}
                <strong className="text-ink">
                  {deal.public_name || deal.name}
                  {activePlans(deal).length > 1 ? ` (${plan.public_name})` : ""}
                </strong>
                {memberPrice ? (
                  <>
                    {" "}
                    for <strong className="text-ink">{memberPrice}</strong>
                  </>
                ) : null}
                .
              </>
            ) : null}
          </Dialog.Description>
          <ul className="mt-4 space-y-2 text-sm">
            {[
              `An extra ${PLUS_DISCOUNT_PERCENT}% off every deal`,
              "Early access and Plus-exclusive deals",
              `${PURCHASE_PROTECTION_CREDIT_PERCENT_PLUS}% purchase protection in credits`,
            ].map((benefit) => (
              <li key={benefit} className="flex items-start gap-2">
                <TickIcon className="icon-tick mt-0.5 h-4 w-4 shrink-0 text-violet-700" />
                {benefit}
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-ink-soft">
            Plus is <strong className="text-ink">{label(toMajor(PLUS_PRICE_CENTS))}</strong> per
            year.
          </p>
          <button
            type="button"
            onClick={continueWithPlus}
            disabled={adding}
            aria-busy={adding}
            className="mt-5 w-full rounded-full bg-violet-700 px-6 py-3 font-bold text-white shadow-sm hover:bg-violet-800 disabled:opacity-60"
          >
            {CONTINUE_WITH_PLUS}
          </button>
          {viewer.isAuthenticated ? null : (
            <p className="mt-3 text-center text-sm text-ink-soft">
              Already a member?{" "}
              <a
                href={loginPath(deal.slug)}
                rel="nofollow"
                className="font-bold text-ink underline"
              >
                Log in
              </a>
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
