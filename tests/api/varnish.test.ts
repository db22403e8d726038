/**
 * The app behind a real shared cache (issue 32, decisions 057 and 058): Debian's varnishd 7.1 with
 * varnish-modules' xkey, running ops/varnish/payonce.vcl (its backend port rewritten to the app's),
 * started here on a free port as a foreground child (its own -n working directory in a temp
 * directory) and killed after. It shows that a public page is served from Varnish; that a review
 * approved by staff through the API purges the product page from Varnish within 1 s (the app's
 * purge hook, CDN_PURGE_URL); and that a signed-in request is passed to the app, never served
 * another reader's page. Pages are rendered by a stand-in for the React Router build.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import { deals } from "../../server/db/schema";
import type { PageHandler } from "../../server/http/react-router";
import { createTestApp, type TestApp } from "../helpers/app";

const VARNISHD = "/usr/sbin/varnishd";
const VCL = path.resolve(__dirname, "../../ops/varnish/payonce.vcl");

/** The product page: the deal's approved review count, and who it was rendered for. */
const handler: PageHandler = async (request, context) => {
  const { services, session, cspNonce, sharedRender } = context.get(appContext);
  const slug = new URL(request.url).pathname.split("/")[2] ?? "";
  const deal = await services.catalog.getDealDetails(slug);
  if (!deal) return new Response("Not found", { status: 404 });
  // As the app's loaders do: a page kept for an audience names no one (decision 059).
  const reader = !session?.user
    ? "anonymous"
    : sharedRender
      ? "signed in"
      : `signed in as ${session.user.email}`;
  const html =
    `<!DOCTYPE html><html><body><h1>${deal.name}</h1>` +
    `<p>reviews ${deal.deal_review.review_count}</p><p>${reader}</p>` +
    `<script nonce="${cspNonce}">window.__ctx = {};</script></body></html>`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function get(port: number, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A connection of its own: Varnish closes idle ones after 5 s, which a reused one may meet.
    const req = http.request(
      { host: "127.0.0.1", port, path: url, headers, agent: false },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const reviewsOf = (a: Answer) => Number(/reviews (\d+)/.exec(a.body)?.[1]);
/** X-Varnish holds two transaction ids on a hit (this request's and the one that stored it). */
const isVarnishHit = (a: Answer) => String(a.headers["x-varnish"] ?? "").split(" ").length === 2;

let app: TestApp;
let varnish: ChildProcess;
let varnishPort = 0;
let workDir = "";
const varnishLog: string[] = [];

beforeAll(async () => {
  varnishPort = await freePort();
  app = await createTestApp({
    pageHandler: handler,
    config: {
      cdnPurge: { url: `http://127.0.0.1:${varnishPort}/`, method: "PURGE", token: undefined },
    },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const appPort = (app.server.address() as net.AddressInfo).port;
  workDir = mkdtempSync(path.join(os.tmpdir(), "payonce-varnish-"));
  const vcl = path.join(workDir, "payonce.vcl");
  const shipped = readFileSync(VCL, "utf8");
  expect(shipped).toContain('.port = "3000";');
  writeFileSync(vcl, shipped.replace('.port = "3000";', `.port = "${appPort}";`));
  varnish = spawn(
    VARNISHD,
    [
      "-F",
      "-n",
      path.join(workDir, "n"),
      "-a",
      `127.0.0.1:${varnishPort}`,
      "-f",
      vcl,
      "-s",
      "malloc,32m",
      "-T",
      "none",
      // Run as the user running the tests (no privilege separation in a test).
      "-j",
      "none",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  varnish.stdout?.on("data", (c: Buffer) => varnishLog.push(c.toString()));
  varnish.stderr?.on("data", (c: Buffer) => varnishLog.push(c.toString()));
  // Up when it answers through to the app.
  const deadline = Date.now() + 20_000;
  for (;;) {
    const up = await get(varnishPort, "/healthz").catch(() => null);
    if (up?.status === 200) break;
    if (Date.now() > deadline || varnish.exitCode !== null)
      throw new Error(`varnishd did not start: ${varnishLog.join("")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 60_000);

afterAll(async () => {
  if (process.env.VARNISH_DEBUG) console.log(varnishLog.join(""));
  if (varnish && varnish.exitCode === null) {
    const exited = new Promise((r) => varnish.once("exit", r));
    varnish.kill("SIGTERM");
    await exited;
  }
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe("behind Varnish", () => {
  it("serves a public page from Varnish, with the app's caching headers", async () => {
    const first = await get(varnishPort, "/products/taskflow/");
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(first.headers["surrogate-key"]).toBe("deal-taskflow all");
    const served = app.fastPath.answered();
    const again = await get(varnishPort, "/products/taskflow/");
    expect(isVarnishHit(again)).toBe(true);
    expect(again.body).toBe(first.body);
    // Varnish answered: the app saw no request for it.
    expect(app.fastPath.answered()).toBe(served);
  });

  it("drops the product page within 1 s of a review approved by staff through the API", async () => {
    const [row] = await app.database.db
      .select({ id: deals.id })
      .from(deals)
      .where(eq(deals.slug, "taskflow"));
    const dealId = row?.id ?? 0;
    const buyer = await app.login("buyer@payonce.test");
    const created = await app.send(
      "POST",
      `/api/v2/deals/${dealId}/reviews/`,
      {
        title: "Purged from the edge",
        rating: 5,
        comment: "Varnish must show this review once it is approved.",
      },
      buyer,
    );
    expect(created.statusCode, created.body).toBe(201);
    const reviewId = (created.json() as { id: number }).id;
    // The pending review's page event purges Varnish in the background: let that purge land
    // first, or it may drop the copy stored by the next request.
    await app.services.pageCache.purgesSettled();
    await get(varnishPort, "/products/taskflow/");
    const before = await get(varnishPort, "/products/taskflow/");
    expect(isVarnishHit(before)).toBe(true);
    const count = reviewsOf(before);

    const moderator = await app.login("moderator@payonce.test");
    const approved = await app.send(
      "POST",
      `/api/v2/deals/${dealId}/reviews/${reviewId}/approve/`,
      { approved: "approved" },
      moderator,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    // Poll Varnish until the page changes; give up after the deadline.
    const deadline = Date.now() + 1_000;
    let after = await get(varnishPort, "/products/taskflow/");
    while (reviewsOf(after) === count && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
      after = await get(varnishPort, "/products/taskflow/");
    }
    expect(reviewsOf(after)).toBe(count + 1);
    // And Varnish keeps the new page.
    const kept = await get(varnishPort, "/products/taskflow/");
    expect(isVarnishHit(kept)).toBe(true);
    expect(reviewsOf(kept)).toBe(count + 1);
  });

  it("never lets the operators' metrics out through it", async () => {
    expect((await get(varnishPort, "/metrics")).status).toBe(404);
    expect((await get(varnishPort, "/metrics?x=1")).status).toBe(404);
  });

  it("never serves a signed-in reader another reader's page", async () => {
    const readers = [];
    for (const tag of ["ada", "grace"]) {
      const email = `${tag}-${Date.now()}@varnish.test`;
      const res = await app.inject({
        method: "POST",
        url: "/api/users/signup/",
        payload: { email, password: "correct horse 1", password_confirm: "correct horse 1" },
      });
      expect(res.statusCode, res.body).toBe(201);
      const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      readers.push({ email, cookie });
    }
    // The anonymous page is in Varnish. Signed-in readers share their audience's page, which
    // names no one and which Varnish never keeps; each gets their own header from the fill.
    await get(varnishPort, "/products/taskflow/");
    for (let round = 0; round < 2; round++) {
      for (const reader of readers) {
        const page = await get(varnishPort, "/products/taskflow/", { cookie: reader.cookie });
        expect(page.status).toBe(200);
        expect(page.body).toContain("signed in");
        for (const any of readers) expect(page.body).not.toContain(any.email);
        expect(page.body).not.toContain("anonymous");
        expect(isVarnishHit(page)).toBe(false);
        expect(page.headers["cache-control"]).toMatch(/^private/);
        const header = await get(varnishPort, "/api/users/header/", { cookie: reader.cookie });
        expect(header.status).toBe(200);
        expect(isVarnishHit(header)).toBe(false);
        expect(JSON.parse(header.body).viewer.email).toBe(reader.email);
        for (const other of readers.filter((r) => r !== reader))
          expect(header.body).not.toContain(other.email);
      }
    }
    // And the anonymous reader still gets the shared page, not a signed-in one.
    const anonymous = await get(varnishPort, "/products/taskflow/");
    expect(anonymous.body).toContain("anonymous");
  });
});
