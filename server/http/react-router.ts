import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { appContext } from "../../app/context";
import type { AppLoadContext } from "./load-context";

type Options = {
  build: ServerBuild;
  mode: "production" | "development";
  loadContext(request: FastifyRequest, reply: FastifyReply): AppLoadContext;
};

function toWebRequest(request: FastifyRequest, publicOrigin: string): Request {
  const url = new URL(request.url, publicOrigin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  const controller = new AbortController();
  request.raw.once("aborted", () => controller.abort());
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody
      ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: "half" as const }
      : {}),
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}

/**
 * Mounts the React Router app for every path the API does not own. It runs in its own
 * encapsulated context so that request bodies reach React Router's actions unparsed.
 */
export async function reactRouterPlugin(app: FastifyInstance, options: Options): Promise<void> {
  const handle = createRequestHandler(options.build, options.mode);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));

  app.route({
    method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    // Pages, not API: kept out of /api/openapi.json.
    schema: { hide: true },
    handler: async (request, reply) => {
      if (request.url.startsWith("/api/")) {
        return reply.status(404).send({ detail: "Not found." });
      }
      const context = new RouterContextProvider();
      context.set(appContext, options.loadContext(request, reply));
      const origin = `${request.protocol}://${request.host}`;
      const response = await handle(toWebRequest(request, origin), context);
      return sendWebResponse(reply, response);
    },
  });
}
