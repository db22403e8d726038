import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ReplySchema } from "../../../domain/schemas/discussions";
import type { Services } from "../../services";
import { itemJson, nodeJson, replyJson } from "../../web/discussion-presenters";
import { requireUser, signedInUser } from "../guards";
import type { PerUserLimit } from "./rate-limits";
import { parseFields, postingBody } from "./request-body";
import {
  bodyObject,
  DealParams,
  formBody,
  ItemParams,
  KINDS,
  nodeResponse,
  replyResponse,
  writeErrors,
} from "./schemas";

// Posting (spec 000 section 7): create (or reply, when the body names a parent), reply, edit and
// delete. The login check runs before the body is validated, so an anonymous caller gets 401
// whatever it sent.

/** Create and edit bodies: JSON, a form, or multipart (read in the handler, see request-body.ts). */
const PostingBody = z
  .looseObject({})
  .nullish()
  .describe(
    "Review: title, rating, comment, video_file (multipart); question: title, comment; " +
      "parent makes a create a reply",
  );

export const discussionPostingRoutes: FastifyPluginAsyncZod<{
  services: Services;
  perUser: PerUserLimit;
}> = async (app, { services, perUser }) => {
  const discussions = services.discussions;

  for (const { kind, path } of KINDS) {
    app.post(
      `/api/v2/deals/:dealId/${path}/`,
      {
        onRequest: perUser("create"),
        preValidation: requireUser,
        schema: {
          tags: ["discussions"],
          summary: `Create a ${kind} (JSON, form or multipart with video_file); 201 with the item`,
          params: DealParams,
          body: PostingBody,
          response: { 201: nodeResponse, ...writeErrors },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        const { dealId } = request.params;
        const parent = bodyObject(request.body).parent;
        // The create body's `parent` makes it a reply (spec 000 section 7).
        if (parent !== undefined && parent !== null && parent !== "") {
          const { comment } = parseFields(ReplySchema, bodyObject(request.body));
          const created = await discussions.reply(kind, dealId, String(parent), user, { comment });
          reply.status(201);
          return replyJson(created);
        }
        // One use case for both doors: the gates, then the (streamed, capped) body.
        const item = await discussions.submitCreate(kind, dealId, user, postingBody(request));
        reply.status(201);
        return itemJson(item);
      },
    );

    app.post(
      `/api/v2/deals/:dealId/${path}/:id/reply/`,
      {
        onRequest: perUser("reply"),
        preValidation: requireUser,
        schema: {
          tags: ["discussions"],
          summary: `Reply to a ${kind} or to a reply in its thread; 201 with the reply`,
          params: ItemParams,
          body: formBody(ReplySchema),
          response: { 201: replyResponse, ...writeErrors },
        },
      },
      async (request, reply) => {
        const { dealId, id } = request.params;
        const created = await discussions.reply(kind, dealId, String(id), signedInUser(request), {
          comment: request.body.comment,
        });
        reply.status(201);
        return replyJson(created);
      },
    );

    app.put(
      `/api/v2/deals/:dealId/${path}/:id/edit/`,
      {
        onRequest: perUser("edit"),
        preValidation: requireUser,
        schema: {
          tags: ["discussions"],
          summary: `Edit one's own ${kind} or reply (same body as create); back to moderation`,
          params: ItemParams,
          body: PostingBody,
          response: { 200: nodeResponse, ...writeErrors },
        },
      },
      async (request) => {
        const user = signedInUser(request);
        const dealId = request.params.dealId;
        const id = String(request.params.id);
        return nodeJson(await discussions.submitEdit(kind, dealId, id, user, postingBody(request)));
      },
    );

    app.delete(
      `/api/v2/deals/:dealId/${path}/:id/`,
      {
        preValidation: requireUser,
        schema: {
          tags: ["discussions"],
          summary: `Delete a ${kind}, or a reply of its thread, with everything below it; 204`,
          params: ItemParams,
          response: { 204: z.null().describe("Deleted"), ...writeErrors },
        },
      },
      async (request, reply) => {
        const { dealId, id } = request.params;
        await discussions.remove(kind, dealId, String(id), signedInUser(request));
        return reply.status(204).send(null);
      },
    );
  }
};
