import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { invalid, notFound } from "../../../domain/errors";
import { ID_MAX } from "../../../domain/ids";
import {
  FIELD_REQUIRED,
  SUBSCRIBED_DEFAULT_SUCCESS,
  WAITLIST_EMAIL_INVALID,
  WAITLIST_SUBMITTED,
} from "../../../domain/messages";
import { emailField, formInt } from "../../../domain/schemas/common";
import { WaitlistSchema } from "../../../domain/schemas/marketing";
import type { Services } from "../../services";
import { requireStaff } from "../guards";
import { byAddress, rateLimited } from "../rate-limit";
import { errorResponses } from "../schemas";
import { actorOf } from "../staff/common";
import {
  emptyBodyAsObject,
  FIELDS_ONLY_MULTIPART,
  signedUpResponse,
  userEmailDefault,
} from "./body-defaults";

/** Restock / notification sign-up ("Notify me when it returns") for an ended deal. */
const NotificationSignupSchema = z.object({
  email: emailField(WAITLIST_EMAIL_INVALID),
  deal_slug: z.string({ error: FIELD_REQUIRED }).trim().min(1, { error: FIELD_REQUIRED }),
  component_slug: z.string().trim().max(100).optional(),
});

/** The inline sign-up names its component `component`; the restock button `component_slug`. */
async function componentAsComponentSlug(request: FastifyRequest): Promise<void> {
  const body = request.body as Record<string, unknown>;
  if (body.component_slug === undefined && typeof body.component === "string") {
    request.body = { ...body, component_slug: body.component };
  }
}

const QUANTITY_INVALID = "Ensure this value is a whole number above 0.";

const RestockParams = z.object({ slug: z.string().min(1).max(200) });
const RestockBody = z.object({
  /** Left out (or blank), the deal is restocked without a new quantity. */
  quantity: z.preprocess(
    (value) => (value === null || value === "" ? undefined : value),
    formInt(QUANTITY_INVALID, { min: 1, max: ID_MAX }).optional(),
  ),
});

const NOT_ENDED = "This deal is not sold out.";

const alreadySignedUp = z.undefined().describe("Already signed up: no body");

/**
 * POST /api/waitlist/ (contract.md), POST /api/notification-signup/ and the staff restock
 * POST /api/staff/deals/{slug}/restock/ (spec 001 sections 4 and 7). A repeat answers 205 with no
 * body; the client shows WAITLIST_EMAIL_ALREADY_REGISTERED for it.
 */
export const signupRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  // The waitlist is a variant of the multipart e-mail sign-up (spec 001 section 7).
  await app.register(multipart, FIELDS_ONLY_MULTIPART);

  app.post(
    "/api/waitlist/",
    {
      preHandler: rateLimited("waitlist", byAddress),
      schema: {
        tags: ["marketing"],
        summary: "Join a deal's waitlist",
        body: WaitlistSchema,
        response: { 200: signedUpResponse, 205: alreadySignedUp, ...errorResponses },
      },
      preValidation: userEmailDefault("waitlist_email"),
    },
    async (request, reply) => {
      const result = await services.signups.joinWaitlist({
        email: request.body.waitlist_email,
        dealSlug: request.body.deal_slug,
        content: request.body.content ?? null,
        userId: request.session?.user?.id ?? null,
      });
      if (result === "not_found") throw notFound();
      if (result === "duplicate") return reply.status(205).send();
      return { detail: WAITLIST_SUBMITTED, email_subscribed: true as const };
    },
  );

  app.post(
    "/api/notification-signup/",
    {
      preHandler: rateLimited("notification-signup", byAddress),
      schema: {
        tags: ["marketing"],
        summary: "Be e-mailed when a sold-out deal returns",
        body: NotificationSignupSchema,
        response: { 200: signedUpResponse, 205: alreadySignedUp, ...errorResponses },
      },
      preValidation: [userEmailDefault("email"), componentAsComponentSlug],
    },
    async (request, reply) => {
      const result = await services.signups.notifyOnRestock({
        email: request.body.email,
        dealSlug: request.body.deal_slug,
        componentSlug: request.body.component_slug ?? "",
        userId: request.session?.user?.id ?? null,
      });
      if (result === "not_found") throw notFound();
      if (result === "not_ended") throw invalid({ deal_slug: [NOT_ENDED] });
      if (result === "duplicate") return reply.status(205).send();
      return { detail: SUBSCRIBED_DEFAULT_SUCCESS, email_subscribed: true as const };
    },
  );

  app.post(
    "/api/staff/deals/:slug/restock/",
    {
      schema: {
        tags: ["staff"],
        summary: "Restock a sold-out deal and e-mail its restock sign-ups (staff only)",
        params: RestockParams,
        body: RestockBody,
        response: {
          200: z.looseObject({ restocked: z.literal(true), notified: z.number() }),
          ...errorResponses,
        },
      },
      preValidation: [requireStaff, emptyBodyAsObject],
    },
    async (request) => {
      const deal = await services.signups.findDeal({ slug: request.params.slug });
      if (!deal) throw notFound();
      const actor = actorOf(request, "staff");
      const result = await services.signups.restock(actor, deal.id, request.body.quantity);
      if (result.status === "not_found") throw notFound();
      if (result.status === "not_ended") throw invalid({ non_field_errors: [NOT_ENDED] });
      return { restocked: true as const, notified: result.notified };
    },
  );
};
