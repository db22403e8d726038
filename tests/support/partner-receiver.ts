/**
 * A partner's product, as far as webhooks go: a tiny node:http server on 127.0.0.1 that records
 * every request (raw body, headers, whether its Payonce-Signature verifies with the secret it was
 * given), answers 200, or a chosen failure for the next N requests. Used by the API tests and the
 * e2e (npx tsx tests/support/partner-receiver.ts --port 12112 logs each event to stdout; GET /
 * answers the list as JSON; POST /__secret with the secret as body sets it; POST
 * /__fail?count=N fails the next N).
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhook, WEBHOOK_SIGNATURE_HEADER } from "../../domain/webhook-signature";

export type ReceivedWebhook = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The parsed body (null when it is not JSON). */
  json: { id: string; type: string; created: number; data: Record<string, unknown> } | null;
  signature: string | undefined;
  /** Whether the signature verifies with the receiver's secret (null: no secret set yet). */
  verified: boolean | null;
  /** The status answered. */
  status: number;
};

export type PartnerReceiver = Awaited<ReturnType<typeof startPartnerReceiver>>;

export async function startPartnerReceiver(options: { port?: number; secret?: string } = {}) {
  let secret = options.secret;
  let failures: { count: number; status: number; body: string; hang: boolean } = {
    count: 0,
    status: 500,
    body: "",
    hang: false,
  };
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      if (request.method === "GET") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(received));
        return;
      }
      const body = Buffer.concat(chunks).toString("utf8");
      // Control calls for a receiver run as its own process (the e2e): not recorded.
      const control = new URL(request.url ?? "/", "http://receiver");
      if (control.pathname === "/__secret") {
        secret = body.trim();
        response.end("ok");
        return;
      }
      if (control.pathname === "/__fail") {
        failures = {
          count: Number(control.searchParams.get("count") ?? 1),
          status: 500,
          body: "receiver down",
          hang: false,
        };
        response.end("ok");
        return;
      }
      const signature = request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as
        | string
        | undefined;
      let json: ReceivedWebhook["json"] = null;
      try {
        json = JSON.parse(body);
      } catch {}
      const failing = failures.count > 0;
      if (failing) failures = { ...failures, count: failures.count - 1 };
      const status = failing ? failures.status : 200;
      received.push({
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body,
        json,
        signature,
        verified:
          secret === undefined
            ? null
            : verifyWebhook(secret, body, signature, Math.floor(Date.now() / 1000), 10 ** 9),
        status,
      });
      if (failing && failures.hang) return; // never answers: the sender's deadline must end it
      response.writeHead(status, { "content-type": "text/plain" });
      response.end(failing ? failures.body : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/payonce/webhook`,
    received,
    /** The events received, parsed, in order. */
    events: () => received.flatMap((r) => (r.json ? [r.json] : [])),
    /** The secret signatures are verified with (the one PUT /api/partners/webhook/ answered). */
    setSecret(value: string) {
      secret = value;
    },
    /** The next `count` requests answer `status` with `body` (or never answer, `hang`). */
    failNext(count: number, status = 500, body = "receiver down", hang = false) {
      failures = { count, status, body, hang };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Run directly: a receiver for the e2e or for trying the webhooks by hand.
if (process.argv[1]?.endsWith("partner-receiver.ts")) {
  const at = process.argv.indexOf("--port");
  const port = at > 0 ? Number(process.argv[at + 1]) : 12112;
  const receiver = await startPartnerReceiver({ port });
  console.log(`partner receiver on http://127.0.0.1:${receiver.port}/ (GET / lists requests)`);
  let shown = 0;
  setInterval(() => {
    for (const r of receiver.received.slice(shown)) {
      console.log(`${r.json?.type ?? r.method} ${r.json?.data?.licence_code ?? ""} ${r.status}`);
    }
    shown = receiver.received.length;
  }, 200).unref();
}
