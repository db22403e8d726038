import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../../domain/errors";
import { NOTIFICATIONS_UNSUBSCRIBED } from "../../../domain/messages";
import {
  isNotificationTopic,
  NOTIFICATION_TOPICS,
  PARTNER_QUESTION_MODES,
} from "../../../domain/notifications";
import { NotificationSettingsSchema } from "../../../domain/schemas/notifications";
import type { Services } from "../../services";
import { notificationSettingsJson } from "../../web/presenters";
import { requireUser, signedInUser } from "../guards";
import { errorResponses } from "../schemas";

// Notification e-mail switches beside the e-mail settings (issue 33, decision 068), and the
// one-click unsubscribe (RFC 8058) that every notification e-mail's List-Unsubscribe names.

const settingsResponse = z.looseObject({
  moderation: z.boolean(),
  replies: z.boolean(),
  followed_questions: z.boolean(),
  partner_questions: z.enum(PARTNER_QUESTION_MODES),
});

export const notificationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    "/api/users/notifications/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["users"],
        summary: "The account's notification e-mail switches, one per topic",
        response: { 200: settingsResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return notificationSettingsJson(
        await services.notificationSettings.get(signedInUser(request)),
      );
    },
  );

  app.patch(
    "/api/users/notifications/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["users"],
        summary: "Change notification switches; fields left out keep their value",
        body: NotificationSettingsSchema,
        response: { 200: settingsResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const body = request.body;
      return notificationSettingsJson(
        await services.notificationSettings.update(signedInUser(request), {
          moderation: body.moderation,
          replies: body.replies,
          followedQuestions: body.followed_questions,
          partnerQuestions: body.partner_questions,
        }),
      );
    },
  );

  // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` without cookies; the token in
  // the path is the member's, the topic the e-mail's. Any body is accepted.
  app.post(
    "/api/notifications/unsubscribe/:token/:topic/",
    {
      schema: {
        tags: ["users"],
        summary: "One-click unsubscribe from one notification topic (RFC 8058)",
        params: z.object({
          token: z.string().min(1).max(100),
          topic: z.enum(NOTIFICATION_TOPICS),
        }),
        response: { 200: z.looseObject({ detail: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { token, topic } = request.params;
      if (!isNotificationTopic(topic)) throw notFound();
      if (!(await services.notificationSettings.unsubscribe(token, topic))) throw notFound();
      return { detail: NOTIFICATIONS_UNSUBSCRIBED };
    },
  );
};
