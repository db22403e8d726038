/**
 * Where a partner webhook may go (SSRF). Our server POSTs to a URL a partner typed, so without a
 * check a partner could make it call our own network: the database, Redis, a cloud's metadata
 * service at 169.254.169.254. Loopback, private, link-local, shared (CGNAT), multicast and
 * reserved addresses are refused unless PARTNER_WEBHOOK_ALLOW_PRIVATE is set (tests, local
 * development). The rule runs when the URL is saved and again at every delivery, on the address
 * the connection actually uses (a DNS name may point elsewhere tomorrow, or per query).
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** Whether an IP address is on the public internet (an IPv4-mapped IPv6 address as its IPv4). */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, "ipv4");
  if (family === 6) {
    // ::ffff:7f00:1 is 127.0.0.1 written in hex.
    if (/^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/i.test(bare)) return false;
    return !blocked.check(bare, "ipv6");
  }
  return false;
}

export class BlockedAddressError extends Error {
  constructor(readonly reason: "private" | "unresolved") {
    super(reason === "private" ? "address not allowed (private network)" : "host not found");
  }
}

const lookupAll = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );

/** Saving a URL: its host must resolve, and only to public addresses. */
export async function checkWebhookHost(hostname: string): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw new BlockedAddressError("private");
    return;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(host);
  } catch {
    throw new BlockedAddressError("unresolved");
  }
  if (addresses.length === 0) throw new BlockedAddressError("unresolved");
  if (addresses.some((a) => !isPublicAddress(a.address))) throw new BlockedAddressError("private");
}

/**
 * A `lookup` for http.request that refuses a name resolving to a blocked address, so the check
 * holds for the address the socket connects to, not one resolved a moment earlier.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) {
      callback(err, "", 0);
      return;
    }
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((a) => !isPublicAddress(a.address))) {
      callback(new BlockedAddressError("private"), "", 0);
      return;
    }
    if (options.all) {
      (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return;
    }
    const first = list[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
};
