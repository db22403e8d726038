import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError } from "../../../domain/errors";
import { parseId } from "../../../domain/ids";
import {
  GIFT_CARD_ALREADY_REDEEMED,
  GIFT_CARD_APPLIED,
  GIFT_CARD_NOT_FOUND,
  REWARD_REDEEM_FAILED,
  REWARD_REMOVE_FAILED,
} from "../../../domain/messages";
import { toMajor } from "../../../domain/money";
import { CouponCodeSchema } from "../../../domain/schemas/cart";
import type { Services } from "../../services";
import { requireUser, signedInUser } from "../guards";
import { errorResponses } from "../schemas";
import { anyBody, idParam } from "./schemas";

const campaigns = z
  .looseObject({ results: z.array(z.looseObject({ id: z.number() })) })
  .describe("Active reward campaigns with the caller's coupons");

/**
 * Gift cards and rewards (contract.md): POST /api/giftcards/{code}/redeem/, GET
 * /api/rewards/campaigns/, POST /api/rewards/{campaign_id}/redeem/, POST /api/rewards/remove/,
 * GET /api/rewards/share-campaigns/. Credits and reward coupons belong to an account, so the
 * writes need a signed-in user.
 */
export const rewardRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/rewards") || request.url.startsWith("/api/giftcards")) {
      reply.header("cache-control", "private, no-store");
    }
  });

  app.post(
    "/api/giftcards/:code/redeem/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["cart"],
        summary: "Redeem a gift card into the user's credits",
        params: z.object({ code: z.string().describe("The gift card's code") }),
        body: anyBody,
        response: {
          200: z
            .looseObject({ detail: z.string(), amount: z.number(), credit: z.number() })
            .describe("The gift card's amount and the credit balance now"),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const code = request.params.code.trim();
      if (!code || code.length > 64) {
        throw new DomainError("not_found", { detail: GIFT_CARD_NOT_FOUND });
      }
      const result = await services.rewards.redeemGiftCard(user.id, code);
      if (result.status === "not_found") {
        throw new DomainError("not_found", { detail: GIFT_CARD_NOT_FOUND });
      }
      if (result.status !== "ok") {
        throw new DomainError("conflict", {
          detail: GIFT_CARD_ALREADY_REDEEMED,
        });
      }
      return {
        detail: GIFT_CARD_APPLIED,
        status: GIFT_CARD_APPLIED,
        amount: toMajor(result.amountCents),
        credit: toMajor(result.creditCents),
      };
    },
  );

  app.get(
    "/api/rewards/campaigns/",
    {
      schema: {
        tags: ["rewards"],
        summary: "Active reward campaigns with the user's coupons",
        response: { 200: campaigns, ...errorResponses },
      },
    },
    async (request) => ({
      results: await services.rewards.listCampaigns(request.session?.user ?? null),
    }),
  );

  app.post(
    "/api/rewards/:campaign_id/redeem/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["rewards"],
        summary: "Get the user's coupon of a reward campaign",
        params: z.object({ campaign_id: idParam("The reward campaign's id") }),
        body: anyBody,
        response: {
          201: z.looseObject({ id: z.number() }).describe("The campaign with the user's coupon"),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      // Not an id is the same refusal as an unknown or finished campaign.
      const id = parseId(request.params.campaign_id);
      const campaign = id ? await services.rewards.redeem(user, id) : null;
      if (!campaign) {
        throw new DomainError("invalid", { detail: REWARD_REDEEM_FAILED });
      }
      return reply.status(201).send(campaign);
    },
  );

  app.post(
    "/api/rewards/remove/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["rewards"],
        summary: "Retire one of the user's reward coupons: code",
        // Parsed in the handler: any bad body is the one refusal "could not be removed".
        body: anyBody,
        response: {
          200: campaigns.extend({ removed: z.boolean() }).describe("The campaigns now"),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const parsed = CouponCodeSchema.safeParse(request.body ?? {});
      const removed = parsed.success && (await services.rewards.remove(user, parsed.data.code));
      if (!removed) throw new DomainError("invalid", { detail: REWARD_REMOVE_FAILED });
      return { removed: true, results: await services.rewards.listCampaigns(user) };
    },
  );

  app.get(
    "/api/rewards/share-campaigns/",
    {
      schema: {
        tags: ["rewards"],
        summary: "The incentivized share (2 or more purchases)",
        response: {
          200: z
            .looseObject({ eligible: z.boolean() })
            .describe("Whether the share shows, and its give and receive campaigns"),
          ...errorResponses,
        },
      },
    },
    async (request) => services.rewards.shareCampaigns(request.session?.user ?? null),
  );
};
