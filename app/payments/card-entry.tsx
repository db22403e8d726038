import type { StripeCardElement } from "@stripe/stripe-js";
import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import { PAYMENT_METHOD_CREATE_FAILED, STRIPE_NOT_INITIALIZED } from "../../domain/messages";
import { cx } from "../ui/format";
import type { PaymentsConfig } from "./payments-config";
import {
  CARD_CVC_INCOMPLETE,
  CARD_EXPIRY_INCOMPLETE,
  CARD_EXPIRY_PAST,
  CARD_NUMBER_INVALID,
  TEST_GATEWAY_BADGE,
  TEST_GATEWAY_HINT,
  testCardToken,
} from "./test-card-token";
import type { StripeState } from "./use-stripe";

export type PaymentMethodResult = { id: string } | { error: string };

/** What a page asks of the card form when the buyer submits: a payment method id, or why not. */
export type CardEntryHandle = { createPaymentMethod(): Promise<PaymentMethodResult> };

type Props = {
  payments: PaymentsConfig;
  stripe: StripeState;
  ref: Ref<CardEntryHandle>;
  /** The server's messages about the card (a 400's payment_method_id), shown under it. */
  errors?: string[];
};

/**
 * A new card: the test gateway's own fields (test mode) or Stripe's Card Element (Stripe mode).
 * Either way the page gets a payment method id and the card's details stay in the browser (with
 * Stripe) or are reduced to a test card's id here: none of the fields has a name, so no form post
 * can carry them.
 */
export function CardEntry(props: Props) {
  return props.payments.provider === "stripe" ? (
    <StripeCardFields {...props} />
  ) : (
    <TestGatewayFields {...props} />
  );
}

const fieldStyles = (invalid: boolean) =>
  cx(
    "block w-full rounded-lg border bg-white px-3 py-2.5 font-mono text-base tabular-nums text-ink outline-none transition placeholder:font-sans placeholder:text-ink-soft/70 focus:border-brand-500 focus:ring-2 focus:ring-brand-400/40 sm:text-sm",
    invalid ? "border-red-500" : "border-black/15",
  );

const digitsOf = (value: string, max: number) => value.replace(/\D/g, "").slice(0, max);
const groupsOfFour = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");
const expiryText = (digits: string) =>
  digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;

type Field = "number" | "expiry" | "cvc";

/** Why the typed card cannot be used, field by field (null: it can). */
function testCardProblem(number: string, expiry: string, cvc: string, now = new Date()) {
  if (!testCardToken(number)) return { field: "number" as const, message: CARD_NUMBER_INVALID };
  const month = Number(expiry.slice(0, 2));
  if (expiry.length !== 4 || month < 1 || month > 12) {
    return { field: "expiry" as const, message: CARD_EXPIRY_INCOMPLETE };
  }
  // A card is good through the last day of its month.
  const endOfMonth = new Date(Date.UTC(2000 + Number(expiry.slice(2)), month, 1));
  if (endOfMonth <= now) return { field: "expiry" as const, message: CARD_EXPIRY_PAST };
  if (cvc.length < 3) return { field: "cvc" as const, message: CARD_CVC_INCOMPLETE };
  return null;
}

function TestGatewayFields({ ref, errors }: Props) {
  const id = useId();
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  const numberInput = useRef<HTMLInputElement>(null);
  const expiryInput = useRef<HTMLInputElement>(null);
  const cvcInput = useRef<HTMLInputElement>(null);
  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        const found = testCardProblem(number, expiry, cvc);
        setProblem(found);
        if (found) {
          const input = { number: numberInput, expiry: expiryInput, cvc: cvcInput }[found.field];
          input.current?.focus();
          return { error: found.message };
        }
        return { id: testCardToken(number) as string };
      },
    }),
    [number, expiry, cvc],
  );
  const edited = (field: Field) => {
    if (problem?.field === field) setProblem(null);
  };
  const messages = problem ? [problem.message] : (errors ?? []);
  const errorId = `${id}-error`;
  const invalid = (field: Field) =>
    problem?.field === field || (!problem && field === "number" && Boolean(errors?.length));
  const describedBy = (field: Field) => (invalid(field) ? errorId : `${id}-hint`);
  return (
    <div
      className="max-w-xl space-y-3 rounded-xl border border-dashed border-amber-400 bg-amber-50/60 p-3 sm:p-4"
      data-testid="test-card-form"
    >
      <div className="space-y-1">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-200 px-2.5 py-0.5 text-xs font-bold text-amber-950">
          <span aria-hidden="true">⚠</span>
          {TEST_GATEWAY_BADGE}
        </span>
        <p id={`${id}-hint`} className="text-xs leading-relaxed text-amber-950/80">
          {TEST_GATEWAY_HINT}
        </p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-number`} className="text-sm font-semibold text-ink">
          Card number
        </label>
        <input
          ref={numberInput}
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={groupsOfFour(number)}
          onChange={(e) => {
            setNumber(digitsOf(e.target.value, 19));
            edited("number");
          }}
          aria-invalid={invalid("number") || undefined}
          aria-describedby={describedBy("number")}
          className={fieldStyles(invalid("number"))}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-expiry`} className="text-sm font-semibold text-ink">
            Expiry (MM / YY)
          </label>
          <input
            ref={expiryInput}
            id={`${id}-expiry`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiryText(expiry)}
            onChange={(e) => {
              setExpiry(digitsOf(e.target.value, 4));
              edited("expiry");
            }}
            aria-invalid={invalid("expiry") || undefined}
            aria-describedby={invalid("expiry") ? errorId : undefined}
            className={fieldStyles(invalid("expiry"))}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-cvc`} className="text-sm font-semibold text-ink">
            CVC
          </label>
          <input
            ref={cvcInput}
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={cvc}
            onChange={(e) => {
              setCvc(digitsOf(e.target.value, 4));
              edited("cvc");
            }}
            aria-invalid={invalid("cvc") || undefined}
            aria-describedby={invalid("cvc") ? errorId : undefined}
            className={fieldStyles(invalid("cvc"))}
          />
        </div>
      </div>
      {messages.length ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

function StripeCardFields({ stripe, ref, errors }: Props) {
  const mount = useRef<HTMLDivElement>(null);
  const card = useRef<StripeCardElement | null>(null);
  const [liveError, setLiveError] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const ready = stripe.status === "ready" ? stripe.stripe : null;

  useEffect(() => {
    if (!ready || !mount.current) return;
    const element = ready.elements().create("card", {
      hidePostalCode: true,
      style: {
        base: {
          fontSize: "16px",
          color: "#1c1917",
          "::placeholder": { color: "#78716c" },
        },
        invalid: { color: "#b91c1c" },
      },
    });
    element.mount(mount.current);
    element.on("change", (event) => setLiveError(event.error?.message ?? null));
    element.on("focus", () => setFocused(true));
    element.on("blur", () => setFocused(false));
    card.current = element;
    return () => {
      card.current = null;
      element.destroy();
    };
  }, [ready]);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        if (!ready || !card.current) return { error: STRIPE_NOT_INITIALIZED };
        try {
          const result = await ready.createPaymentMethod({ type: "card", card: card.current });
          if (result.error || !result.paymentMethod) {
            const message = result.error?.message || PAYMENT_METHOD_CREATE_FAILED;
            setLiveError(message);
            return { error: message };
          }
          setLiveError(null);
          return { id: result.paymentMethod.id };
        } catch {
          return { error: PAYMENT_METHOD_CREATE_FAILED };
        }
      },
    }),
    [ready],
  );

  const messages = liveError ? [liveError] : (errors ?? []);
  return (
    <fieldset className="space-y-1.5" data-testid="stripe-card-form">
      <legend className="mb-1.5 text-sm font-semibold text-ink">Card details</legend>
      {stripe.status === "failed" ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-800">
          {STRIPE_NOT_INITIALIZED}
        </p>
      ) : (
        <div
          aria-busy={stripe.status === "loading" || undefined}
          className={cx(
            "min-h-11 rounded-lg border bg-white px-3 py-3 transition",
            messages.length ? "border-red-500" : "border-black/15",
            focused && "border-brand-500 ring-2 ring-brand-400/40",
          )}
        >
          {stripe.status === "loading" ? (
            <span className="text-sm text-ink-soft">Loading the secure card form…</span>
          ) : null}
          {/* Stripe.js owns this node's children: React never renders into it. */}
          <div ref={mount} />
        </div>
      )}
      <p className="text-xs text-ink-soft">Card details go straight to Stripe, never to Payonce.</p>
      {messages.length ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {messages.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}
