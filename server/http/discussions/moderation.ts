import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError } from "../../../domain/errors";
import { ApproveSchema, ResolveSchema } from "../../../domain/schemas/discussions";
import type { Services } from "../../services";
import { nodeJson } from "../../web/discussion-presenters";
import { CSRF_COOKIE, CSRF_HEADER } from "../../web/session-plugin";
import { safeEqual } from "../../web/tokens";
import { requireStaffModerator, requireUser, signedInUser } from "../guards";
import { errorResponses } from "../schemas";
import { authorListResponse, CommentParams, formBody, KINDS, nodeResponse } from "./schemas";

// Moderation (spec 000 section 7): approve or decline (staff, the deal's partners and user
// moderators: the service knows the deal's roles), resolve (staff moderators, checked by the
// service with its own message), and the author white- and blacklists (staff moderators).

/**
 * The spec gives the author lists as GETs that change state, so the session plugin's CSRF check
 * (unsafe methods only) does not cover them: they need the X-CSRFToken header as well, so a link
 * or an <img> elsewhere cannot trigger them.
 */
async function requireCsrfHeader(request: FastifyRequest): Promise<void> {
  const header = request.headers[CSRF_HEADER];
  if (!safeEqual(typeof header === "string" ? header : undefined, request.cookies[CSRF_COOKIE])) {
    throw new DomainError("forbidden", { detail: "CSRF Failed: CSRF token missing or incorrect." });
  }
}

const REQUIRED = "This field is required.";
const CHOICE = "Select a valid choice.";

/** user_id stays text: the service parses it, and an id that is not one is an unknown user (404). */
const authorListQuery = (list: "whitelist" | "blacklist") =>
  z.object({
    user_id: z.string({ error: REQUIRED }).min(1, { error: REQUIRED }).max(20),
    [`${list}_action`]: z.enum(["1", "0"], { error: CHOICE }),
  });

export const discussionModerationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const discussions = services.discussions;

  for (const { kind, path } of KINDS) {
    app.post(
      `/api/v2/deals/:dealId/${path}/:commentId/approve/`,
      {
        preValidation: requireUser,
        schema: {
          tags: ["discussions"],
          summary:
            'Moderate: {approved: "approved" | "denied" | null (back to pending), moderation_reason}',
          params: CommentParams,
          body: formBody(ApproveSchema),
          response: { 200: nodeResponse, ...errorResponses },
        },
      },
      async (request) => {
        const { dealId, commentId } = request.params;
        const user = signedInUser(request);
        const node = await discussions.approve(
          kind,
          dealId,
          String(commentId),
          user,
          request.body.approved,
          request.body.moderation_reason,
        );
        return nodeJson(node);
      },
    );

    app.post(
      `/api/v2/deals/:dealId/${path}/:commentId/resolve/`,
      {
        preValidation: requireUser,
        schema: {
          tags: ["discussions"],
          summary: "Resolve or unresolve {resolved} (staff moderators)",
          params: CommentParams,
          body: formBody(ResolveSchema),
          response: { 200: nodeResponse, ...errorResponses },
        },
      },
      async (request) => {
        const { dealId, commentId } = request.params;
        const user = signedInUser(request);
        const node = await discussions.resolve(
          kind,
          dealId,
          String(commentId),
          user,
          request.body.resolved,
        );
        return nodeJson(node);
      },
    );
  }

  for (const list of ["whitelist", "blacklist"] as const) {
    app.get(
      `/comments/${list}_author_ajx/`,
      {
        preValidation: [requireStaffModerator, requireCsrfHeader],
        schema: {
          tags: ["discussions"],
          summary: `Put an author on or off the comment ${list} (staff; needs X-CSRFToken)`,
          querystring: authorListQuery(list),
          response: { 200: authorListResponse, ...errorResponses },
        },
      },
      async (request) => {
        const query = request.query as Record<string, string>;
        const result = await discussions.setAuthorList(
          signedInUser(request),
          list,
          String(query.user_id),
          query[`${list}_action`] === "1",
        );
        return {
          success: true as const,
          user_id: result.userId,
          comment_whitelist: result.commentWhitelist,
          comment_blacklist: result.commentBlacklist,
        };
      },
    );
  }
};
