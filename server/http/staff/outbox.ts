import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Services } from "../../services";
import { forbidden, unauthenticated } from "../../../domain/errors";

/** Staff tools over the API; the pages live in app/routes (e.g. /staff/outbox/). */
export const staffRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    "/api/staff/outbox/",
    { schema: { tags: ["staff"], summary: "The outbox's e-mails, newest first (staff only)" } },
    async (request, reply) => {
      const user = request.session?.user;
      if (!user) throw unauthenticated();
      if (!user.isStaff) throw forbidden();
      reply.header("cache-control", "private, no-store");
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
