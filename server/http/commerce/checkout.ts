import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type DomainError, invalid } from "../../../domain/errors";
import { PAYMENT_PROCESSING } from "../../../domain/messages";
import { CheckoutSchema, paymentTokenOf } from "../../../domain/schemas/cart";
import { fieldErrors } from "../../../domain/schemas/common";
import type { Config } from "../../config";
import type { Services } from "../../services";
import type { PaymentRefused } from "../../services/commerce/checkout";
import { countryFromRequest } from "../../services/marketing/geoip";
import { orderJson } from "../../web/commerce-presenters";
import { isDomainError } from "../../web/errors";
import { errorResponses, redirectResponse } from "../schemas";
import { cartActor } from "./cart";
import { orderResponse } from "./schemas";

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** Where a plain form post (no JavaScript) lands after a failed checkout: the cart, with a code. */
export const CHECKOUT_ERROR_CODES = [
  "login",
  "empty",
  "payment_method",
  "declined",
  "requires_action",
  "invalid",
  "unavailable",
  "sold_out",
  "coupon",
] as const;
export type CheckoutErrorCode = (typeof CHECKOUT_ERROR_CODES)[number];

function errorCode(err: DomainError): CheckoutErrorCode {
  if (err.kind === "payment_refused" && typeof err.body.code === "string") {
    return err.body.code as PaymentRefused["reason"];
  }
  const body = err.body;
  if (err.kind === "unauthenticated") return "login";
  if (err.kind === "conflict") return "sold_out";
  if ("code" in body) return "coupon";
  if ("payment_method" in body) return "payment_method";
  if (err.message === "Your cart is empty.") return "empty";
  return "unavailable";
}

const checkoutResponse = z
  .looseObject({ order: orderResponse.nullable(), redirect: z.string() })
  .describe("The paid order and the confirmation page's address");

const wantsJson = (request: FastifyRequest) => {
  const type = request.headers["content-type"] ?? "";
  const accept = request.headers.accept ?? "";
  return type.includes("application/json") || accept.includes("application/json");
};

/**
 * POST /checkout/ (spec 001 section 7; contract.md): form fields payment_method, or stripe_token
 * with stripe. JSON callers get JSON (201 with the order, 200 for a replayed Idempotency-Key);
 * a plain HTML form is redirected to the order page, or back to the cart with an error code.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<{ services: Services; config: Config }> = async (
  app,
  { services, config },
) => {
  app.post(
    "/checkout/",
    {
      schema: {
        tags: ["checkout"],
        summary:
          "Pay for the cart: payment_method (saved card id or card token) or stripe_token + stripe; Idempotency-Key header. A card that asks for 3-D Secure answers 402 requires_action with client_secret and payment_intent; after the challenge, post payment_intent with the same Idempotency-Key",
        // Parsed in the handler: a plain form post is answered with a redirect even when its
        // fields are wrong (back to the cart with an error code), never with JSON.
        body: z.unknown().optional(),
        response: {
          200: checkoutResponse.describe("A replayed Idempotency-Key: the order it paid"),
          201: checkoutResponse,
          202: z
            .object({
              code: z.literal("processing"),
              detail: z.string(),
              payment_intent: z.string(),
            })
            .describe("The payment is still processing: the order is made when it clears"),
          303: redirectResponse,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const json = wantsJson(request);
      reply.header("cache-control", "private, no-store");
      try {
        const parsed = CheckoutSchema.safeParse(request.body ?? {});
        if (!parsed.success) throw invalid(fieldErrors(parsed.error));
        const body = (request.body ?? {}) as Record<string, unknown>;
        const rawKey =
          (request.headers["idempotency-key"] as string | undefined) ??
          (typeof body.idempotency_key === "string" ? body.idempotency_key : undefined);
        if (rawKey !== undefined && !IDEMPOTENCY_KEY.test(rawKey)) {
          throw invalid({
            idempotency_key: ["Send 8 to 100 letters, digits, '.', ':', '_' or '-'."],
          });
        }
        const result = await services.checkout.checkout(cartActor(request), {
          paymentToken: paymentTokenOf(parsed.data),
          paymentIntent: parsed.data.payment_intent ?? null,
          idempotencyKey: rawKey ?? null,
          publicUrl: config.publicUrl,
          ipCountry: countryFromRequest(request.session, request.headers),
          displayCurrency: request.session?.currency ?? null,
        });
        if ("processing" in result) {
          if (!json) return reply.redirect("/account/products/", 303);
          return reply.status(202).send({
            code: "processing",
            detail: PAYMENT_PROCESSING,
            payment_intent: result.paymentIntent,
          });
        }
        const location = `/orders/${result.orderId}/`;
        if (!json) return reply.redirect(location, 303);
        const order = await services.orders.get(result.orderId, request.session?.user ?? null);
        return reply
          .status(result.replayed ? 200 : 201)
          .send({ order: order && orderJson(order), redirect: location });
      } catch (err) {
        if (json || !isDomainError(err)) throw err;
        if (err.kind === "unauthenticated")
          return reply.redirect("/accounts/login/?next=/cart", 303);
        return reply.redirect(`/cart?checkout_error=${errorCode(err)}`, 303);
      }
    },
  );
};
