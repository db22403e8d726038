import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isDomainError, throttled } from "../../../domain/errors";
import { PartnerWebhookSchema, RedeemLicenceSchema } from "../../../domain/schemas/partners";
import type { Services } from "../../services";
import { requireUser } from "../guards";
import { byAddress, rateLimited, THROTTLED_DETAIL } from "../rate-limit";
import { errorResponses } from "../schemas";
import { actorOf, bodyOf, objectResponse } from "../staff/common";

const tags = ["partners"];

/** The key of `Authorization: Bearer <key>`, if the header says so. */
const bearerKey = (request: FastifyRequest): string | undefined => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
  return match?.[1];
};

/**
 * A partner's link to their product (issue 30): the webhook licence events are POSTed to (and
 * its signing secret), the API key, and licence redemption by that key. The settings are the
 * signed-in partner's (403 for a user who partners no deal); redemption is called by the
 * partner's product with its key, no session, so no CSRF token either.
 */
export const partnerWebhookRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { endpoints, redemption } = services.partners;

  app.get(
    "/api/partners/webhook/",
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          "The webhook URL and signing secret, the API key's prefix, and the latest 20 deliveries with the partner's answers",
        response: { 200: objectResponse("The partner's webhook settings"), ...errorResponses },
      },
    },
    async (request) => endpoints.get(actorOf(request, "partner").id),
  );

  app.put(
    "/api/partners/webhook/",
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          "Set the webhook URL (null turns it off); answers url and secret (kept when only the URL changes; rotate_secret: true makes a new one)",
        body: bodyOf(PartnerWebhookSchema),
        response: { 200: objectResponse("The URL and secret"), ...errorResponses },
      },
    },
    async (request) => endpoints.setWebhook(actorOf(request, "partner"), request.body),
  );

  app.post(
    "/api/partners/api_key/",
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          "A new API key for licence redemption, shown this once (the previous key stops working)",
        response: { 201: objectResponse("The key and its prefix"), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await endpoints.createApiKey(actorOf(request, "partner"))),
  );

  app.post(
    "/api/partners/licences/redeem/",
    {
      preHandler: rateLimited("partners.redeem", byAddress),
      schema: {
        tags,
        summary:
          "Mark a licence code of the key owner's deals redeemed (Authorization: Bearer <API key>); held or revoked: 409; redeemed before: 200 with already_redeemed",
        body: bodyOf(RedeemLicenceSchema),
        response: { 200: objectResponse("The redeemed code"), ...errorResponses },
      },
    },
    async (request) => {
      const address = byAddress(request);
      const failures = await app.limits.consume("partners.api-key.failures", address);
      if (!failures.allowed) throw throttled(THROTTLED_DETAIL, failures.retryAfterSeconds);
      try {
        const answer = await redemption.redeem(bearerKey(request), request.body.licence_code);
        await app.limits.refund("partners.api-key.failures", address);
        return answer;
      } catch (err) {
        // Only an unknown key counts as a failure; a known key's refusal (404, 409) does not.
        if (!(isDomainError(err) && err.kind === "unauthenticated")) {
          await app.limits.refund("partners.api-key.failures", address);
        }
        throw err;
      }
    },
  );
};
