/**
 * The products page's tier upgrades (issue 30): the choices each listed product offers, the
 * saved cards to pay with, and the Upgrade button's action. Both call the same upgrade service as
 * POST /api/users/products/{invoice_item}/upgrade/.
 */

import { randomBytes } from "node:crypto";
import { data, redirect } from "react-router";
import { isDomainError, notFound } from "../../domain/errors";
import { parseId } from "../../domain/ids";
import { PAYMENT_METHOD_REQUIRED, PAYMENT_NOT_FOUND } from "../../domain/messages";
import { IDEMPOTENCY_KEY_PATTERN } from "../../domain/schemas/upgrades";
import { cartActorOf } from "../../server/web/actor";
import { upgradeOptionJson } from "../../server/web/upgrade-presenters";
import type { AppLoadContext } from "../context";
import { challengeUrl } from "../payments/challenge-url";
import { paymentsConfigOf } from "../payments/payments-config";
import { type ActionFailure, failure, formId } from "./actions.server";
import { pageUrl } from "./page-url";

const PAYMENT_INTENT = /^pi_[A-Za-z0-9_-]{1,2000}$/;

type Ctx = Pick<AppLoadContext, "services" | "session" | "publicConfig">;

const buyerOf = (ctx: Ctx) => {
  const user = cartActorOf(ctx.session).user;
  if (!user) throw redirect("/accounts/login/?next=/account/products/");
  return user;
};

/** What the page needs to offer upgrades: each product's choices, the cards, one key per render. */
export async function loadUpgrades(ctx: Ctx, invoiceItemIds: readonly number[]) {
  const buyer = buyerOf(ctx);
  const offers = await ctx.services.upgrades.offers(buyer, invoiceItemIds);
  const cards = offers.size ? await ctx.services.cards.list(buyer.id).catch(() => []) : [];
  return {
    upgrades: Object.fromEntries(
      [...offers].map(([id, options]) => [String(id), options.map(upgradeOptionJson)]),
    ),
    cards: cards
      .filter((c) => !c.is_expired)
      .map((c) => ({ id: c.id, brand: c.brand, last4: c.last4, isDefault: c.is_default })),
    // One key per rendered page (each product's form adds its id): a double click upgrades once.
    upgradeKey: `upg-${randomBytes(12).toString("hex")}`,
    payments: paymentsConfigOf(ctx.publicConfig),
  };
}

/** A 3-D Secure challenge the browser runs with Stripe.js before confirming. */
export type UpgradeChallenge = {
  ok: false;
  intent: "upgrade";
  target: string;
  errors: Record<string, string[]>;
  challenge: { clientSecret: string; paymentIntent: string };
};

/**
 * The Upgrade button (intent "upgrade") and the confirmation after 3-D Secure (intent
 * "upgrade_confirm"). Success goes back to the list with a notice; the test gateway's challenge
 * is a page of its own (it comes back here with ?payment_intent=...); Stripe's is run in the page.
 */
export async function upgradeAction(
  ctx: Ctx,
  request: Request,
  fields: Record<string, string>,
  intent: string,
) {
  const buyer = buyerOf(ctx);
  const back = pageUrl(request);
  for (const key of ["payment_intent", "notice"]) back.searchParams.delete(key);
  const done = (notice: string) => {
    back.searchParams.set("notice", notice);
    return redirect(`${back.pathname}${back.search}`);
  };
  const target = fields.invoice_item;
  try {
    if (intent === "upgrade_confirm") {
      const paymentIntent = fields.payment_intent ?? "";
      if (!PAYMENT_INTENT.test(paymentIntent)) throw notFound(PAYMENT_NOT_FOUND);
      const result = await ctx.services.upgrades.complete(buyer, paymentIntent, null);
      return done("processing" in result ? "processing" : "upgraded");
    }
    const key = fields.idempotency_key ?? "";
    const result = await ctx.services.upgrades.upgrade(buyer, formId(target), {
      // A missing or made-up plan is the service's "Choose a plan of this deal." (400).
      planId: parseId(fields.plan),
      paymentToken: fields.payment_method || null,
      idempotencyKey: IDEMPOTENCY_KEY_PATTERN.test(key) ? key : null,
    });
    return done("processing" in result ? "processing" : "upgraded");
  } catch (err) {
    if (
      isDomainError(err) &&
      err.kind === "payment_refused" &&
      err.body.code === "requires_action"
    ) {
      const paymentIntent = String(err.body.payment_intent ?? "");
      if (paymentsConfigOf(ctx.publicConfig).provider !== "stripe") {
        throw redirect(challengeUrl(paymentIntent, back.pathname));
      }
      return data<UpgradeChallenge>(
        {
          ok: false,
          intent: "upgrade",
          target: target ?? "",
          errors: {},
          challenge: { clientSecret: String(err.body.client_secret ?? ""), paymentIntent },
        },
        402,
      );
    }
    if (isDomainError(err) && err.kind === "payment_refused") {
      const message = Array.isArray(err.body.payment_method)
        ? err.body.payment_method.join(" ")
        : err.message;
      return data<ActionFailure>(
        { ok: false, intent: "upgrade", errors: { non_field_errors: [message] }, target },
        402,
      );
    }
    return failure(
      err,
      intent,
      (_status, detail) => detail ?? PAYMENT_METHOD_REQUIRED,
      intent === "upgrade_confirm" ? undefined : target,
    );
  }
}
