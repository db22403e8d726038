/**
 * One POST of a webhook body to a partner's URL, with a deadline for the whole exchange and a
 * cap on what is read back. Redirects are not followed (a 3xx is a failed attempt: following it
 * would let a public URL bounce us into our own network). Unless private addresses are allowed,
 * the socket connects only to a public address (webhook-address.ts).
 */
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { BlockedAddressError, isPublicAddress, publicOnlyLookup } from "./webhook-address";

export type PostAnswer = { status: number; body: string };

/** What is read of an answer at most; the stored part is shorter (RESPONSE_KEPT). */
const READ_LIMIT = 4096;

export function postWebhook(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivateAddresses: boolean;
}): Promise<PostAnswer> {
  const url = new URL(input.url);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!input.allowPrivateAddresses && isIP(host) && !isPublicAddress(host)) {
    return Promise.reject(new BlockedAddressError("private"));
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise<PostAnswer>((resolve, reject) => {
    const signal = AbortSignal.timeout(input.timeoutMs);
    // The deadline covers the whole exchange: connecting, the answer's headers and its body.
    const failure = (err: Error) =>
      signal.aborted ? new Error(`timed out after ${input.timeoutMs / 1000} s`) : err;
    const request = client.request(
      url,
      {
        method: "POST",
        headers: {
          ...input.headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(input.body)),
        },
        signal,
        ...(input.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
          });
        response.on("data", (chunk: Buffer) => {
          if (size >= READ_LIMIT) return;
          chunks.push(chunk.subarray(0, READ_LIMIT - size));
          size += chunk.length;
          if (size >= READ_LIMIT) {
            // Enough to show the partner; the rest is not ours to wait for.
            response.destroy();
            done();
          }
        });
        response.on("end", done);
        response.on("error", (err) => (size >= READ_LIMIT ? done() : reject(failure(err))));
      },
    );
    request.on("error", (err) => reject(failure(err)));
    request.end(input.body);
  });
}
