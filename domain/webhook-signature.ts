import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signature of a partner webhook (issue 30): `Payonce-Signature: t=<unix>,v1=<hex>`, where
 * the hex is HMAC-SHA256 keyed with the partner's secret over "<t>.<body>", the body exactly as
 * sent. The timestamp is signed too, so a captured request cannot be replayed later than the
 * receiver's tolerance. Our sender, the tests' receiver and the docs all use these two functions.
 */
export const WEBHOOK_SIGNATURE_HEADER = "Payonce-Signature";

/** How old a signed timestamp a receiver should accept (the docs' advice; Stripe's too). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");

/** The header value for this body, signed at `timestamp` (unix seconds). */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/**
 * Whether the header signs this body with this secret, within the tolerance of `now` (unix
 * seconds). Any of several v1 values may match (a sender may sign with an old and a new secret
 * while one is rotated); comparisons take constant time.
 */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string | undefined,
  now: number,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): boolean {
  if (!header) return false;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value = ""] = part.trim().split("=", 2);
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return false;
  if (Math.abs(now - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  return signatures.some((s) => timingSafeEqual(Buffer.from(s, "hex"), expected));
}
