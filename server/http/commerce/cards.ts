import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CardCreateSchema,
  CardDefaultSchema,
  CardRemoveSchema,
} from "../../../domain/schemas/account";
import type { Services } from "../../services";
import { countryFromRequest } from "../../services/marketing/geoip";
import { isDomainError } from "../../web/errors";
import { isFormPost, requireUser, signedInUser } from "../guards";
import { errorResponses, redirectResponse } from "../schemas";
import { bodyOf, cardsResponse } from "./schemas";

/** Where a plain HTML form lands after a card call: the cards page, with a notice key. */
const CARDS_PAGE = "/account/cards/";

/**
 * A plain HTML form (no JavaScript) is answered with a redirect. The spec's card calls are XHR
 * that send the CSRF header (and may be form-encoded): they get JSON, errors included.
 */
const isPlainForm = (request: FastifyRequest) =>
  isFormPost(request) &&
  !request.headers["x-csrftoken"] &&
  !(request.headers.accept ?? "").includes("application/json");

/**
 * Saved cards (spec 001 sections 7 and 8; contract.md): create with a payment_method_id, remove
 * by fingerprint_id, choose the default by card id. JSON answers carry the card list (default
 * first); a form post without JavaScript is redirected back to the cards page, also when its
 * fields are wrong (hence `attachValidation`: the handler answers a failed body itself).
 */
export const cardRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { cards } = services;

  app.get(
    "/api/users/cards/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["cards"],
        summary: "The caller's saved cards, default first",
        response: { 200: cardsResponse, ...errorResponses },
      },
    },
    async (request) => ({ cards: await cards.list(signedInUser(request).id) }),
  );

  /** A plain form post: runs the call and goes back to the cards page (notice, or error key). */
  const formAnswer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    run: () => Promise<unknown>,
    notice: string,
  ) => {
    try {
      if (request.validationError) throw request.validationError;
      await run();
      return reply.redirect(`${CARDS_PAGE}?notice=${notice}`, 303);
    } catch (err) {
      if (!isDomainError(err) && err !== request.validationError) throw err;
      return reply.redirect(`${CARDS_PAGE}?error=${request.url.split("/")[3] ?? "card"}`, 303);
    }
  };

  /** A JSON call: a body that failed its schema is the usual 400 field map. */
  const checkBody = (request: FastifyRequest) => {
    if (request.validationError) throw request.validationError;
  };

  const response = (success: 200 | 201) => ({
    [success]: cardsResponse,
    303: redirectResponse,
    ...errorResponses,
  });

  app.post(
    "/account/cards/create/",
    {
      preValidation: requireUser,
      attachValidation: true,
      schema: {
        tags: ["cards"],
        summary: "Save a card from a payment_method_id",
        body: bodyOf(CardCreateSchema),
        response: { ...response(201), 200: cardsResponse.describe("The card was already saved") },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const run = () =>
        cards.create(user.id, request.body, countryFromRequest(request.session, request.headers));
      if (isPlainForm(request)) return formAnswer(request, reply, run, "added");
      checkBody(request);
      const result = await run();
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  app.post(
    "/account/cards/remove/",
    {
      preValidation: requireUser,
      attachValidation: true,
      schema: {
        tags: ["cards"],
        summary: "Remove a saved card by fingerprint_id",
        body: bodyOf(CardRemoveSchema),
        response: response(200),
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const run = () => cards.remove(user.id, request.body.fingerprint_id);
      if (isPlainForm(request)) return formAnswer(request, reply, run, "removed");
      checkBody(request);
      return run();
    },
  );

  app.post(
    "/account/cards/default/",
    {
      preValidation: requireUser,
      attachValidation: true,
      schema: {
        tags: ["cards"],
        summary: "Make a saved card (by id) the default",
        body: bodyOf(CardDefaultSchema),
        response: response(200),
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const run = () => cards.setDefault(user.id, request.body.card);
      if (isPlainForm(request)) return formAnswer(request, reply, run, "default");
      checkBody(request);
      return run();
    },
  );
};
