import { type ClientRequest, request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { testConfig } from "../../server/config";
import { systemClock } from "../../server/providers/clock";
import { openTestDatabase } from "../helpers/app";

// A client that goes away in the middle of a compressed page is an abort, not a failure: no 500 in
// the log, no error answer attempted, and the render behind it stops.

const lines: string[] = [];
const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

/** A deferred the test resolves: each step waits for a state, never for time. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

type Render = { pulled: ReturnType<typeof deferred>; cancelled: ReturnType<typeof deferred> };
let render: Render;
const CHUNK = `<p>${"streamed page text ".repeat(200)}</p>`;

/**
 * A page that sends its shell (when `shell`), then never finishes: the client must hang up. The
 * stream tells the test when it is read and when it is cancelled.
 */
const pageHandler = async (request: Request) => {
  const shell = new URL(request.url).searchParams.has("shell");
  const current = render;
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      current.pulled.resolve();
      if (shell && !sent) {
        sent = true;
        controller.enqueue(new TextEncoder().encode(`<!DOCTYPE html><html><body>${CHUNK}`));
      }
      // Otherwise: nothing more until the client goes away (cancel below).
      return new Promise<void>(() => {});
    },
    cancel() {
      current.cancelled.resolve();
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/html" } });
};

const database = await openTestDatabase();
const app = await buildApp({
  config: testConfig({ logLevel: "info" }),
  database,
  clock: systemClock,
  pageHandler,
  logStream: { write: (line) => void lines.push(line) },
});
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as AddressInfo).port;
afterAll(() => app.close());

/**
 * Everything the server does about an abort happens in the ticks after the socket closes; a later
 * request's whole round trip through the same server comes after them.
 */
async function settled() {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`);
  await res.arrayBuffer();
}

function get(path: string, encoding: string) {
  const response = deferred();
  let res: IncomingMessage | undefined;
  const req: ClientRequest = httpRequest({
    host: "127.0.0.1",
    port,
    path,
    headers: { "accept-encoding": encoding },
  });
  req.on("response", (r) => {
    res = r;
    r.once("data", () => response.resolve());
  });
  req.on("error", () => {});
  req.end();
  return { req, response: response.promise, res: () => res };
}

describe("a compressed page whose client goes away", () => {
  it.each([
    ["br", "before the first byte", ""],
    ["gzip", "before the first byte", ""],
    ["br", "after the shell", "?shell"],
    ["gzip", "after the shell", "?shell"],
  ])("%s, %s: no 500, no error log, the render stops", async (encoding, _when, query) => {
    lines.length = 0;
    render = { pulled: deferred(), cancelled: deferred() };
    const client = get(`/accounts/login/${query}`, encoding);
    await render.pulled.promise;
    if (query) {
      // The compressed shell reached the client: the page was on its way.
      await client.response;
      expect(client.res()?.headers["content-encoding"]).toBe(encoding);
    }
    client.req.destroy();
    await render.cancelled.promise;
    await settled();
    const reqId = logged().find((l) => l.msg === "incoming request")?.reqId;
    expect(reqId).toBeTruthy();
    const mine = logged().filter((l) => l.reqId === reqId);
    // Nothing at warn or above (no "Premature close" error, no 500 answer attempted)...
    expect(mine.filter((l) => Number(l.level) >= 40)).toEqual([]);
    expect(
      mine.some((l) => (l.res as { statusCode?: number } | undefined)?.statusCode === 500),
    ).toBe(false);
    // ...and the server is still fine.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});
