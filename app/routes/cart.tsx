import { useRef, useState } from "react";
import { Link } from "react-router";
import { PLUS_DISCOUNT_PERCENT, PLUS_PRICE_CENTS } from "../../domain/constants";
import { formatPrice } from "../../domain/money";
import { type BeforePay, BeforePayContext } from "../cart/before-pay";
import { type BillingActionResult, BillingFields } from "../cart/billing-fields";
import { billingAction, loadBillingFields } from "../cart/billing-fields.server";
import { cartAction, loadCartPage } from "../cart/cart.server";
import { CartLine } from "../cart/cart-line";
import { OrderSummary, PayNotice } from "../cart/order-summary";
import { type PayMessage, useChallengeReturn } from "../cart/pay-form";
import { privateMeta } from "../seo/meta";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = () => privateMeta("Your cart");

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const loader = async ({ context, request }: Route.LoaderArgs) => ({
  ...(await loadCartPage(context, request)),
  billing: await loadBillingFields(context, request),
});

export const action = async ({ context, request }: Route.ActionArgs) =>
  (await billingAction(context, request)) ?? cartAction(context, request);

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart } = loaderData;
  const couponError =
    actionData && !actionData.ok && actionData.field === "code" ? actionData.message : null;
  const giftCardMessage =
    actionData?.message && actionData.field === "giftcard"
      ? { ok: actionData.ok, text: actionData.message }
      : null;
  const notice = actionData?.message && !actionData.field ? actionData : null;
  const [payMessage, setPayMessage] = useState<PayMessage | null>(null);
  const beforePay = useRef<BeforePay | null>(null);
  // Back from the test gateway's 3-D Secure page: the cart may be empty by now (the order paid).
  const confirming = useChallengeReturn(loaderData.idempotencyKey, setPayMessage);
  return (
    <BeforePayContext.Provider value={beforePay}>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-3xl font-black tracking-tight">Your cart</h1>
        {cart.cart_items.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-black/10 bg-stone-50 px-6 py-16 text-center">
            <p className="text-lg font-bold">Your cart is empty.</p>
            <p className="mt-1 text-ink-soft">
              Lifetime deals on the software your business runs on.
            </p>
            <Link
              to="/browse"
              className="mt-6 inline-block rounded-full bg-brand-400 px-6 py-3 font-bold hover:bg-brand-500"
            >
              Browse deals
            </Link>
            {confirming ? (
              <p role="status" className="mt-4 text-sm font-semibold">
                Confirming your payment…
              </p>
            ) : null}
            {payMessage || loaderData.checkoutError ? (
              <div className="mx-auto mt-4 max-w-md">
                <PayNotice message={payMessage} fallbackError={loaderData.checkoutError} />
              </div>
            ) : null}
            {/* A refused add from the product page's form (no JavaScript) lands here. */}
            {notice && !notice.ok ? (
              <p role="alert" className="mt-4 text-sm text-red-700">
                {notice.message}
              </p>
            ) : null}
          </div>
        ) : (
          <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_380px]">
            <section aria-label="Items in your cart">
              <p className="text-sm text-ink-soft">
                {cart.item_count} {cart.item_count === 1 ? "item" : "items"}
                {cart.is_freebie ? " · Free" : ""}
              </p>
              {notice ? (
                <p
                  role={notice.ok ? "status" : "alert"}
                  className={`mt-3 rounded-xl px-3 py-2 text-sm ${notice.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`}
                >
                  {notice.message}
                </p>
              ) : null}
              <ul className="divide-y divide-black/5 border-y border-black/5">
                {cart.cart_items.map((line) => (
                  <CartLine key={line.id} line={line} />
                ))}
              </ul>
              {loaderData.billing ? (
                <BillingFields
                  billing={loaderData.billing}
                  actionData={
                    actionData?.field === "billing" ? (actionData as BillingActionResult) : null
                  }
                />
              ) : null}
              {!cart.has_plus && !cart.has_plus_deal ? (
                <Link
                  to="/plus?ref=plus-page-cart"
                  className="mt-6 flex items-center justify-between gap-4 rounded-2xl bg-[#f4efff] px-5 py-4 text-sm hover:shadow-card"
                >
                  <span>
                    <strong>Save a further {PLUS_DISCOUNT_PERCENT}% with Plus.</strong>{" "}
                    {formatPrice(PLUS_PRICE_CENTS)} a year, purchase protection included.
                  </span>
                  <span className="shrink-0 font-bold">Learn more →</span>
                </Link>
              ) : null}
            </section>
            <OrderSummary
              cart={cart}
              signedIn={loaderData.signedIn}
              cards={loaderData.cards}
              idempotencyKey={loaderData.idempotencyKey}
              csrfToken={loaderData.csrfToken}
              checkoutError={loaderData.checkoutError}
              couponError={couponError}
              giftCardMessage={giftCardMessage}
              payments={loaderData.payments}
              payMessage={payMessage}
              onPayMessage={setPayMessage}
              confirmingPayment={confirming}
            />
          </div>
        )}
      </main>
    </BeforePayContext.Provider>
  );
}
