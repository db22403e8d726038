import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Services } from "../../services";
import { requireStaff } from "../guards";
import { errorResponses } from "../schemas";

const ReconciliationResponse = z.looseObject({
  since: z.string(),
  counts: z.object({ matched: z.number(), missing: z.number(), different: z.number() }),
  results: z.array(
    z.looseObject({
      payment_intent: z.string(),
      created: z.string(),
      amount: z.number(),
      fee: z.number().nullable(),
      net: z.number().nullable(),
      provider_status: z.string(),
      order_id: z.number().nullable(),
      order_status: z.string().nullable(),
      refunded: z.number(),
      state: z.enum(["matched", "missing", "different"]),
      note: z.string(),
    }),
  ),
  disputes: z.array(z.looseObject({ id: z.string(), outcome: z.string().nullable() })),
  events: z.array(
    z.looseObject({
      id: z.string(),
      type: z.string(),
      object_id: z.string().nullable(),
      outcome: z.string(),
      received: z.string(),
    }),
  ),
});

/**
 * GET /api/staff/payments/ (issue 29): the provider's payments of the last `days` (default 30)
 * against our orders (matched, missing, different), the disputes and the latest events.
 */
export const staffPaymentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    "/api/staff/payments/",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Payments reconciled with the provider: matched, missing or different (staff only)",
        querystring: z.object({ days: z.coerce.number().int().min(1).max(90).default(30) }),
        response: { 200: ReconciliationResponse, ...errorResponses },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      const [report, events] = await Promise.all([
        services.payments.reconciliation(request.query.days),
        services.payments.recentEvents(),
      ]);
      return {
        ...report,
        events: events.map((e) => ({
          id: e.id,
          type: e.type,
          object_id: e.objectId,
          outcome: e.outcome,
          received: e.receivedAt.toISOString(),
        })),
      };
    },
  );
};
