/**
 * The built-in test gateway's 3-D Secure page (issue 29): it stands in for the buyer's bank. The
 * loader shows the payment waiting for authentication; the action approves or fails it, then
 * sends the buyer back (a path on this site, /cart by default) with the intent's id, where the
 * cart confirms it with POST /checkout/.
 */
import { data, redirect } from "react-router";
import { formatMoney } from "../../domain/money";
import { safeRedirectTarget } from "../../domain/safe-redirect";
import { isDomainError, messageOf, statusOf } from "../../server/web/errors";
import { readForm } from "../../server/web/forms";
import { type AppLoadContext, appContext } from "../context";
import { notFound } from "../ui/not-found.server";
import { returnUrl } from "./challenge-url";

type ContextGetter = { get(key: typeof appContext): AppLoadContext };

const OUTCOMES = ["approve", "fail"] as const;
type Outcome = (typeof OUTCOMES)[number];

/** Where to go back to: a same-site path (never "//host"), without its query; else the cart. */
export function returnPath(input: unknown): string {
  const target = safeRedirectTarget(input, "/cart");
  return target.split(/[?#]/, 1)[0] || "/cart";
}

const intentIdOf = (value: unknown) =>
  typeof value === "string" && /^[A-Za-z0-9_-]{1,2000}$/.test(value) ? value : null;

export async function loadChallenge(context: ContextGetter, request: Request) {
  const { services, session } = context.get(appContext);
  const url = new URL(request.url);
  const id = intentIdOf(url.searchParams.get("payment_intent"));
  // Only the buyer who is paying sees (and answers) their bank's page.
  const intent = id ? await services.payments.testIntent(id, session?.user?.id ?? null) : null;
  if (!intent) throw await notFound({ services });
  return {
    id: intent.id,
    // As the cart shows the total (two decimals): the bank names the exact amount.
    amount: formatMoney(intent.amountCents, intent.currency.toUpperCase()),
    status: intent.status,
    last4: intent.last4,
    returnTo: returnPath(url.searchParams.get("return_to")),
  };
}

export async function challengeAction(context: ContextGetter, request: Request) {
  const { services, session } = context.get(appContext);
  const url = new URL(request.url);
  const form = await readForm(request);
  const id = intentIdOf(form.get("payment_intent") ?? url.searchParams.get("payment_intent"));
  const returnTo = returnPath(form.get("return_to") ?? url.searchParams.get("return_to"));
  const outcome = form.get("outcome");
  if (!id) throw await notFound({ services });
  if (!OUTCOMES.includes(outcome as Outcome)) {
    return data({ message: "Choose Approve or Fail authentication." }, { status: 400 });
  }
  try {
    await services.payments.authenticateTestIntent(
      id,
      outcome as Outcome,
      session?.user?.id ?? null,
    );
  } catch (err) {
    if (!isDomainError(err)) throw err;
    if (statusOf(err) === 404) throw await notFound({ services });
    return data({ message: messageOf(err) }, { status: statusOf(err) });
  }
  throw redirect(returnUrl(returnTo, id));
}
