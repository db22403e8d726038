/**
 * Cache hits answered before Fastify (server/http/fast-path.ts), over a real socket (inject goes
 * straight to Fastify, so it is the slow path to compare with): the same status, headers (in
 * order) and bytes as the slow path's hit (one replay function makes both), with a request id of
 * its own, the same bytes and hash-based CSP on every replay, no cookie, and a 304 for its ETag;
 * a session cookie, an unknown URL or a brotli-only client goes to Fastify; an invalidation or a
 * time boundary is seen by the very next request; the API answer cache takes the same path; at
 * the info level the same two log lines as Fastify's, TRUST_PROXY included.
 */
import http from "node:http";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { buildApp } from "../../server/app";
import { testConfig } from "../../server/config";
import { dealRoles, deals } from "../../server/db/schema";
import { AUDIENCE_TTL_MS } from "../../server/http/fast-path";
import type { PageHandler } from "../../server/http/react-router";
import { fixedClock } from "../../server/providers/clock";
import { createTestApp, openTestDatabase, type TestApp } from "../helpers/app";

/**
 * A product page stand-in with the nonce where React Router puts it (none for a page the cache
 * keeps: its CSP names its inline scripts by hash) and the deal's numbers.
 */
function pageRenderer() {
  const renders = { count: 0 };
  const handler: PageHandler = async (request, context) => {
    renders.count++;
    const { services, cspNonce } = context.get(appContext);
    const slug = new URL(request.url).pathname.split("/")[2] ?? "";
    const deal = await services.catalog.getDealDetails(slug);
    if (!deal) return new Response("Not found", { status: 404 });
    const html =
      `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.js" nonce="${cspNonce}"/>` +
      `</head><body><h1>${deal.name}</h1><p>reviews ${deal.deal_review.review_count}</p>` +
      `<p>${"lorem ipsum ".repeat(200)}</p><p>render ${renders.count}</p>` +
      `<script nonce="${cspNonce}">window.__ctx = {};</script></body></html>`;
    return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
  };
  return { renders, handler };
}

type Answer = { status: number; headers: [string, string][]; body: Buffer };

/** Headers every socket answer has and inject's have not (Node's own). */
const TRANSPORT = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

function overSocket(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          pairs.push([
            (res.rawHeaders[i] as string).toLowerCase(),
            res.rawHeaders[i + 1] as string,
          ]);
        resolve({
          status: res.statusCode ?? 0,
          headers: pairs.filter(([name]) => !TRANSPORT.has(name)),
          body: Buffer.concat(chunks),
        });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

function fromInject(res: LightMyRequestResponse): Answer {
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(res.headers)) {
    if (TRANSPORT.has(name) || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.push([name, String(v)]);
  }
  return { status: res.statusCode, headers, body: res.rawPayload };
}

const header = (a: Answer, name: string) => a.headers.find(([n]) => n === name)?.[1];

/** The answer with its request id (its own on every answer) replaced by a placeholder. */
function normalised(a: Answer) {
  const headers = a.headers.map(([name, value]): [string, string] =>
    name === "x-request-id" ? [name, "ID"] : [name, value],
  );
  return { status: a.status, headers, body: a.body.toString("base64") };
}

/** An answer's body as text (gunzipped when gzip). */
const textOf = (a: Answer) =>
  (header(a, "content-encoding") === "gzip" && a.body.length > 0
    ? gunzipSync(a.body)
    : a.body
  ).toString("utf8");

const clock = fixedClock(new Date());
const page = pageRenderer();
let app: TestApp;
let port = 0;
let taskflowId = 0;

beforeAll(async () => {
  app = await createTestApp({ clock, pageHandler: page.handler });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  port = typeof address === "object" && address ? address.port : 0;
  const [row] = await app.database.db
    .select({ id: deals.id })
    .from(deals)
    .where(eq(deals.slug, "taskflow"));
  taskflowId = row?.id ?? 0;
});

/** A request over the socket, and whether the fast path answered it. */
async function timed(path: string, headers: Record<string, string> = {}, method = "GET") {
  const before = app.fastPath.answered();
  const answer = await overSocket(port, path, headers, method);
  return { answer, fast: app.fastPath.answered() > before };
}

const GZIP = { "accept-encoding": "gzip, deflate, br" };

describe("a cache hit before Fastify", () => {
  it("answers with the slow path's status, headers in order and bytes, gzip or not, and HEAD", async () => {
    // The first request renders and stores the page (MISS, Fastify); the URL is then known.
    const first = await timed("/products/taskflow/");
    expect(first.fast).toBe(false);
    expect(header(first.answer, "x-cache")).toBe("MISS");
    for (const [headers, method] of [
      [GZIP, "GET"],
      [{}, "GET"],
      [{ "accept-encoding": "identity" }, "GET"],
      [GZIP, "HEAD"],
      [{}, "HEAD"],
    ] as const) {
      const fast = await timed("/products/taskflow/", headers, method);
      expect(fast.fast).toBe(true);
      const slow = fromInject(
        await app.inject({ method, url: "/products/taskflow/", headers: { ...headers } }),
      );
      expect(header(slow, "x-cache")).toBe("HIT");
      expect(normalised(fast.answer)).toEqual(normalised(slow));
    }
    expect(textOf((await timed("/products/taskflow/", GZIP)).answer)).toContain("window.__ctx");
  });

  it("gives every answer the same bytes and CSP, its own request id, and no cookie", async () => {
    const a = await timed("/products/taskflow/", GZIP);
    const b = await timed("/products/taskflow/", GZIP);
    expect(a.fast && b.fast).toBe(true);
    expect(a.answer.body.equals(b.answer.body)).toBe(true);
    const csp = header(a.answer, "content-security-policy") ?? "";
    expect(csp).toBe(header(b.answer, "content-security-policy"));
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]{44}';/);
    const scriptSrc = csp.split(";").find((d) => d.startsWith("script-src ")) ?? "";
    expect(scriptSrc).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]{44}')+$/);
    expect(csp).not.toContain("nonce-");
    expect(textOf(a.answer)).toContain("window.__ctx");
    expect(header(a.answer, "x-request-id")).not.toBe(header(b.answer, "x-request-id"));
    // No CSRF cookie: a reader without a session needs none (decision 057).
    expect(header(a.answer, "set-cookie")).toBeUndefined();
    const token = "t".repeat(43);
    const kept = await timed("/products/taskflow/", { cookie: `csrftoken=${token}` });
    expect(kept.fast).toBe(true);
    expect(header(kept.answer, "set-cookie")).toBeUndefined();
    // A proxy's request id is kept, as Fastify's genReqId does.
    const proxied = await timed("/products/taskflow/", { "x-request-id": "lb-42" });
    expect(header(proxied.answer, "x-request-id")).toBe("lb-42");
  });

  it("tells shared caches how long to keep it, by what to purge it, and answers 304 to its ETag", async () => {
    const a = await timed("/products/taskflow/", GZIP);
    expect(a.fast).toBe(true);
    expect(header(a.answer, "cache-control")).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    expect(header(a.answer, "surrogate-key")).toBe("deal-taskflow all");
    expect(header(a.answer, "cache-tag")).toBe("deal-taskflow,all");
    const etag = header(a.answer, "etag") ?? "";
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const fast304 = await timed("/products/taskflow/", { ...GZIP, "if-none-match": etag });
    expect(fast304.fast).toBe(true);
    expect(fast304.answer.status).toBe(304);
    expect(fast304.answer.body.length).toBe(0);
    const slow304 = fromInject(
      await app.inject({
        method: "GET",
        url: "/products/taskflow/",
        headers: { ...GZIP, "if-none-match": etag },
      }),
    );
    expect(normalised(fast304.answer)).toEqual(normalised(slow304));
    const other = await timed("/products/taskflow/", { ...GZIP, "if-none-match": 'W/"other"' });
    expect(other.answer.status).toBe(200);
  });

  it("leaves a session cookie, an unseen URL and a brotli-only client to Fastify", async () => {
    await timed("/products/taskflow/");
    const session = await timed("/products/taskflow/", { cookie: "sessionid=not-a-session" });
    expect(session.fast).toBe(false);
    expect(header(session.answer, "x-cache")).toBe("HIT");
    // Staff: rendered for themselves (a member's page by audience is a slow-path hit or miss).
    const shopper = await app.login("staff@payonce.test");
    const signedIn = await timed("/products/taskflow/", {
      cookie: Object.entries(shopper.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join("; "),
    });
    expect(signedIn.fast).toBe(false);
    expect(header(signedIn.answer, "x-cache")).toBe("BYPASS");
    // A tracking parameter is the same page: answered by Fastify once, then here.
    const tracked = "/products/taskflow/?utm_source=fast-path-test";
    expect((await timed(tracked)).fast).toBe(false);
    const again = await timed(tracked);
    expect(again.fast).toBe(true);
    expect(header(again.answer, "x-cache")).toBe("HIT");
    // Any other query string is not the cached page at all.
    const other = await timed("/products/taskflow/?page=2");
    expect(other.fast).toBe(false);
    expect(header(other.answer, "x-cache")).toBe("BYPASS");
    expect((await timed("/products/taskflow/?page=2")).fast).toBe(false);
    // Brotli but not gzip: the slow path compresses the stored page for it.
    const br = await timed("/products/taskflow/", { "accept-encoding": "br" });
    expect(br.fast).toBe(false);
    expect(header(br.answer, "content-encoding")).toBe("br");
    expect(header(br.answer, "x-cache")).toBe("HIT");
  });

  it("sees an invalidation and a time boundary on the very next request", async () => {
    await timed("/products/taskflow/");
    expect((await timed("/products/taskflow/")).fast).toBe(true);
    const renders = page.renders.count;
    await app.services.pageEvents.dealChanged(taskflowId);
    const after = await timed("/products/taskflow/");
    expect(after.fast).toBe(false);
    expect(header(after.answer, "x-cache")).toBe("MISS");
    expect(page.renders.count).toBe(renders + 1);
    const replay = await timed("/products/taskflow/");
    expect(replay.fast).toBe(true);
    expect(replay.answer.body.toString()).toContain(`render ${renders + 1}`);
    // Past the page's longest life (its next boundary at the latest): rendered again.
    clock.advance(6 * 60 * 1000);
    const expired = await timed("/products/taskflow/");
    expect(expired.fast).toBe(false);
    expect(header(expired.answer, "x-cache")).toBe("MISS");
    expect((await timed("/products/taskflow/")).fast).toBe(true);
  });

  it("renders a cold page once for requests that come while it renders", async () => {
    // Invalidated: the next requests all find no page, and come together.
    await app.services.pageEvents.dealChanged(taskflowId);
    const renders = page.renders.count;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => app.inject({ method: "GET", url: "/products/taskflow/" })),
    );
    expect(page.renders.count).toBe(renders + 1);
    expect(answers.map((a) => a.headers["x-cache"]).sort()).toEqual([
      "HIT",
      "HIT",
      "HIT",
      "HIT",
      "HIT",
      "MISS",
    ]);
    const bodies = new Set(answers.map((a) => a.body));
    expect(bodies.size).toBe(1);
  });

  it("answers the API answer cache's hits too, as the slow path does", async () => {
    const url = "/api/v2/deals/taskflow/details/";
    expect(header((await timed(url, GZIP)).answer, "x-cache")).toBe("MISS");
    for (const headers of [GZIP, {}]) {
      const fast = await timed(url, headers);
      expect(fast.fast).toBe(true);
      const slow = fromInject(await app.inject({ method: "GET", url, headers: { ...headers } }));
      expect(header(slow, "x-cache")).toBe("HIT");
      expect(normalised(fast.answer)).toEqual(normalised(slow));
      expect(header(fast.answer, "set-cookie")).toBeUndefined();
    }
    // HEAD of an API answer stays with Fastify.
    expect((await timed(url, {}, "HEAD")).fast).toBe(false);
  });
});

describe("a signed-in reader's page before Fastify", () => {
  /** A new member (no role, no cart): their session cookie as a browser sends it. */
  async function member(tag: string) {
    const email = `${tag}-${Date.now()}@fast-path.test`;
    const res = await app.inject({
      method: "POST",
      url: "/api/users/signup/",
      payload: { email, password: "correct horse 1", password_confirm: "correct horse 1" },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { email, cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join("; ") };
  }

  it("answers their audience's page as the slow path does, once the slow path has seen them", async () => {
    const ada = await member("ada");
    const first = await timed("/products/taskflow/", { ...GZIP, cookie: ada.cookie });
    expect(first.fast).toBe(false);
    for (const [headers, method] of [
      [GZIP, "GET"],
      [{}, "GET"],
      [GZIP, "HEAD"],
    ] as const) {
      const fast = await timed("/products/taskflow/", { ...headers, cookie: ada.cookie }, method);
      expect(fast.fast).toBe(true);
      const slow = fromInject(
        await app.inject({
          method,
          url: "/products/taskflow/",
          headers: { ...headers, cookie: ada.cookie },
        }),
      );
      expect(header(slow, "x-cache")).toBe("HIT");
      expect(header(slow, "cache-control")).toBe("private, no-cache");
      expect(normalised(fast.answer)).toEqual(normalised(slow));
      expect(header(fast.answer, "set-cookie")).toBeUndefined();
    }
    // A second member shares the page (their audience's), never the anonymous one's copy.
    const grace = await member("grace");
    expect((await timed("/products/taskflow/", { cookie: grace.cookie })).fast).toBe(false);
    const theirs = await timed("/products/taskflow/", { cookie: grace.cookie });
    expect(theirs.fast).toBe(true);
    const anonymous = await timed("/products/taskflow/");
    expect(header(theirs.answer, "etag")).toBe(
      header((await timed("/products/taskflow/", { cookie: ada.cookie })).answer, "etag"),
    );
    expect(header(anonymous.answer, "cache-control")).toMatch(/^public/);
    // A cookie the slow path never saw, or a page it never served, goes to Fastify.
    expect((await timed("/products/taskflow/", { cookie: "sessionid=unknown" })).fast).toBe(false);
    expect((await timed("/products/mailbeam/", { cookie: ada.cookie })).fast).toBe(false);
  });

  it("forgets a reader on their own write and after a while, and sees an invalidation at once", async () => {
    const ada = await member("ada-writes");
    await timed("/products/taskflow/", { cookie: ada.cookie });
    expect((await timed("/products/taskflow/", { cookie: ada.cookie })).fast).toBe(true);
    // Any write of theirs (here a currency change) may change their audience: the slow path next.
    const csrf = /csrftoken=([^;]+)/.exec(ada.cookie)?.[1] ?? "";
    const changed = await overSocket(
      port,
      "/api/sessions/set-currency/",
      { cookie: ada.cookie, "x-csrftoken": csrf, "content-type": "application/json" },
      "POST",
      JSON.stringify({ currency: "EUR" }),
    );
    expect(changed.status).toBe(200);
    // Their audience is now the EUR members': a page of its own, rendered for it.
    const eur = await timed("/products/taskflow/", { cookie: ada.cookie });
    expect(eur.fast).toBe(false);
    expect(header(eur.answer, "x-cache")).toBe("MISS");
    expect((await timed("/products/taskflow/", { cookie: ada.cookie })).fast).toBe(true);
    // A page event: the next request renders (the slow path), as for anonymous readers.
    await app.services.pageEvents.dealChanged(taskflowId);
    const after = await timed("/products/taskflow/", { cookie: ada.cookie });
    expect(after.fast).toBe(false);
    expect(header(after.answer, "x-cache")).toBe("MISS");
    expect((await timed("/products/taskflow/", { cookie: ada.cookie })).fast).toBe(true);
    // Past the audience's life here: the slow path loads the session again.
    clock.advance(AUDIENCE_TTL_MS + 1);
    expect((await timed("/products/taskflow/", { cookie: ada.cookie })).fast).toBe(false);
    expect((await timed("/products/taskflow/", { cookie: ada.cookie })).fast).toBe(true);
  });

  it("forgets a reader whose session changed elsewhere at their next request that loads it", async () => {
    const ada = await member("ada-partner");
    await timed("/products/taskflow/", { cookie: ada.cookie });
    expect((await timed("/products/taskflow/", { cookie: ada.cookie })).fast).toBe(true);
    // Staff make them a partner of a deal (not their own write): their pages are theirs now.
    const userId = await app.userId(ada.email);
    await app.database.db.insert(dealRoles).values({ dealId: taskflowId, userId, role: "partner" });
    // The page's fill (any request that loads the session) sees the change.
    expect((await overSocket(port, "/api/users/header/", { cookie: ada.cookie })).status).toBe(200);
    const after = await timed("/products/taskflow/", { cookie: ada.cookie });
    expect(after.fast).toBe(false);
    expect(header(after.answer, "x-cache")).toBe("BYPASS");
  });

  it("never answers staff or a signed-out cookie from a member's audience", async () => {
    const staff = await app.login("staff@payonce.test");
    const cookie = Object.entries(staff.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join("; ");
    for (let i = 0; i < 2; i++) {
      const answer = await timed("/products/taskflow/", { cookie });
      expect(answer.fast).toBe(false);
      expect(header(answer.answer, "x-cache")).toBe("BYPASS");
    }
    const ada = await member("ada-leaves");
    await timed("/products/taskflow/", { cookie: ada.cookie });
    expect((await timed("/products/taskflow/", { cookie: ada.cookie })).fast).toBe(true);
    const csrf = /csrftoken=([^;]+)/.exec(ada.cookie)?.[1] ?? "";
    const out = await overSocket(
      port,
      "/api/users/logout/",
      { cookie: ada.cookie, "x-csrftoken": csrf, "content-type": "application/json" },
      "POST",
    );
    expect(out.status).toBeLessThan(500);
    const after = await timed("/products/taskflow/", { cookie: ada.cookie });
    expect(after.fast).toBe(false);
  });
});

describe("logging on the fast path", () => {
  const lines: string[] = [];
  let logged: Awaited<ReturnType<typeof buildApp>>;
  let loggedPort = 0;
  beforeAll(async () => {
    const database = await openTestDatabase();
    logged = await buildApp({
      // Behind one proxy: the log's address is the client's, as Fastify's request.ip.
      config: testConfig({ logLevel: "info", trustProxy: 1 }),
      database,
      clock: fixedClock(new Date()),
      pageHandler: page.handler,
      logStream: { write: (line) => void lines.push(line) },
    });
    await logged.listen({ port: 0, host: "127.0.0.1" });
    const address = logged.server.address();
    loggedPort = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(async () => {
    await logged.close();
  });

  it("writes Fastify's two lines per request, with the same fields", async () => {
    const headers = { "x-forwarded-for": "203.0.113.7", "x-request-id": "" };
    const linesOf = async (id: string, more: Record<string, string> = {}) => {
      const before = logged.fastPath.answered();
      await overSocket(loggedPort, "/products/taskflow/", {
        ...headers,
        ...more,
        "x-request-id": id,
      });
      const fast = logged.fastPath.answered() > before;
      // "request completed" is written when the answer is finished.
      for (let i = 0; i < 50 && !lines.some((l) => l.includes(id) && l.includes("completed")); i++)
        await new Promise((r) => setTimeout(r, 10));
      const own = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.reqId === id);
      return { fast, own };
    };
    await linesOf("fill-1");
    // A session cookie (here an unknown one: an anonymous visitor) takes the slow path to a hit.
    const slow = await linesOf("slow-2", { cookie: "sessionid=unknown" });
    const fast = await linesOf("fast-3");
    expect(slow.fast).toBe(false);
    expect(fast.fast).toBe(true);
    const shape = (own: Record<string, unknown>[]) =>
      own.map(({ time: _t, reqId: _r, responseTime, req, ...rest }) => ({
        ...rest,
        keys: Object.keys(rest),
        req: req && {
          ...(req as object),
          remotePort: typeof (req as { remotePort?: unknown }).remotePort,
        },
        responseTime: typeof responseTime,
      }));
    expect(shape(fast.own)).toEqual(shape(slow.own));
    expect(fast.own.map((l) => l.msg)).toEqual(["incoming request", "request completed"]);
    expect(fast.own[0]?.req).toMatchObject({ remoteAddress: "203.0.113.7" });
    expect(fast.own[1]?.res).toEqual({ statusCode: 200 });
  });
});
