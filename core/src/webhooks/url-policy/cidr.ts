import { type IpAddress, parseIp } from "./ip-address.js";

/** An address range: the network's bits and the prefix length. */
export interface Cidr {
  readonly family: 4 | 6;
  readonly bits: bigint;
  readonly prefix: number;
}

const width = (family: 4 | 6): number => (family === 4 ? 32 : 128);

/** Parses `10.0.0.0/8`, `fd00::/8` or a single address (a full-length prefix); undefined when malformed. */
export const parseCidr = (text: string): Cidr | undefined => {
  const slash = text.indexOf("/");
  const ip = parseIp((slash < 0 ? text : text.slice(0, slash)).trim());
  if (ip === undefined) return undefined;
  const prefixText = slash < 0 ? String(width(ip.family)) : text.slice(slash + 1).trim();
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  if (prefix > width(ip.family)) return undefined;
  return { family: ip.family, bits: ip.bits, prefix };
};

/** True when the address lies inside the range (same family only). */
export const cidrContains = (cidr: Cidr, ip: IpAddress): boolean => {
  if (cidr.family !== ip.family) return false;
  const shift = BigInt(width(ip.family) - cidr.prefix);
  return ip.bits >> shift === cidr.bits >> shift;
};
