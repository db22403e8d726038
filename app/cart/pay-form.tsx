import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import {
  CARD_NEEDS_AUTHENTICATION,
  PAYMENT_FAILED,
  STRIPE_NOT_INITIALIZED,
} from "../../domain/messages";
import { CardEntry, type CardEntryHandle } from "../payments/card-entry";
import { challengeUrl } from "../payments/challenge-url";
import {
  CHECKOUT_KEY_STORAGE,
  type CheckoutOutcome,
  newIdempotencyKey,
  postCheckout,
} from "../payments/checkout-client";
import type { PaymentsConfig } from "../payments/payments-config";
import { useStripe } from "../payments/use-stripe";
import { useHydrated } from "../ui/use-hydrated";
import { useBeforePay } from "./before-pay";
import type { CartPageData } from "./cart.server";

/** What the cart says about the last payment attempt, in the order summary. */
export type PayMessage = { tone: "error" | "processing"; text: string };

const NEW_CARD = "new";

const storage = {
  get: () => {
    try {
      return window.sessionStorage.getItem(CHECKOUT_KEY_STORAGE);
    } catch {
      return null;
    }
  },
  set: (key: string) => {
    try {
      window.sessionStorage.setItem(CHECKOUT_KEY_STORAGE, key);
    } catch {
      // Private browsing without storage: the cart's own key is the fallback.
    }
  },
  clear: () => {
    try {
      window.sessionStorage.removeItem(CHECKOUT_KEY_STORAGE);
    } catch {
      // Nothing kept, nothing to clear.
    }
  },
};

/** The message of an outcome that made no order (null: there is nothing to say). */
function messageOf(outcome: CheckoutOutcome): PayMessage | null {
  switch (outcome.kind) {
    case "paid":
      return null;
    case "processing":
      return { tone: "processing", text: outcome.message };
    case "action":
      return { tone: "error", text: CARD_NEEDS_AUTHENTICATION };
    case "failed":
      return { tone: "error", text: outcome.message };
  }
}

/**
 * Back from the test gateway's 3-D Secure page (/cart?payment_intent=...): confirms the intent
 * with the attempt's Idempotency-Key (kept in sessionStorage across the round trip) and goes to
 * the order, or says why not and leaves the cart as it is. True while it is confirming.
 */
export function useChallengeReturn(
  fallbackKey: string,
  onMessage: (message: PayMessage | null) => void,
): boolean {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const intent = params.get("payment_intent");
  const [confirming, setConfirming] = useState(Boolean(intent));
  const started = useRef<string | null>(null);
  // The loader's key changes on every load; the one this visit started with is the fallback.
  const fallback = useRef(fallbackKey);
  const report = useRef(onMessage);
  report.current = onMessage;
  useEffect(() => {
    if (!intent || started.current === intent) return;
    started.current = intent;
    setConfirming(true);
    const key = storage.get() || fallback.current;
    void postCheckout({ payment_intent: intent }, key).then((outcome) => {
      if (outcome.kind === "paid") {
        storage.clear();
        window.location.assign(outcome.redirect);
        return;
      }
      if (outcome.kind !== "failed" || !outcome.retryable) storage.clear();
      setConfirming(false);
      report.current(messageOf(outcome));
      // The cart without the intent: a reload does not confirm it again.
      navigate("/cart", { replace: true, preventScrollReset: true });
    });
  }, [intent, navigate]);
  return confirming;
}

type Props = {
  cards: CartPageData["cards"];
  idempotencyKey: string;
  payments: PaymentsConfig;
  label: string;
  /** Confirming a 3-D Secure return: the button waits. */
  confirming: boolean;
  onMessage: (message: PayMessage | null) => void;
};

/**
 * Paying by card (issue 29): a saved card or a new one (the test gateway's form or Stripe's Card
 * Element), then POST /checkout/ from the browser, 3-D Secure when the bank asks for it (Stripe's
 * dialog, or the test gateway's page and back), and the order page. One request at a time; a
 * refused attempt gets a new Idempotency-Key, so the next card is a new payment.
 */
export function CardPayForm({
  cards,
  idempotencyKey,
  payments,
  label,
  confirming,
  onMessage,
}: Props) {
  const stripe = useStripe(payments);
  const hydrated = useHydrated();
  const usable = cards.filter((c) => !c.expired);
  const preferred = usable.find((c) => c.isDefault) ?? usable[0];
  const [choice, setChoice] = useState(preferred ? String(preferred.id) : NEW_CARD);
  const entry = useRef<CardEntryHandle>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const beforePay = useBeforePay();
  const [fresh, setFresh] = useState<{ after: string; key: string } | null>(null);
  const key = fresh?.after === idempotencyKey ? fresh.key : idempotencyKey;

  // A saved card removed elsewhere (revalidation) falls back to a new card.
  useEffect(() => {
    if (choice !== NEW_CARD && !usable.some((c) => String(c.id) === choice)) setChoice(NEW_CARD);
  }, [choice, usable]);

  const refused = (text: string) => {
    onMessage({ tone: "error", text });
    setFresh({ after: idempotencyKey, key: newIdempotencyKey() });
  };

  /** One attempt; true when the page is leaving (the button stays busy). */
  async function attempt(): Promise<boolean> {
    let paymentMethod = choice;
    if (choice === NEW_CARD) {
      const created = await entry.current?.createPaymentMethod();
      // The card form says what is wrong with the card; nothing was posted.
      if (!created || "error" in created) return false;
      paymentMethod = created.id;
    }
    let outcome = await postCheckout({ payment_method: paymentMethod }, key);
    if (outcome.kind === "action") {
      if (payments.provider !== "stripe") {
        storage.set(key);
        window.location.assign(challengeUrl(outcome.paymentIntent));
        return true;
      }
      if (stripe.status !== "ready") {
        refused(STRIPE_NOT_INITIALIZED);
        return false;
      }
      const result = await stripe.stripe
        .handleNextAction({ clientSecret: outcome.clientSecret })
        .catch(() => ({ error: { message: PAYMENT_FAILED } }));
      if ("error" in result && result.error) {
        refused(result.error.message || PAYMENT_FAILED);
        return false;
      }
      outcome = await postCheckout({ payment_intent: outcome.paymentIntent }, key);
    }
    if (outcome.kind === "paid") {
      window.location.assign(outcome.redirect);
      return true;
    }
    const message = messageOf(outcome);
    if (outcome.kind === "failed" && !outcome.retryable && message) refused(message.text);
    else onMessage(message);
    return false;
  }

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current || confirming) return;
    inFlight.current = true;
    setBusy(true);
    onMessage(null);
    let leaving = false;
    try {
      // The cart's steps before a charge (the billing details save): a refusal charges nothing.
      if (beforePay?.current && !(await beforePay.current())) return;
      leaving = await attempt();
    } catch {
      onMessage({ tone: "error", text: PAYMENT_FAILED });
    } finally {
      if (!leaving) {
        inFlight.current = false;
        setBusy(false);
      }
    }
  }

  const waiting = busy || confirming;
  return (
    <form onSubmit={pay} noValidate className="space-y-3" data-testid="pay-form">
      {cards.length ? (
        <fieldset className="space-y-2">
          <legend className="mb-1.5 text-sm font-semibold">Pay with</legend>
          {cards.map((c) => (
            <label
              key={c.id}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-black/10 px-3 py-2.5 text-sm has-[:checked]:border-ink has-[:checked]:bg-stone-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
            >
              <input
                type="radio"
                name="pay_with"
                value={String(c.id)}
                checked={choice === String(c.id)}
                onChange={() => setChoice(String(c.id))}
                disabled={c.expired}
                className="accent-ink"
              />
              <span className="font-semibold capitalize">{c.brand}</span>{" "}
              <span className="text-ink-soft">ending {c.last4}</span>
              {c.isDefault ? (
                <span className="ml-auto rounded-full bg-stone-100 px-2 py-0.5 text-xs">
                  Default
                </span>
              ) : c.expired ? (
                <span className="ml-auto text-xs text-red-700">Expired</span>
              ) : null}
            </label>
          ))}
          <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-black/10 px-3 py-2.5 text-sm has-[:checked]:border-ink has-[:checked]:bg-stone-50">
            <input
              type="radio"
              name="pay_with"
              value={NEW_CARD}
              checked={choice === NEW_CARD}
              onChange={() => setChoice(NEW_CARD)}
              className="accent-ink"
            />
            <span className="font-semibold">Use a new card</span>
          </label>
        </fieldset>
      ) : (
        <p className="text-sm font-semibold">Pay with a card</p>
      )}
      {choice === NEW_CARD ? <CardEntry payments={payments} stripe={stripe} ref={entry} /> : null}
      <button
        type="submit"
        disabled={!hydrated || waiting}
        aria-busy={waiting || undefined}
        className="w-full rounded-full bg-brand-400 px-5 py-3 text-base font-bold text-ink shadow-card transition hover:bg-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {confirming ? "Confirming your payment…" : busy ? "Paying…" : label}
      </button>
      <noscript>
        <p className="text-center text-sm text-red-800">
          Paying by card needs JavaScript. Turn it on to pay.
        </p>
      </noscript>
    </form>
  );
}
