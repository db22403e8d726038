/**
 * Server side of the cart, order and Plus pages: loaders and actions call the cart services
 * directly (never over HTTP), and the actions answer plain HTML form posts (no JavaScript) the
 * same way they answer React Router's fetches.
 */
import { randomBytes } from "node:crypto";
import { data, redirect } from "react-router";
import { PLUS_DEAL_SLUG } from "../../domain/constants";
import { parseId } from "../../domain/ids";
import {
  CARD_DECLINED,
  CARD_NEEDS_AUTHENTICATION,
  CART_EMPTY,
  CART_ITEM_NOT_FOUND,
  CHECKOUT_ITEMS_UNAVAILABLE,
  COUPON_CODE_REQUIRED,
  couponNotApplied,
  couponRemoved,
  DEAL_SOLD_OUT,
  GIFT_CARD_ALREADY_REDEEMED,
  GIFT_CARD_APPLIED,
  GIFT_CARD_NOT_FOUND,
  INVALID_PAYMENT_METHOD_ID,
  PAYMENT_METHOD_REQUIRED,
} from "../../domain/messages";
import { AddCartItemSchema, UpdateCartItemSchema } from "../../domain/schemas/cart";
import { cartActorOf } from "../../server/web/actor";
import { cartJson, orderJson } from "../../server/web/commerce-presenters";
import { isDomainError, messageOf, statusOf } from "../../server/web/errors";
import { readForm } from "../../server/web/forms";
import { formId } from "../account/actions.server";
import { type AppLoadContext, appContext } from "../context";
import { paymentsConfigOf } from "../payments/payments-config";
import { readCookie } from "../ui/cookies";
import { notFound } from "../ui/not-found.server";

type ContextGetter = { get(key: typeof appContext): AppLoadContext };

/** What a failed checkout redirect's code means to the buyer (server/http/commerce/checkout.ts). */
const CHECKOUT_ERRORS: Record<string, string> = {
  declined: CARD_DECLINED,
  requires_action: CARD_NEEDS_AUTHENTICATION,
  invalid: INVALID_PAYMENT_METHOD_ID,
  payment_method: PAYMENT_METHOD_REQUIRED,
  empty: CART_EMPTY,
  sold_out: DEAL_SOLD_OUT,
  coupon: couponNotApplied("").trim(),
  unavailable: CHECKOUT_ITEMS_UNAVAILABLE,
};

export async function loadCartPage(context: ContextGetter, request: Request) {
  const { services, session, publicConfig } = context.get(appContext);
  const actor = cartActorOf(session);
  const cart = cartJson(await services.cart.get(actor));
  const user = session?.user ?? null;
  const cards = user ? await services.cards.list(user.id).catch(() => []) : [];
  const code = new URL(request.url).searchParams.get("checkout_error");
  return {
    cart,
    signedIn: Boolean(user),
    cards: cards.map((c) => ({
      id: c.id,
      brand: c.brand,
      last4: c.last4,
      isDefault: c.is_default,
      expired: c.is_expired,
    })),
    checkoutError: code ? (CHECKOUT_ERRORS[code] ?? null) : null,
    // One key per rendered form: a double-clicked Pay button is one order.
    idempotencyKey: `cart-${randomBytes(12).toString("hex")}`,
    csrfToken: user ? readCookie(request.headers.get("cookie"), "csrftoken") : "",
    payments: paymentsConfigOf(publicConfig),
  };
}

export type CartPageData = Awaited<ReturnType<typeof loadCartPage>>;
export type CartActionResult = { ok: boolean; message: string | null; field?: string };

/** The cart page's forms: remove, quantity, coupon, credits, gift card. */
export async function cartAction(context: ContextGetter, request: Request) {
  const { services, session } = context.get(appContext);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const actor = cartActorOf(session);
  const done = (result: CartActionResult, status = 200) => data(result, { status });
  if (intent === "add") return addPlanAction(context, form);
  if (!session) return done({ ok: false, message: CART_EMPTY }, 400);
  try {
    switch (intent) {
      case "remove":
        await services.cart.removeItem(actor, formId(form.get("item"), CART_ITEM_NOT_FOUND));
        return done({ ok: true, message: null });
      case "quantity": {
        const item = formId(form.get("item"), CART_ITEM_NOT_FOUND);
        const parsed = UpdateCartItemSchema.safeParse({ quantity: form.get("quantity") });
        if (!parsed.success) {
          return done({ ok: false, message: parsed.error.issues[0]?.message ?? null }, 400);
        }
        await services.cart.updateItem(actor, item, parsed.data.quantity);
        return done({ ok: true, message: null });
      }
      case "coupon": {
        const code = String(form.get("code") ?? "").trim();
        if (!code) return done({ ok: false, message: COUPON_CODE_REQUIRED, field: "code" }, 400);
        await services.cart.applyCoupon(actor, code);
        return done({ ok: true, message: null });
      }
      case "remove_coupon": {
        const { code } = await services.cart.removeCoupon(actor);
        return done({ ok: true, message: code ? couponRemoved(code) : null });
      }
      case "credits":
        await services.cart.setUseCredit(actor, form.get("use_credit") === "true");
        return done({ ok: true, message: null });
      case "giftcard": {
        const code = String(form.get("giftcard") ?? "").trim();
        // "A missing code does nothing."
        if (!code || !actor.user) return done({ ok: true, message: null });
        const result = await services.rewards.redeemGiftCard(actor.user.id, code);
        if (result.status === "ok") {
          return done({ ok: true, message: GIFT_CARD_APPLIED, field: "giftcard" });
        }
        return done(
          {
            ok: false,
            field: "giftcard",
            message:
              result.status === "redeemed" ? GIFT_CARD_ALREADY_REDEEMED : GIFT_CARD_NOT_FOUND,
          },
          result.status === "redeemed" ? 409 : 404,
        );
      }
      default:
        return done({ ok: false, message: null }, 400);
    }
  } catch (err) {
    if (!isDomainError(err)) throw err;
    const field = intent === "coupon" ? "code" : undefined;
    return done({ ok: false, message: messageOf(err), field }, statusOf(err));
  }
}

/** The confirmation page's order: its owner or staff; anyone else 404 (log in first). */
export async function loadOrderPage(context: ContextGetter, request: Request, id: string) {
  const { services, session } = context.get(appContext);
  const user = session?.user;
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/accounts/login/?next=${encodeURIComponent(url.pathname)}`);
  }
  const orderId = parseId(id);
  const order = orderId ? await services.orders.get(orderId, user) : null;
  if (!order) throw await notFound({ services });
  return { order: orderJson(order) };
}

/** /plus: the Plus deal's plan and whether the visitor is already a member. */
export async function loadPlusPage(context: ContextGetter, request: Request) {
  const { services, session } = context.get(appContext);
  const cart = cartJson(await services.cart.get(cartActorOf(session)));
  return {
    isMember: Boolean(session?.user?.hasPlus),
    inCart: cart.has_plus_deal,
    signedIn: Boolean(session?.user),
    ref: new URL(request.url).searchParams.get("ref"),
  };
}

/**
 * The product page's purchase form without JavaScript (intent "add", deal, plan): adds the chosen
 * plan as the page's Buy now does (the server applies the quantity rule and every refusal, e.g. an
 * inactive deal; a Plus-gated plan comes with Plus, as the page says) and goes to /cart. A new
 * visitor gets a session first.
 */
async function addPlanAction(context: ContextGetter, form: FormData) {
  const parsed = AddCartItemSchema.safeParse({
    dealId: form.get("deal") ?? undefined,
    planId: form.get("plan") ?? undefined,
  });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? null;
    return data<CartActionResult>({ ok: false, message }, { status: 400 });
  }
  const { session, cookies } = await sessionForCart(context);
  const cart = services(context).cart;
  const actor = cartActorOf(session);
  try {
    // A Plus-gated plan for a non-member: as the page said before the click ("Buy now adds
    // Payonce Plus to your cart with it") and as the product page's script asks, Plus goes into
    // the cart first, in the same change (the cart service's Plus-first step).
    await cart.addItem(actor, { ...parsed.data, withPlus: true });
  } catch (err) {
    if (!isDomainError(err)) throw err;
    return data<CartActionResult>(
      { ok: false, message: messageOf(err) },
      { status: statusOf(err), headers: setCookies(cookies) },
    );
  }
  throw redirect("/cart", { headers: setCookies(cookies) });
}

const services = (context: ContextGetter) => context.get(appContext).services;

/** The visitor's session, starting one (and its cookies) for a first-time visitor. */
async function sessionForCart(context: ContextGetter) {
  const { services, cookies: pageCookies } = context.get(appContext);
  let { session } = context.get(appContext);
  const cookies: string[] = [];
  if (!session) {
    // The same use case the API's cart and currency calls start a visitor's session with.
    const started = await services.sessions.startAnonymous();
    cookies.push(...pageCookies.signedIn(started));
    session = started.session;
  }
  return { session, cookies };
}

/** "Join Plus": adds the Plus deal to the cart (a new visitor gets a session) and goes to /cart. */
export async function joinPlusAction(context: ContextGetter) {
  const { session, cookies } = await sessionForCart(context);
  const deal = await services(context).cart.dealIdBySlug(PLUS_DEAL_SLUG);
  try {
    await services(context).cart.addItem(cartActorOf(session), {
      dealId: deal ?? undefined,
      dealGroupId: undefined,
    });
  } catch (err) {
    if (!isDomainError(err)) throw err;
    return data(
      { message: messageOf(err) },
      { status: statusOf(err), headers: setCookies(cookies) },
    );
  }
  throw redirect("/cart", { headers: setCookies(cookies) });
}

function setCookies(cookies: string[]): Headers {
  const headers = new Headers();
  for (const c of cookies) headers.append("Set-Cookie", c);
  return headers;
}
