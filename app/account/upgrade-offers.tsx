import { useEffect, useRef, useState } from "react";
import { Form, Link, useSearchParams, useSubmit } from "react-router";
import { PAYMENT_FAILED, STRIPE_NOT_INITIALIZED } from "../../domain/messages";
import type { UpgradeOptionJson } from "../../server/web/upgrade-presenters";
import type { PaymentsConfig } from "../payments/payments-config";
import { useStripe } from "../payments/use-stripe";
import { cx, priceLabel } from "../ui/format";
import { buttonStyles, inputStyles } from "./shell";

export type UpgradeCard = { id: number; brand: string; last4: string; isDefault: boolean };

/**
 * "Upgrade to Tier 3 · $59.00": one button per plan above the owned one, each with the difference
 * it costs this buyer now, and the saved card to pay with (a link to add one when there is none).
 * The server checks and prices everything again; a plan the buyer may not take (Plus only) says
 * why instead of offering a button that would be refused.
 */
export function UpgradeOffers({
  invoiceItem,
  options,
  cards,
  idempotencyKey,
  busy,
  errors,
}: {
  invoiceItem: number;
  options: UpgradeOptionJson[];
  cards: UpgradeCard[];
  idempotencyKey: string;
  busy: boolean;
  errors?: string[];
}) {
  const needsCard = options.some((o) => o.available && o.difference > 0);
  const preferred = cards.find((c) => c.isDefault) ?? cards[0];
  const blocked = options.filter((o) => !o.available);
  const selectId = `upgrade-card-${invoiceItem}`;
  return (
    <div
      className="mt-4 rounded-xl border border-black/5 bg-stone-50 p-3"
      data-testid="upgrade-offers"
    >
      <p className="text-sm font-semibold text-ink">
        Upgrade your plan{" "}
        <span className="font-normal text-ink-soft">· pay only the difference</span>
      </p>
      <Form method="post" className="mt-2 flex flex-col gap-2.5">
        <input type="hidden" name="intent" value="upgrade" />
        <input type="hidden" name="invoice_item" value={invoiceItem} />
        <input type="hidden" name="idempotency_key" value={`${idempotencyKey}-${invoiceItem}`} />
        {needsCard && cards.length ? (
          <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
            <label htmlFor={selectId} className="text-xs font-semibold text-ink-soft">
              Pay with
            </label>
            <select
              id={selectId}
              name="payment_method"
              defaultValue={preferred ? String(preferred.id) : undefined}
              className={cx(inputStyles(), "sm:w-auto")}
            >
              {cards.map((c) => (
                <option key={c.id} value={c.id}>
                  {`${c.brand.charAt(0).toUpperCase()}${c.brand.slice(1)} ending ${c.last4}`}
                  {c.isDefault ? " (default)" : ""}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {needsCard && !cards.length ? (
          <p className="text-xs text-ink-soft">
            Upgrades are paid with a saved card.{" "}
            <Link
              to="/account/cards"
              className="font-semibold text-ink underline decoration-brand-400 decoration-2"
            >
              Add a card
            </Link>{" "}
            to upgrade.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {options
            .filter((o) => o.available)
            .map((o) => {
              const paid = o.difference > 0;
              return (
                <button
                  key={o.id}
                  type="submit"
                  name="plan"
                  value={o.id}
                  disabled={busy || (paid && !cards.length)}
                  className={buttonStyles.secondary}
                  data-testid="upgrade-button"
                >
                  Upgrade to {o.public_name} ·{" "}
                  <span className="ml-1 font-bold">{paid ? priceLabel(o.difference) : "free"}</span>
                </button>
              );
            })}
        </div>
        {blocked.length ? (
          <ul className="text-xs text-ink-soft">
            {blocked.map((o) => (
              <li key={o.id}>
                {o.public_name} ({priceLabel(o.difference)}): {o.reason}
                {o.is_plus_tier ? (
                  <>
                    {" "}
                    <Link to="/plus/" className="font-semibold text-ink underline">
                      About Plus
                    </Link>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </Form>
      {errors?.length ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The second half of an upgrade that asked for 3-D Secure: back from the test gateway's bank page
 * (?payment_intent=...), or Stripe's challenge run here with Stripe.js; either way the page then
 * confirms the payment through its action. Returns what to tell the buyer meanwhile.
 */
export function useUpgradeConfirm(
  challenge: { clientSecret: string; paymentIntent: string } | null,
  payments: PaymentsConfig,
): { confirming: boolean; message: string | null } {
  const [params] = useSearchParams();
  const submit = useSubmit();
  const stripe = useStripe(challenge ? payments : { provider: "test", publishableKey: null });
  const [message, setMessage] = useState<string | null>(null);
  const returned = params.get("payment_intent");
  const started = useRef<string | null>(null);
  const confirm = (paymentIntent: string) =>
    submit(
      { intent: "upgrade_confirm", payment_intent: paymentIntent },
      { method: "post", action: window.location.pathname, preventScrollReset: true },
    );

  // Back from the test gateway's bank page: the approval already made the upgrade; confirming
  // says so (or why not) and drops the intent from the address.
  useEffect(() => {
    if (!returned || started.current === returned) return;
    started.current = returned;
    confirm(returned);
  });

  // Stripe asks for 3-D Secure: its dialog, then the same confirmation.
  useEffect(() => {
    if (!challenge || started.current === challenge.paymentIntent) return;
    if (stripe.status === "loading" || stripe.status === "off") return;
    started.current = challenge.paymentIntent;
    if (stripe.status !== "ready") {
      setMessage(STRIPE_NOT_INITIALIZED);
      return;
    }
    void stripe.stripe
      .handleNextAction({ clientSecret: challenge.clientSecret })
      .catch(() => ({ error: { message: PAYMENT_FAILED } }))
      .then((result) => {
        if ("error" in result && result.error) {
          setMessage(result.error.message || PAYMENT_FAILED);
          return;
        }
        confirm(challenge.paymentIntent);
      });
  });
  const confirming = Boolean(returned) || Boolean(challenge && !message);
  return { confirming, message };
}
