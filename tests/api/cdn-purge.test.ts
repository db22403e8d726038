/**
 * The purge hook (server/services/cache/cdn-purge.ts, decision 058) against a real HTTP receiver:
 * a page event is sent to CDN_PURGE_URL with its surrogate keys (the deal's slug and id keys and
 * the listings; `all` for a site-wide event) in `xkey-purge` and `Surrogate-Key` and as a JSON
 * body; a failing receiver is retried, then the failure logged, and the writer never sees it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deals } from "../../server/db/schema";
import { createCdnPurge } from "../../server/services/cache/cdn-purge";
import { createTestApp, type TestApp } from "../helpers/app";

type Received = { method: string; headers: http.IncomingHttpHeaders; body: string };

/** A receiver that answers the statuses given in turn (then 200), and records every request. */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ method: req.method ?? "", headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`;
  return { received, url, close: () => new Promise((r) => server.close(r)) };
}

describe("page events purge the shared cache", () => {
  let app: TestApp;
  let cdn: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    cdn = await receiver();
    app = await createTestApp({
      config: { cdnPurge: { url: cdn.url, method: "PURGE", token: "secret-token" } },
    });
  });
  afterAll(async () => {
    await app.close();
    await cdn.close();
  });

  it("sends a deal's keys and the listings on its event, and `all` on a site-wide one", async () => {
    const [row] = await app.database.db
      .select({ id: deals.id })
      .from(deals)
      .where(eq(deals.slug, "taskflow"));
    await app.services.pageEvents.dealChanged(row?.id ?? 0);
    await app.services.pageCache.purgesSettled();
    const [first] = cdn.received;
    expect(first?.method).toBe("PURGE");
    expect(first?.headers["xkey-purge"]).toBe(`deal-taskflow deal-${row?.id} listings`);
    expect(first?.headers["surrogate-key"]).toBe(first?.headers["xkey-purge"]);
    expect(JSON.parse(first?.body ?? "{}")).toEqual({
      tags: ["deal-taskflow", `deal-${row?.id}`, "listings"],
    });
    expect(first?.headers.authorization).toBe("Bearer secret-token");
    await app.services.pageEvents.allPagesChanged();
    await app.services.pageCache.purgesSettled();
    expect(cdn.received[1]?.headers["xkey-purge"]).toBe("all");
  });
});

describe("a failing purge", () => {
  it("is retried on a 5xx, and a refusal is logged once, never thrown", async () => {
    const cdn = await receiver([503, 500]);
    const lines: string[] = [];
    const purge = createCdnPurge({
      config: { url: cdn.url, method: "POST", token: undefined },
      log: (_err, message) => lines.push(message),
    });
    purge.purge(["deal-a", "listings"]);
    await purge.settled();
    expect(cdn.received.map((r) => r.method)).toEqual(["POST", "POST", "POST"]);
    expect(lines).toEqual([]);
    const refusing = await receiver([403]);
    const refused = createCdnPurge({
      config: { url: refusing.url, method: "PURGE", token: undefined },
      log: (_err, message) => lines.push(message),
    });
    refused.purge(["all"]);
    await refused.settled();
    expect(refusing.received).toHaveLength(1);
    expect(lines).toEqual(["cdn purge failed for all"]);
    // Nobody listening: retried, then logged; the caller returned at once.
    const gone = createCdnPurge({
      config: { url: "http://127.0.0.1:1/purge", method: "PURGE", token: undefined },
      log: (_err, message) => lines.push(message),
    });
    expect(gone.purge(["all"])).toBeUndefined();
    await gone.settled();
    expect(lines).toHaveLength(2);
    await cdn.close();
    await refusing.close();
  });
});
