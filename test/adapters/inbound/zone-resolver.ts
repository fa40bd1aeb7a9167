import type { DNSResolver } from "@apar/adapters/mail/inbound/index";

/** One zone entry of the RFC 7208 suite: a record by type, or `TIMEOUT` for a name that never answers. */
type ZoneEntry = "TIMEOUT" | Readonly<Record<string, unknown>>;

const dnsError = (code: string, name: string) => Object.assign(new Error(`${code} ${name}`), { code });

/**
 * A resolver over the suite's zone data, as its authors' harness serves it: a query for a type the name lacks times out when
 * the name is marked TIMEOUT; SPF-type records answer TXT queries when a name has no TXT records (`TXT: NONE` says it has none) (RFC 7208 dropped the SPF type), a TXT string longer than 255
 * octets comes in 255-octet chunks, a name without the asked type answers ENODATA, an unknown one ENOTFOUND.
 */
export const zoneResolver =
  (zone: Readonly<Record<string, readonly ZoneEntry[]>>): DNSResolver =>
  async (rawName, rawType) => {
    const name = rawName.toLowerCase().replace(/\.$/, "");
    const type = rawType.toUpperCase();
    const key = Object.keys(zone).find((k) => k.toLowerCase() === name);
    if (key === undefined) throw dnsError("ENOTFOUND", name);
    const entries = zone[key] ?? [];
    const of = (t: string) =>
      entries.flatMap((e) =>
        typeof e === "object" && e !== null && t in e ? [(e as Record<string, unknown>)[t]] : [],
      );
    const own = of(type);
    // SPF-type records stand in for TXT unless the name says `TXT: NONE` (the suite's "no TXT record").
    const raw = type === "TXT" && own.length === 0 ? of("SPF") : own;
    const answers = raw.filter((a) => a !== "NONE");
    if (answers.length === 0 && entries.includes("TIMEOUT")) throw dnsError("ETIMEOUT", name);
    if (answers.length === 0) throw dnsError("ENODATA", name);
    if (type === "TXT")
      return answers.map((a) => {
        const parts = Array.isArray(a) ? a.map(String) : [String(a)];
        return parts.flatMap((p) => {
          const chunks: string[] = [];
          for (let i = 0; i < p.length; i += 255) chunks.push(p.slice(i, i + 255));
          return chunks.length === 0 ? [""] : chunks;
        });
      });
    if (type === "MX")
      return answers.map((a) => {
        const [priority, exchange] = a as [number, string];
        return { priority, exchange };
      }) as unknown as string[];
    return answers.map(String);
  };
