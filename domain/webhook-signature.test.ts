import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhook } from "./webhook-signature";

// Known vector, computed independently:
//   printf '%s' '1700000000.{"id":"evt_1","type":"licence.activated"}' \
//     | openssl dgst -sha256 -hmac 'whsec_test'
const SECRET = "whsec_test";
const BODY = '{"id":"evt_1","type":"licence.activated"}';
const T = 1_700_000_000;
const HEX = "50da58e7b77858b08ef4830181771f21dd99b42c8a46e9bb2c0388bf9544dcd9";

describe("partner webhook signature", () => {
  it("signs t.body with HMAC-SHA256 of the secret, as the documented header", () => {
    expect(signWebhook(SECRET, BODY, T)).toBe(`t=${T},v1=${HEX}`);
  });

  it("verifies its own signature within the tolerance", () => {
    expect(verifyWebhook(SECRET, BODY, `t=${T},v1=${HEX}`, T + 299)).toBe(true);
    expect(verifyWebhook(SECRET, BODY, `t=${T}, v1=${"0".repeat(64)}, v1=${HEX}`, T)).toBe(true);
  });

  it.each([
    ["another secret", "whsec_other", BODY, `t=${T},v1=${HEX}`, T],
    ["a changed body", SECRET, `${BODY} `, `t=${T},v1=${HEX}`, T],
    ["a changed timestamp", SECRET, BODY, `t=${T + 1},v1=${HEX}`, T],
    ["too old", SECRET, BODY, `t=${T},v1=${HEX}`, T + 301],
    ["no timestamp", SECRET, BODY, `v1=${HEX}`, T],
    ["no signature", SECRET, BODY, `t=${T}`, T],
    ["garbage", SECRET, BODY, "nonsense", T],
    ["missing", SECRET, BODY, undefined, T],
  ])("refuses %s", (_, secret, body, header, now) => {
    expect(verifyWebhook(secret, body, header, now)).toBe(false);
  });
});
