import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Services } from "../../services";
import { requireStaff } from "../guards";
import { errorResponses } from "../schemas";

const OutboxResponse = z.looseObject({
  mail_provider: z.string(),
  emails: z.array(
    z.looseObject({
      id: z.number(),
      template: z.string().nullable(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      status: z.string(),
      attempts: z.number(),
      last_error: z.string().nullable(),
      created: z.string(),
      sent: z.string().nullable(),
    }),
  ),
});

/** Staff tools over the API; the pages live in app/routes (e.g. /staff/outbox/). */
export const staffRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    "/api/staff/outbox/",
    {
      schema: {
        tags: ["staff"],
        summary: "The outbox's e-mails, newest first (staff only)",
        response: { 200: OutboxResponse, ...errorResponses },
      },
      preValidation: requireStaff,
    },
    async () => {
      const emails = await services.accounts.outboxEmails();
      return {
        mail_provider: services.accounts.mail.kind,
        emails: emails.map((e) => ({
          id: e.id,
          template: e.template,
          to: e.to,
          subject: e.subject,
          text: e.text,
          status: e.status,
          attempts: e.attempts,
          last_error: e.lastError,
          created: e.createdAt.toISOString(),
          sent: e.doneAt?.toISOString() ?? null,
        })),
      };
    },
  );
};
