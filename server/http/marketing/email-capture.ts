import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  EMAIL_CAPTURE_SUCCESS,
  EMAIL_COUPON_ALREADY_USED,
  SUBSCRIBED_DEFAULT_SUCCESS,
} from "../../../domain/messages";
import { safeRedirectTarget } from "../../../domain/safe-redirect";
import { EmailSignupSchema } from "../../../domain/schemas/marketing";
import type { Services } from "../../services";
import { isFormPost } from "../guards";
import { byAddress, rateLimited } from "../rate-limit";
import { errorResponses, redirectResponse } from "../schemas";
import { emptyBodyAsObject, FIELDS_ONLY_MULTIPART, signedUpResponse } from "./body-defaults";

/** Where a form post (no JavaScript) returns: a local path only, never another site. */
const localPath = (value: unknown): string => safeRedirectTarget(value, "/");

/** custom_properties: a JSON object as text ({"bf_campaign": ...}); other JSON values count as none. */
const customProperties = z
  .string()
  .optional()
  .transform((text, ctx): Record<string, unknown> => {
    if (!text) return {};
    try {
      const value = JSON.parse(text);
      return value && typeof value === "object" && !Array.isArray(value) ? value : {};
    } catch {
      ctx.addIssue({ code: "custom", message: "Enter a JSON object." });
      return z.NEVER;
    }
  });

const EmailSignupBody = EmailSignupSchema.extend({
  custom_properties: customProperties,
  /** Where a form post returns (checked by localPath). */
  next: z.unknown().optional(),
});

const withParam = (path: string, key: string, value: string) => {
  const url = new URL(path, "http://local");
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
};

/**
 * POST /api/email-signup/ (contract.md): both variants of spec 001 section 7 (JSON with
 * allow_duplicate and custom_properties, or a multipart/urlencoded form with source, campaign,
 * medium, content, component). 200 with the success message; 205, no body, for an address that
 * already has the coupon. A plain HTML form post (no JavaScript) is redirected back to `next`
 * with ?email_signup=success|duplicate|invalid.
 */
export const emailSignupRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  // Variant two is a multipart form (spec 001 section 7).
  await app.register(multipart, FIELDS_ONLY_MULTIPART);
  app.post(
    "/api/email-signup/",
    {
      preHandler: rateLimited("email-capture", byAddress),
      schema: {
        tags: ["marketing"],
        summary: "E-mail capture: subscribe and receive a first-order coupon",
        body: EmailSignupBody,
        response: {
          200: signedUpResponse,
          205: z.undefined().describe("The address already has the coupon: no body"),
          303: redirectResponse,
          ...errorResponses,
        },
      },
      preValidation: emptyBodyAsObject,
      // A plain form post answers a refusal with a redirect, so the handler sees it.
      attachValidation: true,
    },
    async (request, reply) => {
      const isForm = isFormPost(request);
      if (request.validationError) {
        const next = localPath((request.body as Record<string, unknown>).next);
        if (isForm) return reply.redirect(withParam(next, "email_signup", "invalid"), 303);
        throw request.validationError;
      }
      const s = request.body;
      const next = localPath(s.next);
      const custom: Record<string, unknown> = { ...s.custom_properties };
      if (s.deal_slug) custom.deal_slug = s.deal_slug;
      const campaign = await services.pages.activeCampaign();
      const result = await services.emailSignup.subscribe({
        email: s.email,
        userId: request.session?.user?.id ?? null,
        source: s.source,
        campaign: s.campaign,
        medium: s.medium,
        content: s.content,
        component: s.component,
        custom,
        // One offer wherever it is made (issue 15): the live percent campaign's discount (the
        // subscribe banner and the 404 page say so), else the default 10%.
        discountPercent: campaign?.type === "percent" ? campaign.value : undefined,
        allowDuplicate: s.allow_duplicate === true,
      });
      if (isForm) {
        const outcome = result === "duplicate" ? "duplicate" : "success";
        return reply.redirect(withParam(next, "email_signup", outcome), 303);
      }
      if (result === "duplicate") return reply.status(205).send();
      // allow_duplicate and already on the list: subscribed, with no new coupon to announce.
      if (result === "already_subscribed") {
        return { detail: SUBSCRIBED_DEFAULT_SUCCESS, email_subscribed: true as const };
      }
      return { detail: EMAIL_CAPTURE_SUCCESS, email_subscribed: true as const };
    },
  );
};

export { EMAIL_COUPON_ALREADY_USED };
