import type { FastifyPluginAsync } from "fastify";
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
import { DomainError, unauthenticated } from "../../../domain/errors";

/**
 * Gift cards and rewards (contract.md): POST /api/giftcards/{code}/redeem/, GET
 * /api/rewards/campaigns/, POST /api/rewards/{campaign_id}/redeem/, POST /api/rewards/remove/,
 * GET /api/rewards/share-campaigns/. Credits and reward coupons belong to an account, so the
 * writes need a signed-in user.
 */
export const rewardRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/rewards") || request.url.startsWith("/api/giftcards")) {
      reply.header("cache-control", "private, no-store");
    }
  });

  app.post<{ Params: { code: string } }>(
    "/api/giftcards/:code/redeem/",
    { schema: { tags: ["cart"], summary: "Redeem a gift card into the user's credits" } },
    async (request) => {
      const user = request.session?.user;
      if (!user) throw unauthenticated();
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
    { schema: { tags: ["rewards"], summary: "Active reward campaigns with the user's coupons" } },
    async (request) => ({
      results: await services.rewards.listCampaigns(request.session?.user ?? null),
    }),
  );

  app.post<{ Params: { campaign_id: string } }>(
    "/api/rewards/:campaign_id/redeem/",
    { schema: { tags: ["rewards"], summary: "Get the user's coupon of a reward campaign" } },
    async (request, reply) => {
      const user = request.session?.user;
      if (!user) throw unauthenticated();
      const id = Number(request.params.campaign_id);
      const campaign =
        Number.isSafeInteger(id) && id > 0 ? await services.rewards.redeem(user, id) : null;
      if (!campaign) {
        throw new DomainError("invalid", { detail: REWARD_REDEEM_FAILED });
      }
      return reply.status(201).send(campaign);
    },
  );

  app.post(
    "/api/rewards/remove/",
    { schema: { tags: ["rewards"], summary: "Retire one of the user's reward coupons: code" } },
    async (request) => {
      const user = request.session?.user;
      if (!user) throw unauthenticated();
      const parsed = CouponCodeSchema.safeParse(request.body ?? {});
      const removed = parsed.success && (await services.rewards.remove(user, parsed.data.code));
      if (!removed) throw new DomainError("invalid", { detail: REWARD_REMOVE_FAILED });
      return { removed: true, results: await services.rewards.listCampaigns(user) };
    },
  );

  app.get(
    "/api/rewards/share-campaigns/",
    { schema: { tags: ["rewards"], summary: "The incentivized share (2 or more purchases)" } },
    async (request) => services.rewards.shareCampaigns(request.session?.user ?? null),
  );
};
