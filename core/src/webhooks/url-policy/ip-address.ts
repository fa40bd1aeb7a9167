/** An IP address as a number: 32 bits for IPv4, 128 bits for IPv6. */
export interface IpAddress {
  readonly family: 4 | 6;
  readonly bits: bigint;
}

const V4_PART = /^(?:0[xX][0-9a-fA-F]*|[0-9]+)$/;

const parseV4Part = (part: string): bigint | undefined => {
  if (!V4_PART.test(part)) return undefined;
  if (/^0[xX]/.test(part)) return part.length === 2 ? 0n : BigInt(`0x${part.slice(2)}`);
  if (part.length > 1 && part.startsWith("0")) return /^[0-7]+$/.test(part) ? BigInt(`0o${part.slice(1)}`) : undefined;
  return BigInt(part);
};

/**
 * Parses IPv4 the way `inet_aton` and the WHATWG URL parser do, so that every spelling a connect call would accept
 * is recognised: `127.0.0.1`, `2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`, with one trailing dot allowed.
 */
export const parseIpv4 = (text: string): IpAddress | undefined => {
  const parts = text.split(".");
  if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop();
  if (parts.length === 0 || parts.length > 4) return undefined;
  const numbers: bigint[] = [];
  for (const part of parts) {
    const n = parseV4Part(part);
    if (n === undefined) return undefined;
    numbers.push(n);
  }
  const last = numbers.pop() as bigint;
  if (numbers.some((n) => n > 255n)) return undefined;
  if (last >= 256n ** BigInt(5 - parts.length)) return undefined;
  const bits = numbers.reduce((acc, n, i) => acc | (n << BigInt(8 * (3 - i))), last);
  return { family: 4, bits };
};

const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;
const DOTTED_QUAD = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

const parseGroups = (text: string): bigint[] | undefined => {
  if (text === "") return [];
  const groups: bigint[] = [];
  const pieces = text.split(":");
  for (const [i, piece] of pieces.entries()) {
    if (i === pieces.length - 1 && piece.includes(".")) {
      if (!DOTTED_QUAD.test(piece)) return undefined;
      const v4 = (parseIpv4(piece) as IpAddress).bits;
      groups.push(v4 >> 16n, v4 & 0xffffn);
    } else if (HEX_GROUP.test(piece)) {
      groups.push(BigInt(`0x${piece}`));
    } else {
      return undefined;
    }
  }
  return groups;
};

/** Parses IPv6 (optionally in brackets, with a zone id after `%`), including an embedded dotted IPv4 tail. */
export const parseIpv6 = (text: string): IpAddress | undefined => {
  let s = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(":")) return undefined;
  const halves = s.split("::");
  if (halves.length > 2) return undefined;
  const head = parseGroups(halves[0] as string);
  const tail = halves.length === 2 ? parseGroups(halves[1] as string) : [];
  if (head === undefined || tail === undefined) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...Array<bigint>(missing).fill(0n), ...tail];
  return { family: 6, bits: groups.reduce((acc, g) => (acc << 16n) | g, 0n) };
};

/** Parses an IPv4 (any spelling) or IPv6 address; undefined when the text is not an address. */
export const parseIp = (text: string): IpAddress | undefined => parseIpv6(text) ?? parseIpv4(text);

/** Formats an address canonically (dotted quad, or RFC 5952 compressed IPv6) for messages. */
export const formatIp = (ip: IpAddress): string => {
  if (ip.family === 4) return [24n, 16n, 8n, 0n].map((shift) => ((ip.bits >> shift) & 0xffn).toString()).join(".");
  const groups = [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((shift) => Number((ip.bits >> shift) & 0xffffn));
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
};
