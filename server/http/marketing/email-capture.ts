import type { FastifyPluginAsync } from "fastify";
import multipart from "@fastify/multipart";
import { EMAIL_CAPTURE_SUCCESS, EMAIL_COUPON_ALREADY_USED } from "../../../domain/messages";
import { fieldErrors } from "../../../domain/schemas/common";
import { EmailSignupSchema } from "../../../domain/schemas/marketing";
import type { Services } from "../../services";
import { invalid } from "../../../domain/errors";
import { byAddress, rateLimited } from "../rate-limit";
import { safeRedirectTarget } from "../../../domain/safe-redirect";

/** Where a form post (no JavaScript) returns: a local path only, never another site. */
const localPath = (value: unknown): string => safeRedirectTarget(value, "/");

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
export const emailSignupRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  // Variant two is a multipart form (spec 001 section 7): its fields become the body, as a JSON
  // or urlencoded body's would. No files: a file part is refused.
  await app.register(multipart, {
    attachFieldsToBody: "keyValues",
    limits: { files: 0, fields: 20, fieldSize: 10_000, parts: 20 },
  });
  app.post(
    "/api/email-signup/",
    {
      preHandler: rateLimited("email-capture", byAddress),
      schema: {
        tags: ["marketing"],
        summary: "E-mail capture: subscribe and receive a first-order coupon",
      },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const isForm = (request.headers["content-type"] ?? "").startsWith(
        "application/x-www-form-urlencoded",
      );
      const next = localPath(body.next);
      const parsed = EmailSignupSchema.safeParse(body);
      if (!parsed.success) {
        if (isForm) return reply.redirect(withParam(next, "email_signup", "invalid"), 303);
        throw invalid(fieldErrors(parsed.error));
      }
      const s = parsed.data;
      let custom: Record<string, unknown> = {};
      if (s.custom_properties) {
        try {
          const value = JSON.parse(s.custom_properties);
          if (value && typeof value === "object" && !Array.isArray(value)) custom = value;
        } catch {
          throw invalid({ custom_properties: ["Enter a JSON object."] });
        }
      }
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
        // The 404 page promises 10%; the subscribe banner the live campaign's percent.
        discountPercent:
          s.component === "subscribe_banner" && campaign?.type === "percent"
            ? campaign.value
            : undefined,
      });
      if (isForm) {
        const outcome = result === "subscribed" ? "success" : "duplicate";
        return reply.redirect(withParam(next, "email_signup", outcome), 303);
      }
      if (result === "duplicate") return reply.status(205).send();
      return { detail: EMAIL_CAPTURE_SUCCESS, email_subscribed: true };
    },
  );
};

export { EMAIL_COUPON_ALREADY_USED };
