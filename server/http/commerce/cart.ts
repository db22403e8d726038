import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError } from "../../../domain/errors";
import { ADDONS_ADD_FAILED, couponRemoved, INVALID_PLAN_ID } from "../../../domain/messages";
import {
  AddAddonsSchema,
  AddCartItemSchema,
  CouponCodeSchema,
  UpdateCartItemSchema,
  UseCreditSchema,
} from "../../../domain/schemas/cart";
import { fieldErrors } from "../../../domain/schemas/common";
import type { Config } from "../../config";
import type { Services } from "../../services";
import type { CartActor } from "../../services/commerce/cart";
import { cartActorOf } from "../../web/actor";
import { cartJson } from "../../web/commerce-presenters";
import { sessionOrAnonymous } from "../anonymous-session";
import { errorResponses } from "../schemas";
import { anyBody, bodyOf, cartResponse, idParam, pathId } from "./schemas";

/** The cart's owner as the request names it: the signed-in user, else the anonymous session. */
export function cartActor(request: FastifyRequest): CartActor {
  return cartActorOf(request.session);
}

/**
 * An anonymous visitor's first change to a cart starts a session (and its cookie), as the
 * currency selector does: the cart then follows them to login.
 */
async function actorWithSession(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  config: Config,
): Promise<CartActor> {
  return cartActorOf(await sessionOrAnonymous(request, reply, services, config));
}

/**
 * The cart calls of contract.md: GET /api/cart/, line items, add-ons in bulk, coupon and credits.
 * Every answer is the whole cart (spec 001 "Cart"), money in major units. Never cached: it is
 * personal.
 */
export const cartRoutes: FastifyPluginAsyncZod<{ services: Services; config: Config }> = async (
  app,
  { services, config },
) => {
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/cart")) reply.header("cache-control", "private, no-store");
  });

  const itemParams = z.object({ id: idParam("The cart line's id") });

  app.get(
    "/api/cart/",
    {
      schema: {
        tags: ["cart"],
        summary: "The visitor's cart",
        response: { 200: cartResponse, ...errorResponses },
      },
    },
    async (request) => cartJson(await services.cart.get(cartActor(request))),
  );

  app.post(
    "/api/cart/items/",
    {
      schema: {
        tags: ["cart"],
        summary:
          "Add a deal plan (or a deal group) to the cart: dealId, dealGroupId, planId, couponCode, quantity",
        body: bodyOf(AddCartItemSchema),
        response: {
          201: cartResponse.extend({ item: z.looseObject({ id: z.number() }).nullable() }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const actor = await actorWithSession(request, reply, services, config);
      const cart = cartJson(await services.cart.addItem(actor, input));
      // The line just added, for the product page's cart:added event (the whole cart is there too).
      const item =
        cart.cart_items.find((i) =>
          input.dealId != null ? i.deal.id === input.dealId : i.deal_group_id === input.dealGroupId,
        ) ?? null;
      return reply.status(201).send({ ...cart, item });
    },
  );

  app.patch(
    "/api/cart/items/:id/",
    {
      schema: {
        tags: ["cart"],
        summary: "Change a licensing line's quantity",
        params: itemParams,
        body: bodyOf(UpdateCartItemSchema),
        response: { 200: cartResponse, ...errorResponses },
      },
    },
    async (request) => {
      const id = pathId(request.params.id);
      const { quantity } = request.body;
      return cartJson(await services.cart.updateItem(cartActor(request), id, quantity));
    },
  );

  app.delete(
    "/api/cart/items/:id/",
    {
      schema: {
        tags: ["cart"],
        summary: "Remove a line (a plan goes with its add-ons)",
        params: itemParams,
        response: { 200: cartResponse, ...errorResponses },
      },
    },
    async (request) => {
      const id = pathId(request.params.id);
      return cartJson(await services.cart.removeItem(cartActor(request), id));
    },
  );

  app.post(
    "/api/cart/addons/",
    {
      schema: {
        tags: ["cart"],
        summary:
          "Add add-ons in bulk (deal_id, plan_id, quantity, unit_quantity, primary_plan_id, parent_invoice_data); all or nothing",
        // Parsed in the handler: a refusal names the whole call ("Add-ons could not be added"),
        // or the bad plan id, rather than a field path inside the list.
        body: anyBody,
        response: { 201: cartResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const parsed = AddAddonsSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const fields = fieldErrors(parsed.error);
        const badPlan = Object.values(fields).some((m) => m.includes(INVALID_PLAN_ID));
        const detail = badPlan ? INVALID_PLAN_ID : ADDONS_ADD_FAILED;
        throw new DomainError("invalid", {
          detail,
          ...(badPlan ? { plan_id: [INVALID_PLAN_ID] } : fields),
        });
      }
      const actor = await actorWithSession(request, reply, services, config);
      const view = await services.cart.addAddons(actor, parsed.data.items);
      return reply.status(201).send(cartJson(view));
    },
  );

  app.post(
    "/api/cart/coupon/",
    {
      schema: {
        tags: ["cart"],
        summary: "Apply a coupon code",
        body: bodyOf(CouponCodeSchema),
        response: { 200: cartResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { code } = request.body;
      const actor = await actorWithSession(request, reply, services, config);
      return cartJson(await services.cart.applyCoupon(actor, code));
    },
  );

  app.delete(
    "/api/cart/coupon/",
    {
      schema: {
        tags: ["cart"],
        summary: "Remove the cart's coupon",
        response: {
          200: cartResponse.extend({ detail: z.string().nullable() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { view, code } = await services.cart.removeCoupon(cartActor(request));
      return { ...cartJson(view), detail: code ? couponRemoved(code) : null };
    },
  );

  app.post(
    "/api/cart/credits/",
    {
      schema: {
        tags: ["cart"],
        summary: "Use (or stop using) credits on this cart: use_credit",
        body: bodyOf(UseCreditSchema),
        response: { 200: cartResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { use_credit } = request.body;
      const actor = await actorWithSession(request, reply, services, config);
      return cartJson(await services.cart.setUseCredit(actor, use_credit));
    },
  );
};
