import { Form, Link, useNavigation } from "react-router";
import {
  PLUS_DISCOUNT_PERCENT,
  PLUS_PRICE_CENTS,
  PURCHASE_PROTECTION_CREDIT_PERCENT,
  PURCHASE_PROTECTION_CREDIT_PERCENT_PLUS,
  PURCHASE_PROTECTION_YEARS,
} from "../../domain/constants";
import { formatPrice } from "../../domain/money";
import { joinPlusAction, loadPlusPage } from "../cart/cart.server";
import type { Route } from "./+types/plus";

export const meta: Route.MetaFunction = () => [
  { title: `Plus: a further ${PLUS_DISCOUNT_PERCENT}% off every deal | Payonce` },
  {
    name: "description",
    content: `Join Payonce Plus for ${formatPrice(PLUS_PRICE_CENTS)} a year: a further ${PLUS_DISCOUNT_PERCENT}% off every deal, Plus-exclusive deals and purchase protection.`,
  },
];

export const loader = ({ context, request }: Route.LoaderArgs) => loadPlusPage(context, request);

export const action = ({ context }: Route.ActionArgs) => joinPlusAction(context);

const years = (n: number) => (n === 1 ? "one year" : `${n} years`);

const BENEFITS = [
  {
    title: `A further ${PLUS_DISCOUNT_PERCENT}% off`,
    text: "Every deal, every time, on top of the deal price. It pays for itself in a few purchases.",
  },
  {
    title: "Plus-exclusive deals and early access",
    text: "Buy Plus-tier plans, early-access and last-call deals before they are gone.",
  },
  {
    title: "Purchase protection",
    text: `For ${years(PURCHASE_PROTECTION_YEARS)} after you buy: ${PURCHASE_PROTECTION_CREDIT_PERCENT}% back in credits on Select tools, ${PURCHASE_PROTECTION_CREDIT_PERCENT_PLUS}% with Plus.`,
  },
];

export default function PlusPage({ loaderData, actionData }: Route.ComponentProps) {
  const { isMember, inCart } = loaderData;
  const busy = useNavigation().state === "submitting";
  const price = formatPrice(PLUS_PRICE_CENTS);
  return (
    <main>
      <section className="bg-gradient-to-b from-[#f4efff] to-white">
        <div className="mx-auto max-w-5xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <p className="inline-block rounded-full bg-ink px-3 py-1 text-xs font-bold uppercase tracking-widest text-brand-400">
            Payonce Plus
          </p>
          <h1 className="mx-auto mt-5 max-w-2xl text-4xl font-black tracking-tight sm:text-5xl">
            Save a further {PLUS_DISCOUNT_PERCENT}% on every deal
          </h1>
          <p className="mx-auto mt-4 max-w-xl text-lg text-ink-soft">
            Members pay less, get the exclusive deals first and buy with purchase protection.
          </p>
          <p className="mt-8 flex items-baseline justify-center gap-2">
            <span className="text-5xl font-black" data-testid="plus-price">
              {price}
            </span>
            <span className="text-lg font-semibold text-ink-soft">a year</span>
          </p>
          <div className="mt-6">
            {isMember ? (
              <p className="inline-block rounded-full bg-emerald-50 px-5 py-3 font-bold text-emerald-800">
                You are a Plus member. Enjoy your savings!
              </p>
            ) : inCart ? (
              <Link
                to="/cart"
                className="inline-block rounded-full bg-brand-400 px-8 py-3.5 text-lg font-bold hover:bg-brand-500"
              >
                Plus is in your cart: check out
              </Link>
            ) : (
              <Form method="post">
                <button
                  type="submit"
                  disabled={busy}
                  className="rounded-full bg-brand-400 px-8 py-3.5 text-lg font-bold shadow-card transition hover:bg-brand-500 disabled:opacity-60"
                >
                  Join Plus
                </button>
              </Form>
            )}
            {actionData?.message ? (
              <p role="alert" className="mt-3 text-sm text-red-700">
                {actionData.message}
              </p>
            ) : null}
            <p className="mt-3 text-sm text-ink-soft">Billed yearly. Cancel any time.</p>
          </div>
        </div>
      </section>
      <section className="mx-auto grid max-w-5xl gap-4 px-4 pb-16 sm:grid-cols-3 sm:px-6">
        {BENEFITS.map((b) => (
          <article
            key={b.title}
            className="rounded-2xl border border-black/5 bg-white p-6 shadow-card"
          >
            <h2 className="text-lg font-bold">{b.title}</h2>
            <p className="mt-2 text-sm leading-relaxed text-ink-soft">{b.text}</p>
          </article>
        ))}
      </section>
    </main>
  );
}
