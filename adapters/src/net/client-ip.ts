import { BlockList, isIP } from "node:net";

/** `::ffff:1.2.3.4` -> `1.2.3.4`; IPv6 lower-cased; anything else unchanged. */
export const normaliseIp = (address: string): string => {
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  return mapped?.[1] ?? lower;
};

/** An entry of X-Forwarded-For without the port some proxies add (`1.2.3.4:5678`, `[::1]:5678`). */
const withoutPort = (entry: string): string => {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed?.[1] !== undefined) return bracketed[1];
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return v4?.[1] ?? entry;
};

/** Proxies whose X-Forwarded-For is believed. */
export interface TrustedProxies {
  has(address: string): boolean;
}

/** Parses `APAR_TRUSTED_PROXIES` entries (IPs or CIDRs); throws on one that is neither. */
export const trustedProxies = (entries: readonly string[]): TrustedProxies => {
  const list = new BlockList();
  for (const raw of entries) {
    const [address = "", prefix, extra] = normaliseIp(raw.trim()).split("/");
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const maxBits = family === 4 ? 32 : 128;
    if (
      family === 0 ||
      extra !== undefined ||
      (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= maxBits))
    )
      throw new Error(`not an IP address or CIDR range: ${JSON.stringify(raw)}`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return {
    has: (address) => {
      if (entries.length === 0) return false;
      const ip = normaliseIp(address);
      const family = isIP(ip);
      return family !== 0 && list.check(ip, family === 4 ? "ipv4" : "ipv6");
    },
  };
};

/**
 * The client's address: the socket peer, unless the peer is a trusted proxy; then X-Forwarded-For is walked
 * from the right, skipping trusted proxies, to the first address they did not add themselves. Entries left of
 * that one are the client's own words and never believed. A malformed entry stops the walk at the last hop.
 */
export const clientIp = (
  peer: string | undefined,
  forwardedFor: string | readonly string[] | undefined,
  trusted: TrustedProxies,
): string => {
  let hop = normaliseIp(peer ?? "");
  if (!trusted.has(hop) || forwardedFor === undefined) return hop;
  const entries = (typeof forwardedFor === "string" ? [forwardedFor] : forwardedFor)
    .flatMap((h) => h.split(","))
    .map((e) => e.trim())
    .filter((e) => e !== "");
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const address = normaliseIp(withoutPort(entries[i] ?? ""));
    if (isIP(address) === 0) return hop;
    hop = address;
    if (!trusted.has(hop)) return hop;
  }
  return hop;
};
