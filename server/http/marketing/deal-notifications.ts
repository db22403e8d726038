import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import {
  FIELD_REQUIRED,
  SUBSCRIBED_DEFAULT_SUCCESS,
  WAITLIST_EMAIL_INVALID,
  WAITLIST_SUBMITTED,
} from "../../../domain/messages";
import { emailField, fieldErrors } from "../../../domain/schemas/common";
import { WaitlistSchema } from "../../../domain/schemas/marketing";
import type { Services } from "../../services";
import { forbidden, invalid, notFound, unauthenticated } from "../../../domain/errors";
import { byAddress, rateLimited } from "../rate-limit";

/** Restock / notification sign-up ("Notify me when it returns") for an ended deal. */
const NotificationSignupSchema = z.object({
  email: emailField(WAITLIST_EMAIL_INVALID),
  deal_slug: z.string({ error: FIELD_REQUIRED }).trim().min(1, { error: FIELD_REQUIRED }),
  component_slug: z.string().trim().max(100).optional(),
});

const NOT_ENDED = "This deal is not sold out.";

/** A signed-in user may leave the address out: their primary e-mail is used. */
function withUserEmail(body: unknown, field: string, userEmail: string | undefined) {
  const data = { ...((body && typeof body === "object" ? body : {}) as Record<string, unknown>) };
  const given = data[field];
  if (userEmail && (given === undefined || given === null || given === "")) data[field] = userEmail;
  return data;
}

/**
 * POST /api/waitlist/ (contract.md), POST /api/notification-signup/ and the staff restock
 * POST /api/staff/deals/{slug}/restock/ (spec 001 sections 4 and 7). A repeat answers 205 with no
 * body; the client shows WAITLIST_EMAIL_ALREADY_REGISTERED for it.
 */
export const signupRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  // The waitlist is a variant of the multipart e-mail sign-up (spec 001 section 7): fields only.
  await app.register(multipart, {
    attachFieldsToBody: "keyValues",
    limits: { files: 0, fields: 20, fieldSize: 10_000, parts: 20 },
  });

  app.post(
    "/api/waitlist/",
    {
      preHandler: rateLimited("waitlist", byAddress),
      schema: { tags: ["marketing"], summary: "Join a deal's waitlist" },
    },
    async (request, reply) => {
      const user = request.session?.user;
      const parsed = WaitlistSchema.safeParse(
        withUserEmail(request.body, "waitlist_email", user?.email),
      );
      if (!parsed.success) throw invalid(fieldErrors(parsed.error));
      const result = await services.signups.joinWaitlist({
        email: parsed.data.waitlist_email,
        dealSlug: parsed.data.deal_slug,
        content: parsed.data.content ?? null,
        userId: user?.id ?? null,
      });
      if (result === "not_found") throw notFound();
      if (result === "duplicate") return reply.status(205).send();
      return { detail: WAITLIST_SUBMITTED, email_subscribed: true };
    },
  );

  app.post(
    "/api/notification-signup/",
    {
      preHandler: rateLimited("notification-signup", byAddress),
      schema: { tags: ["marketing"], summary: "Be e-mailed when a sold-out deal returns" },
    },
    async (request, reply) => {
      const user = request.session?.user;
      const body = withUserEmail(request.body, "email", user?.email);
      // The inline sign-up names its component `component`; the restock button `component_slug`.
      if (body.component_slug === undefined && typeof body.component === "string") {
        body.component_slug = body.component;
      }
      const parsed = NotificationSignupSchema.safeParse(body);
      if (!parsed.success) throw invalid(fieldErrors(parsed.error));
      const result = await services.signups.notifyOnRestock({
        email: parsed.data.email,
        dealSlug: parsed.data.deal_slug,
        componentSlug: parsed.data.component_slug ?? "",
        userId: user?.id ?? null,
      });
      if (result === "not_found") throw notFound();
      if (result === "not_ended") throw invalid({ deal_slug: [NOT_ENDED] });
      if (result === "duplicate") return reply.status(205).send();
      return { detail: SUBSCRIBED_DEFAULT_SUCCESS, email_subscribed: true };
    },
  );

  app.post<{ Params: { slug: string } }>(
    "/api/staff/deals/:slug/restock/",
    {
      schema: {
        tags: ["staff"],
        summary: "Restock a sold-out deal and e-mail its restock sign-ups (staff only)",
      },
    },
    async (request) => {
      const user = request.session?.user;
      if (!user) throw unauthenticated();
      if (!user.isStaff) throw forbidden();
      const body = (request.body ?? {}) as Record<string, unknown>;
      let quantity: number | undefined;
      if (body.quantity !== undefined && body.quantity !== null && body.quantity !== "") {
        quantity = Number(body.quantity);
        if (!Number.isInteger(quantity) || quantity < 1) {
          throw invalid({ quantity: ["Ensure this value is a whole number above 0."] });
        }
      }
      const deal = await services.signups.findDeal({ slug: request.params.slug });
      if (!deal) throw notFound();
      const result = await services.signups.restock(deal.id, quantity);
      if (result.status === "not_found") throw notFound();
      if (result.status === "not_ended") throw invalid({ non_field_errors: [NOT_ENDED] });
      return { restocked: true, notified: result.notified };
    },
  );
};
