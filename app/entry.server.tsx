// React Router's default Node entry (streaming; bots and SPA mode wait for all content), plus the
// response's CSP nonce: <ServerRouter nonce> hands it to <Scripts>, <ScrollRestoration>, <Links>
// and the streamed data scripts, and React's own inline scripts (Suspense reveals) get it from
// renderToPipeableStream. The CSP header with the same nonce is set by server/http/react-router.ts.
import { PassThrough, pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { outageOf } from "../server/web/outage";
import { appContext } from "./context";
import { lowPriorityModulePreloads } from "./module-preloads.server";

export const streamTimeout = 5_000;

/**
 * React Router's default (log the error) except for outages (database or Redis unreachable): those
 * are marked on the load context, and server/http/react-router.ts answers a 503 page with
 * Retry-After instead of the 500 page, logging one line with the cause code.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  const outage = outageOf(error);
  const ctx = outage ? (context as RouterContextProvider | undefined)?.get(appContext) : undefined;
  if (outage && ctx) {
    ctx.outage = outage;
    return;
  }
  if (!request.signal.aborted) {
    const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
    console.error(inner ?? error);
  }
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(appContext).cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after `streamTimeout`, leaving time to flush the rejected boundaries down.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Cleared so the closure is not retained until the timer fires.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          // The page's scripts are preloaded at low priority (app/module-preloads.server.ts).
          const html = lowPriorityModulePreloads();
          pipeline(body, html, () => {});
          const stream = createReadableStreamFromReadable(html);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors during the shell are logged by React Router's handleDocumentRequest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
