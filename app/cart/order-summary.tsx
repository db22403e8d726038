import { Form, Link, useNavigation } from "react-router";
import type { CartJson } from "../../server/web/commerce-presenters";
import type { PaymentsConfig } from "../payments/payments-config";
import type { CartPageData } from "./cart.server";
import { ChargedInUsd } from "./charged-in-usd";
import { money } from "./money";
import { CardPayForm, type PayMessage } from "./pay-form";

type Props = {
  cart: CartJson;
  signedIn: boolean;
  cards: CartPageData["cards"];
  idempotencyKey: string;
  csrfToken: string;
  checkoutError: string | null;
  couponError: string | null;
  giftCardMessage: { ok: boolean; text: string } | null;
  payments: PaymentsConfig;
  /** The browser's last payment attempt (or 3-D Secure return), and how to report a new one. */
  payMessage: PayMessage | null;
  onPayMessage: (message: PayMessage | null) => void;
  confirmingPayment: boolean;
};

function Row({ label, value, tone }: { label: string; value: string; tone?: "discount" }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-ink-soft">{label}</dt>
      <dd className={tone === "discount" ? "font-semibold text-emerald-700" : "font-semibold"}>
        {value}
      </dd>
    </div>
  );
}

function CouponForm({ cart, error }: { cart: CartJson; error: string | null }) {
  const busy = useNavigation().formData?.get("intent") === "coupon";
  if (cart.coupon) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm">
        <span>
          Coupon <strong data-testid="applied-coupon">{cart.coupon.code}</strong>
          {cart.coupon.error ? (
            <span className="block text-red-700">{cart.coupon.error}</span>
          ) : null}
        </span>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="remove_coupon" />
          <button type="submit" className="font-semibold underline underline-offset-4">
            Remove
          </button>
        </Form>
      </div>
    );
  }
  return (
    <Form method="post" preventScrollReset aria-label="Coupon">
      <input type="hidden" name="intent" value="coupon" />
      <label htmlFor="coupon-code" className="text-sm font-semibold">
        Coupon code
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id="coupon-code"
          name="code"
          autoComplete="off"
          placeholder="Enter code"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "coupon-error" : undefined}
          className="min-w-0 flex-1 rounded-xl border border-black/10 bg-white px-3 py-2 text-sm uppercase outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-400/40"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-xl border border-ink px-4 py-2 text-sm font-semibold hover:bg-ink hover:text-white disabled:opacity-60"
        >
          Apply
        </button>
      </div>
      {error ? (
        <p id="coupon-error" role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

function CreditsToggle({ cart }: { cart: CartJson }) {
  if (cart.credit <= 0) return null;
  return (
    <Form
      method="post"
      preventScrollReset
      className="flex items-center justify-between gap-3 text-sm"
    >
      <input type="hidden" name="intent" value="credits" />
      <input type="hidden" name="use_credit" value={cart.use_credit ? "false" : "true"} />
      <span>
        You have <strong>{money(cart.credit)}</strong> in credits
      </span>
      <button
        type="submit"
        role="switch"
        aria-checked={cart.use_credit}
        className="flex shrink-0 items-center gap-2 whitespace-nowrap font-semibold"
      >
        <span
          className={`relative h-6 w-11 rounded-full transition ${cart.use_credit ? "bg-emerald-600" : "bg-stone-300"}`}
        >
          <span
            className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition ${cart.use_credit ? "left-5.5" : "left-0.5"}`}
          />
        </span>
        Use credits
      </button>
    </Form>
  );
}

function GiftCardForm({ message }: { message: Props["giftCardMessage"] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-semibold text-ink-soft hover:text-ink">
        Have a gift card?
      </summary>
      <Form method="post" preventScrollReset className="mt-2 flex gap-2">
        <input type="hidden" name="intent" value="giftcard" />
        <label htmlFor="giftcard" className="sr-only">
          Gift card code
        </label>
        <input
          id="giftcard"
          name="giftcard"
          autoComplete="off"
          placeholder="Gift card code"
          className="min-w-0 flex-1 rounded-xl border border-black/10 px-3 py-2 uppercase outline-none focus:border-brand-500"
        />
        <button type="submit" className="rounded-xl border border-ink px-4 py-2 font-semibold">
          Redeem
        </button>
      </Form>
      {message ? (
        <p role="status" className={`mt-1.5 ${message.ok ? "text-emerald-700" : "text-red-700"}`}>
          {message.text}
        </p>
      ) : null}
    </details>
  );
}

function PayForm(props: Props) {
  const { cart } = props;
  const label =
    cart.payment_kind === "free"
      ? "Get it now for FREE"
      : cart.payment_kind === "credits"
        ? "Pay with credits"
        : `Pay ${money(cart.total)}`;
  const note = (
    <p className="text-center text-xs text-ink-soft">
      {cart.paypal_available ? "PayPal available on request · " : ""}Secure checkout. You are
      charged once, even if you click twice.
    </p>
  );
  if (cart.payment_kind === "card") {
    return (
      <div className="space-y-3">
        <CardPayForm
          cards={props.cards}
          idempotencyKey={props.idempotencyKey}
          payments={props.payments}
          label={label}
          confirming={props.confirmingPayment}
          onMessage={props.onPayMessage}
        />
        {note}
      </div>
    );
  }
  return (
    // Nothing to charge: a plain form (works without JavaScript); /checkout/ is the server's call
    // (contract.md), not a page action.
    <form method="post" action="/checkout/" className="space-y-3" data-testid="pay-form">
      <input type="hidden" name="csrfmiddlewaretoken" value={props.csrfToken} />
      <input type="hidden" name="idempotency_key" value={props.idempotencyKey} />
      <button
        type="submit"
        className="w-full rounded-full bg-brand-400 px-5 py-3 text-base font-bold text-ink shadow-card transition hover:bg-brand-500"
      >
        {label}
      </button>
      {note}
    </form>
  );
}

/** The outcome of the last payment attempt: why it failed, or that it is still processing. */
export function PayNotice({
  message,
  fallbackError,
}: {
  message: PayMessage | null;
  fallbackError: string | null;
}) {
  if (message?.tone === "processing") {
    return (
      <div
        role="status"
        className="rounded-xl bg-amber-50 px-3 py-2.5 text-sm font-medium text-amber-900"
        data-testid="checkout-processing"
      >
        {message.text}{" "}
        <Link to="/account/products/" className="font-semibold underline underline-offset-4">
          See your products
        </Link>
      </div>
    );
  }
  const error = message?.text ?? fallbackError;
  if (!error) return null;
  return (
    <p
      role="alert"
      className="rounded-xl bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800"
      data-testid="checkout-error"
    >
      {error}
    </p>
  );
}

/** Totals, coupon, credits and the way to pay (or to log in first). */
export function OrderSummary(props: Props) {
  const { cart } = props;
  return (
    <aside className="space-y-5 rounded-2xl border border-black/5 bg-white p-5 shadow-card lg:sticky lg:top-24">
      <h2 className="text-lg font-bold">Order summary</h2>
      <CouponForm cart={cart} error={props.couponError} />
      {props.signedIn ? <CreditsToggle cart={cart} /> : null}
      <dl className="border-t border-black/5 pt-3" data-testid="cart-totals">
        <Row label="Subtotal" value={money(cart.subtotal)} />
        {cart.discounts.length ? (
          // Already taken off the lines' prices: named here so the buyer sees what they got.
          <ul
            className="pb-1 text-xs font-semibold text-emerald-700"
            aria-label="Discounts applied"
          >
            {cart.discounts.map((d) => (
              <li key={d.label} data-testid="cart-discount">
                {d.text}
              </li>
            ))}
          </ul>
        ) : null}
        {cart.coupon_discount > 0 ? (
          <Row
            label={`Coupon ${cart.coupon?.code ?? ""}`}
            value={`-${money(cart.coupon_discount)}`}
            tone="discount"
          />
        ) : null}
        {cart.credit_applied > 0 ? (
          <Row label="Credits" value={`-${money(cart.credit_applied)}`} tone="discount" />
        ) : null}
        <div className="mt-2 flex items-baseline justify-between border-t border-black/5 pt-3">
          <dt className="font-bold">Total</dt>
          <dd className="text-2xl font-black tabular-nums" data-testid="cart-total">
            {money(cart.total)}
          </dd>
        </div>
        <ChargedInUsd major={cart.total} className="pt-1 text-right text-xs text-ink-soft" />
      </dl>
      <PayNotice message={props.payMessage} fallbackError={props.checkoutError} />
      {props.signedIn ? (
        <PayForm {...props} />
      ) : (
        <div className="space-y-2 text-center">
          <Link
            to="/accounts/login/?next=/cart"
            className="block w-full rounded-full bg-ink px-5 py-3 font-bold text-white hover:bg-black"
          >
            Log in to pay
          </Link>
          <p className="text-xs text-ink-soft">
            New here?{" "}
            <Link to="/accounts/signup/?next=/cart" className="font-semibold underline">
              Create an account
            </Link>
            . Your cart comes with you.
          </p>
        </div>
      )}
      {props.signedIn ? <GiftCardForm message={props.giftCardMessage} /> : null}
    </aside>
  );
}
