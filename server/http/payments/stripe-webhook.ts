import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services";

/**
 * POST /api/payments/stripe/webhook/ (issue 29): Stripe's events, verified on the raw body
 * (Stripe-Signature with STRIPE_WEBHOOK_SECRET, 300 s tolerance) before anything is read, then
 * stored by id and applied in one transaction. The answer is 2xx only after that commit: a
 * failure answers 503 and Stripe delivers the event again. A second delivery, a type we do not
 * handle and an object we do not know all answer 200 (logged), so Stripe stops sending them.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  // The signature is over the exact bytes Stripe sent: this route reads its body unparsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.post("/api/payments/stripe/webhook/", { schema: { hide: true } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const verify = services.payments.verifyEvent;
    if (!verify) return reply.status(404).send({ detail: "Not found." });
    const signature = request.headers["stripe-signature"];
    const body = request.body;
    if (typeof signature !== "string" || !signature || !Buffer.isBuffer(body)) {
      return reply.status(400).send({ detail: "Missing Stripe-Signature or body." });
    }
    let event: ReturnType<typeof verify>;
    try {
      event = verify(body, signature);
    } catch {
      request.log.warn({ cause: "webhook_signature" }, "stripe webhook signature refused");
      return reply.status(400).send({ detail: "Invalid signature." });
    }
    try {
      const result = await services.payments.handleEvent(event);
      request.log.info(
        { event: event.id, type: event.type, outcome: result.outcome },
        "stripe event",
      );
      return reply.status(200).send({ received: true, outcome: result.outcome });
    } catch (err) {
      // Nothing was kept (the transaction rolled back): Stripe retries this event later.
      request.log.error(
        { event: event.id, type: event.type, err: err instanceof Error ? err.message : err },
        "stripe event failed",
      );
      return reply
        .status(503)
        .header("retry-after", "5")
        .send({ detail: "The event could not be applied; it will be retried." });
    }
  });
};
