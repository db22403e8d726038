import type { FastifyReply, FastifyRequest } from "fastify";
import { OUTAGE_MESSAGE, OUTAGE_RETRY_AFTER_S, type OutageCode, outageOf } from "../web/outage";

export { outageOf };

const LOG_MESSAGES: Record<OutageCode, string> = {
  db_unavailable: "request failed: database unavailable",
  db_timeout: "request failed: database timeout",
  redis_unavailable: "request failed: redis unavailable",
};

/**
 * The page a visitor sees during an outage. Static on purpose: rendering the app's layout needs
 * the database (session, cart count) that is missing. Inline style only (no script, no asset
 * that could itself fail).
 */
export const OUTAGE_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Back in a moment | Payonce</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1d1d2c;background:#fff}
main{max-width:36rem;margin:0 auto;padding:6rem 1rem;text-align:center}
.status{font-size:3.75rem;font-weight:900;color:#f5b400;margin:0}
h1{font-size:1.5rem;margin:1rem 0 .5rem}
p{color:#55556a}
a{display:inline-block;margin-top:2rem;padding:.625rem 1.25rem;border-radius:9999px;background:#ffc629;color:#1d1d2c;font-weight:600;text-decoration:none}
</style>
</head>
<body>
<main>
<p class="status">503</p>
<h1>We'll be right back.</h1>
<p>Payonce is briefly unavailable. Nothing you did caused this, and nothing was lost: please try again in a few seconds.</p>
<a href="">Try again</a>
</main>
</body>
</html>
`;

function logOutage(request: FastifyRequest, code: OutageCode): void {
  const q = request.url.indexOf("?");
  // One line, the cause code and where: never the error itself, whose message carries the SQL
  // and its parameter values (Drizzle's "Failed query ... params: ...").
  request.log.warn(
    {
      cause: code,
      method: request.method,
      route: request.routeOptions.url ?? (q === -1 ? request.url : request.url.slice(0, q)),
    },
    LOG_MESSAGES[code],
  );
}

/** Pages (everything outside /api/ that asks for HTML) get the page; the API its JSON. */
function wantsHtml(request: FastifyRequest): boolean {
  if (request.url.startsWith("/api/")) return false;
  const accept = String(request.headers.accept ?? "");
  return accept === "" || accept.includes("text/html") || accept.includes("*/*");
}

/** Answers an outage: 503, Retry-After, `{detail, code}` for the API, the page for pages. */
export function sendOutage(request: FastifyRequest, reply: FastifyReply, code: OutageCode) {
  logOutage(request, code);
  reply
    .status(503)
    .header("retry-after", String(OUTAGE_RETRY_AFTER_S))
    .header("cache-control", "no-store");
  if (wantsHtml(request)) {
    return reply.type("text/html; charset=utf-8").send(OUTAGE_PAGE);
  }
  return reply.send({ detail: OUTAGE_MESSAGE, code });
}

/** The same page as a web Response, for the React Router path (server/http/react-router.ts). */
export function outageResponse(request: FastifyRequest, code: OutageCode): Response {
  logOutage(request, code);
  return new Response(request.method === "HEAD" ? null : OUTAGE_PAGE, {
    status: 503,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "retry-after": String(OUTAGE_RETRY_AFTER_S),
      "cache-control": "no-store",
    },
  });
}
