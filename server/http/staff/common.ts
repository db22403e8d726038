import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SessionUser } from "../../services/accounts/sessions";
import type { Actor } from "../../services/staff/audit";
import { bodyOf, pathId } from "../commerce/schemas";
import { requireStaff, signedInUser } from "../guards";
import { errorResponses } from "../schemas";

export { bodyOf, idParam, pathId } from "../commerce/schemas";

/** The signed-in caller as the audit log names them. */
export function actorOf(request: FastifyRequest, role: Actor["role"]): Actor {
  const user = signedInUser(request);
  return { id: user.id, email: user.email, role };
}

/** A list answer shaped for a table: items, total, page (and page_size, pages). */
export const tableResponse = (description: string) =>
  z
    .looseObject({
      items: z.array(z.looseObject({})),
      total: z.number(),
      page: z.number(),
      page_size: z.number(),
      pages: z.number(),
    })
    .describe(description);

export const objectResponse = (description: string) => z.looseObject({}).describe(description);

export const idParams = (what: string) => z.object({ id: z.string().describe(`The ${what}'s id`) });

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

type RouteSpec<Q extends z.ZodType, B extends z.ZodType> = {
  summary: string;
  /** What the path's :id names ("deal"): documented, and read for the handler as `id`. */
  id?: string;
  /** Other path parameters (a page's slug). */
  params?: z.ZodObject;
  querystring?: Q;
  body?: B;
  response: z.ZodType;
  /** 201 for a create; 200 otherwise. */
  status?: 200 | 201;
};

/** What a staff handler gets: the validated query and body, the path's id, the caller. */
export type StaffCall<Q extends z.ZodType, B extends z.ZodType> = {
  /** The :id of the path as a row id (a 404 before the handler when it is not one). */
  id: number;
  params: Record<string, string>;
  query: z.output<Q>;
  body: z.output<B>;
  /** The signed-in staff member, as the audit log names them. */
  actor: Actor;
  /** The same member's session, for use cases shared with other doors (discussion moderation). */
  user: SessionUser;
};

/**
 * The one shape of every /api/staff/ route: staff only (401 anonymous, 403 anyone else), tagged
 * "staff", documented by its schemas, its answer sent with `status`. A handler is one service call.
 */
export function staffRouter(app: ZodApp) {
  const route =
    (method: "GET" | "POST" | "PATCH" | "PUT") =>
    <Q extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodUnknown>(
      url: string,
      spec: RouteSpec<Q, B>,
      handler: (call: StaffCall<Q, B>) => Promise<unknown>,
    ) => {
      const status = spec.status ?? 200;
      const params = spec.id ? idParams(spec.id) : spec.params;
      app.route({
        method,
        url,
        preValidation: requireStaff,
        schema: {
          tags: ["staff"],
          summary: spec.summary,
          ...(params ? { params } : {}),
          ...(spec.querystring ? { querystring: spec.querystring } : {}),
          ...(spec.body ? { body: bodyOf(spec.body) } : {}),
          response: { [status]: spec.response, ...errorResponses },
        },
        handler: async (request, reply) => {
          const path = (request.params ?? {}) as Record<string, string>;
          const id = spec.id ? pathId(path.id ?? "") : 0;
          const answer = await handler({
            id,
            params: path,
            query: request.query as z.output<Q>,
            body: request.body as z.output<B>,
            actor: actorOf(request, "staff"),
            user: signedInUser(request),
          });
          // The answer's schema is the route's own (response[status]), not known to the types here.
          return (reply as unknown as FastifyReply).status(status).send(answer);
        },
      });
    };
  return { get: route("GET"), post: route("POST"), patch: route("PATCH"), put: route("PUT") };
}
