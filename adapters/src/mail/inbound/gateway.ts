import parseHeader, { type ResultInfo } from "mailauth/lib/parse-dkim-headers.js";
import { normaliseIp, trustedProxies } from "../../net/client-ip.js";
import { type Authentication, fromDomainOf, relaxedAligned, verdictsOf } from "./authenticate.js";
import { headerValues } from "./headers.js";

/** The operator's trusted mail gateways: where they connect from, and the authserv-ids they write. */
export interface MailGateways {
  /** IPs and CIDRs (`APAR_TRUSTED_MAIL_GATEWAYS`). */
  readonly addresses: readonly string[];
  /** The authserv-ids of their Authentication-Results (`APAR_TRUSTED_AUTHSERV_IDS`), compared case-insensitively. */
  readonly authservIds: readonly string[];
}

/** Whether a host is a trusted gateway; throws on an entry that is not an IP or CIDR. */
export const gatewayMatcher = (gateways: MailGateways): ((address: string | undefined) => boolean) => {
  const list = trustedProxies(gateways.addresses);
  return (address) => address !== undefined && list.has(normaliseIp(address));
};

const text = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);
const property = (info: ResultInfo | undefined, ptype: string, name: string): string | undefined => {
  const group = info?.[ptype];
  return typeof group === "object" ? text(group[name]) : undefined;
};
/** `user@example.com`, `@example.com` or `example.com` -> `example.com`. */
const domainOf = (identity: string | undefined): string | null =>
  identity === undefined ? null : identity.slice(identity.lastIndexOf("@") + 1).toLowerCase() || null;
const one = (v: unknown): ResultInfo | undefined =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as ResultInfo) : undefined;

/**
 * The verdicts of a trusted gateway, read from its `Authentication-Results` (RFC 8601): only fields whose
 * authserv-id is one of `authservIds`; others are ignored, as RFC 8601 section 5 asks (a conforming gateway
 * removes fields bearing its own id from incoming mail, so those left are its own). Several fields of the
 * gateway (one per milter) are read together, the topmost first. The message passes on an aligned `dkim=pass`,
 * an aligned `spf=pass`, or the gateway's `dmarc=pass` for the From domain (which carries its own ARC trust).
 * `ARC-Authentication-Results` are not read: a gateway never removes them, so a sender could write one in
 * the gateway's name. Undefined when no field of the gateway is there.
 */
export const gatewayVerdicts = (
  raw: Buffer,
  authservIds: readonly string[],
  gateway: string,
): Authentication | undefined => {
  const trusted = new Set(authservIds.map((id) => id.toLowerCase()));
  const fields = headerValues(raw, "authentication-results")
    .map((value) => parseHeader(`Authentication-Results: ${value}`).parsed)
    .filter((p) => trusted.has((p.value ?? "").trim().split(/\s+/)[0]?.toLowerCase() ?? ""));
  if (fields.length === 0) return undefined;
  const fromDomain = fromDomainOf(raw);
  const dkim = fields.flatMap((f) =>
    (f.dkim ?? []).map((d) => {
      const domain = text(property(d, "header", "d"))?.toLowerCase() ?? domainOf(property(d, "header", "i")) ?? "";
      return {
        domain,
        result: d.value.toLowerCase(),
        aligned: fromDomain !== null && domain !== "" && relaxedAligned(domain, fromDomain),
      };
    }),
  );
  const first = (method: string) => fields.map((f) => one(f[method])).find((r) => r !== undefined);
  const spf = first("spf");
  const spfDomain = domainOf(property(spf, "smtp", "mailfrom") ?? property(spf, "smtp", "mfrom"));
  const dmarc = first("dmarc");
  const dmarcFrom = property(dmarc, "header", "from")?.toLowerCase();
  const dmarcPass =
    dmarc?.value.toLowerCase() === "pass" &&
    fromDomain !== null &&
    (dmarcFrom === undefined || dmarcFrom === fromDomain);
  return verdictsOf(
    {
      checkedBy: { gateway },
      dkim,
      spf: spf?.value.toLowerCase() ?? "none",
      spfDomain,
      spfAligned: fromDomain !== null && spfDomain !== null && relaxedAligned(spfDomain, fromDomain),
      dmarc: dmarc?.value.toLowerCase() ?? "none",
      dmarcPolicy: property(dmarc, "policy", "dmarc") ?? null,
      arc: first("arc")?.value.toLowerCase() ?? "none",
      fromDomain,
    },
    dmarcPass,
  );
};
