import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CardCreateSchema,
  CardDefaultSchema,
  CardRemoveSchema,
} from "../../../domain/schemas/account";
import { fieldErrors } from "../../../domain/schemas/common";
import type { Services } from "../../services";
import { countryFromRequest } from "../../services/marketing/geoip";
import { invalid } from "../../../domain/errors";
import { isDomainError } from "../../web/errors";
import { accountUser, isFormPost } from "../guards";

const anyBody = z.record(z.string(), z.unknown()).optional();

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

/** Where a plain HTML form lands after a card call: the cards page, with a notice key. */
const CARDS_PAGE = "/account/cards/";

/**
 * Saved cards (spec 001 sections 7 and 8; contract.md): create with a payment_method_id, remove
 * by fingerprint_id, choose the default by card id. JSON answers carry the card list (default
 * first); a form post without JavaScript is redirected back to the cards page.
 */
export const cardRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { cards } = services;

  app.get(
    "/api/users/cards/",
    { schema: { tags: ["cards"], summary: "The caller's saved cards, default first" } },
    async (request, reply) => ({ cards: await cards.list(accountUser(request, reply).id) }),
  );

  const formRedirect = async (
    request: Parameters<typeof isFormPost>[0],
    reply: { redirect(url: string, code: number): unknown },
    run: () => Promise<unknown>,
    notice: string,
  ) => {
    try {
      await run();
      return reply.redirect(`${CARDS_PAGE}?notice=${notice}`, 303);
    } catch (err) {
      if (!isDomainError(err)) throw err;
      return reply.redirect(`${CARDS_PAGE}?error=${request.url.split("/")[3] ?? "card"}`, 303);
    }
  };

  app.post(
    "/account/cards/create/",
    { schema: { tags: ["cards"], summary: "Save a card from a payment_method_id", body: anyBody } },
    async (request, reply) => {
      const user = accountUser(request, reply);
      const run = () =>
        cards.create(
          user.id,
          parse(CardCreateSchema, request.body),
          countryFromRequest(request.session, request.headers),
        );
      if (isFormPost(request)) return formRedirect(request, reply, run, "added");
      const result = await run();
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  app.post(
    "/account/cards/remove/",
    {
      schema: { tags: ["cards"], summary: "Remove a saved card by fingerprint_id", body: anyBody },
    },
    async (request, reply) => {
      const user = accountUser(request, reply);
      const run = () => cards.remove(user.id, parse(CardRemoveSchema, request.body).fingerprint_id);
      if (isFormPost(request)) return formRedirect(request, reply, run, "removed");
      return run();
    },
  );

  app.post(
    "/account/cards/default/",
    {
      schema: { tags: ["cards"], summary: "Make a saved card (by id) the default", body: anyBody },
    },
    async (request, reply) => {
      const user = accountUser(request, reply);
      const run = () => cards.setDefault(user.id, parse(CardDefaultSchema, request.body).card);
      if (isFormPost(request)) return formRedirect(request, reply, run, "default");
      return run();
    },
  );
};
