import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  createRequestHandler,
  isRouteErrorResponse,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { appContext } from "../../app/context";
import type { Config } from "../config";
import type { PageCacheService } from "../services/cache/page-cache";
import type { AppLoadContext } from "../web/load-context";
import { OUTAGE_RETRY_AFTER_S, outageOf } from "../web/outage";
import { ensureCsrfCookie } from "../web/session-plugin";
import { publicOriginOf, siteOriginFor } from "../web/site-origin";
import { redactUrl, safeErrorForLog } from "./log-safety";
import { outageResponse } from "./outage";
import { CACHE_HEADER, cacheDecision, PRIVATE, sendResponse, serveCached } from "./page-cache";
import { newCspNonce } from "./page-csp";
import { hasSessionCookie } from "./replay";
import { CSP_HEADER, framedByStaff, nonceSource, sameOriginFrames } from "./security-headers";

/** Renders one page request: React Router's handler, or a stand-in in API tests of the cache. */
export type PageHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

type Options = {
  /** The React Router build; `handler` replaces it where no build exists (API tests). */
  build?: ServerBuild;
  handler?: PageHandler;
  mode: "production" | "development";
  config: Config;
  pageCache: PageCacheService;
  /** The page CSP for its script sources (server/http/security-headers.ts). */
  pagePolicy(sources: readonly string[]): string;
  /** Everything but the nonce, which this plugin makes per response. */
  loadContext(request: FastifyRequest, reply: FastifyReply): Omit<AppLoadContext, "cspNonce">;
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
  // A form body was read already (so the input guard could judge its fields); others stream.
  const body = Buffer.isBuffer(request.body)
    ? new Uint8Array(request.body)
    : (Readable.toWeb(request.raw) as ReadableStream);
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body, duplex: "half" as const } : {}),
  });
}

/**
 * React Router's default handleError prints the whole error to stderr: a loader's failed query
 * with its parameter values. Ours logs what log-safety.ts allows, with the (redacted) path.
 */
export function withSafeErrorLog(build: ServerBuild, app: FastifyInstance): ServerBuild {
  return {
    ...build,
    entry: {
      ...build.entry,
      module: {
        ...build.entry.module,
        handleError: (error, args) => {
          const { request } = args;
          if (request.signal.aborted) return;
          // An outage is the build's own business (app/entry.server.tsx marks it on the load
          // context, and the page answers 503 with Retry-After): not a failure to log here.
          if (outageOf(error)) {
            build.entry.module.handleError?.(error, args);
            return;
          }
          // An ErrorResponse made from a thrown Error keeps it in `error` (not in the types).
          const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : null;
          const failure = inner ?? error;
          app.log.error(
            { err: safeErrorForLog(failure), route: redactUrl(new URL(request.url).pathname) },
            "page request failed",
          );
        },
      },
    },
  };
}

/**
 * Mounts the React Router app for every path the API does not own. It runs in its own
 * encapsulated context so that request bodies reach React Router's actions unparsed (form posts
 * as the raw bytes, read once). Anonymous
 * public pages go through the HTML cache (server/http/page-cache.ts); every page is compressed by
 * Accept-Encoding (server/http/compression.ts).
 */
export async function reactRouterPlugin(app: FastifyInstance, options: Options): Promise<void> {
  const handle: PageHandler = options.build
    ? createRequestHandler(withSafeErrorLog(options.build, app), options.mode)
    : (options.handler ?? (async () => new Response("No page renderer", { status: 500 })));
  const publicOrigin = publicOriginOf(options.config.publicUrl);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));
  // Form posts (login, sign-up, coupons...) are small: read whole, so the app-wide input rules
  // (server/http/input-guard.ts, the CSRF field) see their fields before React Router parses them.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "buffer" },
    (_request, body, done) => done(null, body),
  );

  app.route({
    method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    // Pages, not API: kept out of /api/openapi.json.
    schema: { hide: true },
    handler: async (request, reply) => {
      if (request.url.startsWith("/api/")) {
        return reply.status(404).send({ detail: "Not found." });
      }
      const decision = await cacheDecision(request, options.pageCache);
      const render = async (cspNonce: string) => {
        const context = new RouterContextProvider();
        const value: AppLoadContext = {
          ...options.loadContext(request, reply),
          cspNonce,
          // A page kept for an audience carries no one's personal parts (domain/audience.ts).
          sharedRender: decision.kind === "cache",
        };
        context.set(appContext, value);
        const origin = siteOriginFor(request, publicOrigin);
        const response = await handle(toWebRequest(request, origin), context);
        if (!value.outage) return response;
        // A loader or action met an outage (app/entry.server.tsx): the 503 page, not the 500 one;
        // a client navigation's data request keeps React Router's body for its error boundary.
        if (new URL(request.url, origin).pathname.endsWith(".data")) {
          const headers = new Headers(response.headers);
          headers.set("retry-after", String(OUTAGE_RETRY_AFTER_S));
          outageResponse(request, value.outage);
          return new Response(response.body, { status: 503, headers });
        }
        await response.body?.cancel();
        return outageResponse(request, value.outage);
      };
      // A reader with a session (and no account) gets their CSRF token from the page: their
      // answers are never a shared cache's. A reader without one needs none (no session, no
      // CSRF check) until a write starts their session, which sets it (decision 057).
      if (
        decision.kind !== "none" &&
        !request.session?.user &&
        hasSessionCookie(request.headers.cookie)
      ) {
        ensureCsrfCookie(request, reply, options.config);
      }
      // A page kept for an audience is kept without a nonce: its CSP allows its inline scripts
      // by their hashes, so its bytes are the same for every reader (decision 056).
      if (decision.kind === "cache") {
        return serveCached(request, reply, decision, options.pageCache, render, options.pagePolicy);
      }
      // A page rendered for this reader alone: a nonce of its own, and no shared cache keeps it.
      const cspNonce = newCspNonce();
      const policy = options.pagePolicy([nonceSource(cspNonce)]);
      reply.raw.setHeader(
        CSP_HEADER,
        framedByStaff(request.url, Boolean(request.session?.user?.isStaff))
          ? sameOriginFrames(policy)
          : policy,
      );
      const response = await render(cspNonce);
      if (!response.headers.has("cache-control")) reply.header("cache-control", PRIVATE);
      if (decision.kind === "bypass") reply.header(CACHE_HEADER, "BYPASS");
      return sendResponse(reply, response);
    },
  });
}
