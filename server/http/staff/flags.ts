import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AuthorListQuery,
  AuthorListSchema,
  FlagResolveSchema,
  FlagsQuery,
} from "../../../domain/schemas/staff";
import type { Services } from "../../services";
import { objectResponse, staffRouter, tableResponse } from "./common";

/**
 * Staff: the reports queue (issue 33) and the comment author lists with undo (decision 069).
 * Declining from the queue and changing a list go through the discussion area's own use cases.
 */
export const staffFlagRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const discussions = services.discussions;
  const route = staffRouter(app);

  route.get(
    "/api/staff/flags/",
    {
      summary:
        "Reviews, questions and replies with open reports, grouped by item with counts and reasons, oldest report first (kind, page)",
      querystring: FlagsQuery,
      response: tableResponse("A page of reported items"),
    },
    async ({ query }) => discussions.openFlags(query),
  );
  route.post(
    "/api/staff/flags/:id/resolve/",
    {
      summary:
        "Resolve an item's open reports {action: dismiss | decline, note}: declining declines the item (its author reads the note, or the reporters' reason)",
      id: "review, question or reply",
      body: FlagResolveSchema,
      response: objectResponse("The resolution"),
    },
    async ({ user, id, body }) => discussions.resolveFlags(user, id, body),
  );

  route.get(
    "/api/staff/authors/",
    {
      summary:
        "Authors on the comment blacklist (blocked from posting) or whitelist (posts skip moderation), with the reason (list, query, sort, page)",
      querystring: AuthorListQuery,
      response: tableResponse("A page of listed authors"),
    },
    async ({ query }) => services.staff.authors.listAuthors(query),
  );
  route.post(
    "/api/staff/authors/:id/",
    {
      summary:
        "Put an author on a comment list or take them off it (undo) {list: blacklist | whitelist, on, reason}",
      id: "user",
      body: AuthorListSchema,
      response: objectResponse("The author's lists"),
    },
    async ({ user, id, body }) => {
      const result = await discussions.setAuthorList(
        user,
        body.list,
        String(id),
        body.on,
        body.reason,
      );
      return {
        user_id: result.userId,
        comment_whitelist: result.commentWhitelist,
        comment_blacklist: result.commentBlacklist,
        reason: body.reason,
      };
    },
  );
};
