// React Router's Node entry, rendering each page whole before sending it, plus the response's CSP
// nonce: <ServerRouter nonce> hands it to <Scripts>, <ScrollRestoration>, <Links> and the data
// scripts, and React's own inline scripts (Suspense reveals) get it from renderToPipeableStream.
// The CSP header with the same nonce is set by server/http/react-router.ts.
//
// Whole, not streamed (issue 14): no loader returns deferred data, so React's shell is the whole
// page anyway, and a stream only added its cost (React's 4 KB chunks through a PassThrough, a web
// ReadableStream and back to a Node stream, then a compressor flushed per chunk). The page's bytes
// go out as one buffer (server/web/rendered-body.ts), compressed in one call.
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { outageOf } from "../server/web/outage";
import { renderedResponse } from "../server/web/rendered-body";
import { appContext } from "./context";
import { scriptsAfterFirstPaint } from "./module-preloads.server";

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
    // Abort after `streamTimeout`, leaving time to flush the rejected boundaries down.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        // Every boundary done (an aborted one with its fallback): the page is written in one go.
        onAllReady() {
          const chunks: Uint8Array[] = [];
          const sink = new Writable({
            write(chunk: Uint8Array, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              // Cleared so the closure is not retained until the timer fires.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html");
              // The page's scripts start loading once it has painted (app/module-preloads.server.ts).
              resolve(
                renderedResponse(scriptsAfterFirstPaint(Buffer.concat(chunks)), {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
              callback();
            },
          });
          pipe(sink);
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
