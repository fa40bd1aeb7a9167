import { type Cidr, cidrContains, parseCidr } from "./cidr.js";
import type { IpAddress } from "./ip-address.js";

/** Why an address is not a public receiver. */
export type AddressCategory =
  | "unspecified"
  | "cloud-metadata"
  | "loopback"
  | "private"
  | "link-local"
  | "shared (CGNAT)"
  | "unique-local"
  | "multicast"
  | "broadcast"
  | "reserved"
  | "benchmarking"
  | "documentation"
  | "this-network";

const table = (
  rows: ReadonlyArray<readonly [string, AddressCategory]>,
): ReadonlyArray<readonly [Cidr, AddressCategory]> =>
  rows.map(([text, category]) => [parseCidr(text) as Cidr, category]);

// Most specific first: the first match names the category.
const V4 = table([
  ["0.0.0.0/32", "unspecified"],
  ["169.254.169.254/32", "cloud-metadata"],
  ["169.254.170.2/32", "cloud-metadata"], // AWS ECS task metadata
  ["100.100.100.200/32", "cloud-metadata"], // Alibaba Cloud
  ["255.255.255.255/32", "broadcast"],
  ["0.0.0.0/8", "this-network"],
  ["10.0.0.0/8", "private"],
  ["100.64.0.0/10", "shared (CGNAT)"],
  ["127.0.0.0/8", "loopback"],
  ["169.254.0.0/16", "link-local"],
  ["172.16.0.0/12", "private"],
  ["192.0.0.0/24", "reserved"], // IETF protocol assignments
  ["192.0.2.0/24", "documentation"],
  ["192.88.99.0/24", "reserved"], // deprecated 6to4 relay anycast
  ["192.168.0.0/16", "private"],
  ["198.18.0.0/15", "benchmarking"],
  ["198.51.100.0/24", "documentation"],
  ["203.0.113.0/24", "documentation"],
  ["224.0.0.0/4", "multicast"],
  ["240.0.0.0/4", "reserved"],
]);

const V6 = table([
  ["::/128", "unspecified"],
  ["::1/128", "loopback"],
  ["fd00:ec2::254/128", "cloud-metadata"], // AWS IMDS over IPv6
  ["fe80::/10", "link-local"],
  ["fec0::/10", "private"], // deprecated site-local
  ["fc00::/7", "unique-local"],
  ["ff00::/8", "multicast"],
  ["2001:db8::/32", "documentation"],
  ["3fff::/20", "documentation"],
  ["2001::/23", "reserved"], // IETF protocol assignments: Teredo, benchmarking, ORCHID
  ["64:ff9b:1::/48", "private"], // local-use NAT64
]);

const GLOBAL_UNICAST_V6 = parseCidr("2000::/3") as Cidr;
const MAPPED = parseCidr("::ffff:0:0/96") as Cidr;
const NAT64 = parseCidr("64:ff9b::/96") as Cidr;
const SIX_TO_FOUR = parseCidr("2002::/16") as Cidr;

/**
 * The IPv4 address an IPv6 address reaches, when it is an IPv4-mapped (::ffff:a.b.c.d), well-known NAT64
 * (64:ff9b::a.b.c.d) or 6to4 (2002:aabb:ccdd::) address: connecting to it connects to (or routes via) that IPv4.
 */
export const embeddedIpv4 = (ip: IpAddress): IpAddress | undefined => {
  if (ip.family !== 6) return undefined;
  if (cidrContains(MAPPED, ip) || cidrContains(NAT64, ip)) return { family: 4, bits: ip.bits & 0xffffffffn };
  if (cidrContains(SIX_TO_FOUR, ip)) return { family: 4, bits: (ip.bits >> 80n) & 0xffffffffn };
  return undefined;
};

/** The category that makes an address unfit as a public receiver, or undefined for a public address. */
export const categoryOf = (ip: IpAddress): AddressCategory | undefined => {
  const v4 = embeddedIpv4(ip);
  if (v4 !== undefined) return categoryOf(v4);
  const rows = ip.family === 4 ? V4 : V6;
  const found = rows.find(([cidr]) => cidrContains(cidr, ip))?.[1];
  if (found !== undefined || ip.family === 4) return found;
  // Outside 2000::/3 nothing is public unicast today (IPv4-compatible ::/96, discard 100::/64, SRv6 5f00::/16...).
  return cidrContains(GLOBAL_UNICAST_V6, ip) ? undefined : "reserved";
};
