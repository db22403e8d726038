import { Form, Link, useNavigation } from "react-router";
import { returnUrl } from "../../payments/challenge-url";
import { challengeAction, loadChallenge } from "../../payments/test-gateway-challenge.server";
import { privateMeta } from "../../seo/meta";
import type { Route } from "./+types/test-gateway-challenge";

export const meta: Route.MetaFunction = () => privateMeta("Test gateway · 3-D Secure");

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const loader = ({ context, request }: Route.LoaderArgs) => loadChallenge(context, request);

export const action = ({ context, request }: Route.ActionArgs) => challengeAction(context, request);

/** The test gateway's stand-in for the buyer's bank: approve or fail the 3-D Secure check. */
export default function TestGatewayChallengePage({ loaderData, actionData }: Route.ComponentProps) {
  const { id, amount, status, last4, returnTo } = loaderData;
  const submitting = useNavigation().state !== "idle";
  const waiting = status === "requires_action";
  return (
    <main className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <section
        aria-labelledby="challenge-title"
        className="overflow-hidden rounded-2xl border border-black/10 bg-white shadow-card"
      >
        <header className="flex items-center justify-between gap-3 bg-slate-900 px-5 py-3 text-white">
          <span className="text-sm font-bold tracking-wide">Payonce Test Bank</span>
          <span className="rounded-full bg-amber-300 px-2.5 py-0.5 text-xs font-bold text-amber-950">
            Test mode
          </span>
        </header>
        <div className="space-y-5 p-5 sm:p-6">
          <div>
            <h1 id="challenge-title" className="text-xl font-black tracking-tight text-ink">
              Test gateway · 3-D Secure
            </h1>
            <p className="mt-1 text-sm text-ink-soft">
              Your bank asks you to confirm this payment. This page stands in for it: no real bank
              or card is involved.
            </p>
          </div>
          <dl className="divide-y divide-black/5 rounded-xl border border-black/10 text-sm">
            <div className="flex justify-between gap-4 px-4 py-2.5">
              <dt className="text-ink-soft">Merchant</dt>
              <dd className="font-semibold">Payonce</dd>
            </div>
            <div className="flex justify-between gap-4 px-4 py-2.5">
              <dt className="text-ink-soft">Amount</dt>
              <dd className="font-black tabular-nums" data-testid="challenge-amount">
                {amount}
              </dd>
            </div>
            <div className="flex justify-between gap-4 px-4 py-2.5">
              <dt className="text-ink-soft">Card</dt>
              <dd className="font-semibold">Visa ending {last4}</dd>
            </div>
          </dl>
          {actionData?.message ? (
            <p role="alert" className="rounded-xl bg-red-50 px-3 py-2.5 text-sm text-red-800">
              {actionData.message}
            </p>
          ) : null}
          {waiting ? (
            <Form method="post" className="grid gap-2">
              <input type="hidden" name="payment_intent" value={id} />
              <input type="hidden" name="return_to" value={returnTo} />
              <button
                type="submit"
                name="outcome"
                value="approve"
                disabled={submitting}
                className="rounded-full bg-emerald-600 px-5 py-3 text-sm font-bold text-white shadow-sm transition hover:bg-emerald-700 disabled:opacity-60"
              >
                Approve
              </button>
              <button
                type="submit"
                name="outcome"
                value="fail"
                disabled={submitting}
                className="rounded-full border border-red-200 bg-white px-5 py-3 text-sm font-bold text-red-700 transition hover:bg-red-50 disabled:opacity-60"
              >
                Fail authentication
              </button>
            </Form>
          ) : (
            <div className="space-y-3 text-sm">
              <p role="status">This payment is no longer waiting for authentication.</p>
              <Link
                to={returnUrl(returnTo, id)}
                className="inline-block font-semibold underline underline-offset-4"
              >
                Back to Payonce
              </Link>
            </div>
          )}
        </div>
      </section>
    </main>
  );
}
