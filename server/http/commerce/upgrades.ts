import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { invalid } from "../../../domain/errors";
import { PAYMENT_PROCESSING, UPGRADE_DONE, UPGRADE_KEY_REQUIRED } from "../../../domain/messages";
import { IDEMPOTENCY_KEY_PATTERN, UpgradeSchema } from "../../../domain/schemas/upgrades";
import type { Services } from "../../services";
import { cartActorOf } from "../../web/actor";
import { productJson } from "../../web/commerce-presenters";
import { upgradeOptionsJson } from "../../web/upgrade-presenters";
import { requireUser, signedInUser } from "../guards";
import { errorResponses } from "../schemas";
import { bodyOf, idParam, pathId } from "./schemas";

const upgradeAnswer = z
  .looseObject({
    detail: z.string(),
    order_id: z.number(),
    invoice_item: z.number(),
    product: z.looseObject({ invoice_item: z.number() }).nullable(),
  })
  .describe("The upgrade's order and the new line, as the products list shows it");

/**
 * Tier upgrades (issue 30): what a purchased line may move to, priced for the caller now, and
 * the move itself, paying the difference (Idempotency-Key as POST /checkout/; 3-D Secure answers
 * 402 requires_action, then the same call with payment_intent and the same key completes it).
 */
export const upgradeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { upgrades } = services;
  const buyerOf = (request: Parameters<typeof signedInUser>[0]) => {
    signedInUser(request);
    const user = cartActorOf(request.session).user;
    if (!user) throw new Error("requireUser let a visitor through");
    return user;
  };

  app.get(
    "/api/users/products/:invoice_item/upgrade/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["products"],
        summary:
          "The plans one of the caller's purchases may be upgraded to, each with its price and the difference it costs the caller now",
        params: z.object({ invoice_item: idParam("The purchase's invoice item id") }),
        response: {
          200: z
            .looseObject({
              invoice_item: z.number(),
              paid: z.number(),
              plans: z.array(
                z.looseObject({
                  id: z.number(),
                  difference: z.number(),
                  available: z.boolean(),
                }),
              ),
            })
            .describe("The line, what was paid for it, and the plans above it"),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const id = pathId(request.params.invoice_item);
      return upgradeOptionsJson(await upgrades.options(buyerOf(request), id));
    },
  );

  app.post(
    "/api/users/products/:invoice_item/upgrade/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["products"],
        summary:
          "Upgrade one of the caller's purchases to a higher plan of its deal, paying the difference: plan, payment_method (a saved card id); Idempotency-Key header. 402 requires_action for 3-D Secure, then payment_intent with the same key",
        params: z.object({ invoice_item: idParam("The purchase's invoice item id") }),
        body: bodyOf(UpgradeSchema),
        response: {
          200: upgradeAnswer.describe("A replayed Idempotency-Key: the upgrade it made"),
          201: upgradeAnswer,
          202: z
            .object({
              code: z.literal("processing"),
              detail: z.string(),
              payment_intent: z.string(),
            })
            .describe("The payment is still processing: the upgrade is made when it clears"),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const id = pathId(request.params.invoice_item);
      const user = buyerOf(request);
      const key = request.headers["idempotency-key"];
      if (typeof key !== "string" || !key) {
        throw invalid({ idempotency_key: [UPGRADE_KEY_REQUIRED] });
      }
      if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
        throw invalid({
          idempotency_key: ["Send 8 to 100 letters, digits, '.', ':', '_' or '-'."],
        });
      }
      const result = await upgrades.upgrade(user, id, {
        planId: request.body.plan ?? null,
        paymentToken: request.body.payment_method ?? null,
        paymentIntent: request.body.payment_intent ?? null,
        idempotencyKey: key,
      });
      if ("processing" in result) {
        return reply.status(202).send({
          code: "processing",
          detail: PAYMENT_PROCESSING,
          payment_intent: result.paymentIntent,
        });
      }
      const product = await upgrades.product(user, result.invoiceItemId);
      return reply.status(result.replayed ? 200 : 201).send({
        detail: UPGRADE_DONE,
        order_id: result.orderId,
        invoice_item: result.invoiceItemId,
        product: product && productJson(product),
      });
    },
  );
};
