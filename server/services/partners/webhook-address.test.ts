import { describe, expect, it } from "vitest";
import { BlockedAddressError, checkWebhookHost, isPublicAddress } from "./webhook-address";

describe("partner webhook addresses (SSRF)", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "[::1]",
    "fe80::1",
    "fd00::1",
    "fc00::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])(
    "allows %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it("refuses a name that resolves to loopback, and one that does not resolve", async () => {
    await expect(checkWebhookHost("localhost")).rejects.toMatchObject({ reason: "private" });
    await expect(checkWebhookHost("no-such-host.invalid")).rejects.toBeInstanceOf(
      BlockedAddressError,
    );
    await expect(checkWebhookHost("[::1]")).rejects.toMatchObject({ reason: "private" });
    await expect(checkWebhookHost("93.184.215.14")).resolves.toBeUndefined();
  });
});
