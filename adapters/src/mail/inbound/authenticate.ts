import type { EmailAuthResult } from "@apar/core";
import type { ForwardAuthentication } from "@apar/core/app";
import { authenticate, type DNSResolver } from "mailauth";
import { getDomain } from "tldts";
import { headerValues } from "./headers.js";

export type { DNSResolver } from "mailauth";

/** Where a message came from, as the receiving server saw it. */
export interface Arrival {
  /** The connecting client's IP; absent (an HTTP provider that did not say) means SPF cannot be checked. */
  readonly ip?: string;
  readonly helo?: string;
  /** The envelope sender (MAIL FROM); empty for bounces. */
  readonly envelopeFrom?: string;
  /**
   * The host that handed the message to apar: the SMTP client, or the HTTP client that posted it (behind
   * `APAR_TRUSTED_PROXIES`, the address they name). A trusted mail gateway is recognised by it.
   */
  readonly via?: string;
}

/** The raw verdicts (mailauth's, or a trusted gateway's), kept for the record and for conformance tests. */
export interface SeenResults {
  /** Who checked: apar itself (mailauth and DNS), or a trusted gateway whose Authentication-Results decided. */
  readonly checkedBy: "apar" | { readonly gateway: string };
  /** Per DKIM signature: its `d=` domain, result and whether it aligns with the From domain. */
  readonly dkim: readonly { readonly domain: string; readonly result: string; readonly aligned: boolean }[];
  /** pass, fail, softfail, neutral, none, permerror, temperror; `none` when there was no IP to check. */
  readonly spf: string;
  readonly spfDomain: string | null;
  readonly spfAligned: boolean;
  /** The DMARC result (`none` without a record) and the policy the From domain published. */
  readonly dmarc: string;
  readonly dmarcPolicy: string | null;
  /** The ARC chain's result (recorded; it decides nothing by itself: no sealer is trusted). */
  readonly arc: string;
  /** The From header's domain, lower-case, or null when the message had none (or several). */
  readonly fromDomain: string | null;
}

/** The spec's verdicts, whether the message passed, and what was seen. */
export interface Authentication extends ForwardAuthentication {
  readonly seen: SeenResults;
}

/** Relaxed alignment (RFC 7489 3.1): the two domains share their organisational domain. */
export const relaxedAligned = (a: string, b: string): boolean => {
  const x = a.toLowerCase().replace(/\.$/, "");
  const y = b.toLowerCase().replace(/\.$/, "");
  if (x === y) return true;
  const ox = getDomain(x, { allowPrivateDomains: false }) ?? x;
  const oy = getDomain(y, { allowPrivateDomains: false }) ?? y;
  return ox === oy;
};

const FAILED_DKIM = new Set(["fail", "neutral", "permerror", "policy"]);
const FAILED_SPF = new Set(["fail", "softfail", "permerror"]);

/** The From header's one domain, lower-case; null without a From header, or with several authors' domains. */
export const fromDomainOf = (raw: Buffer): string | null => {
  // Only the header block: the body never decides the author domain.
  const froms = headerValues(raw, "From");
  if (froms.length !== 1) return null;
  const domains = new Set(
    [...(froms[0] ?? "").matchAll(/[^\s<>"@,:;]+@([a-z0-9.-]+)/gi)].map((m) => (m[1] ?? "").toLowerCase()),
  );
  return domains.size === 1 ? ([...domains][0] ?? null) : null;
};

/**
 * The spec's verdicts from what was seen: `dkimResult` Pass for an aligned passing signature, Fail when the
 * message was signed but no aligned signature passed, Unknown when unsigned; `spfResult` Pass / Fail (fail,
 * softfail, permerror) / Unknown (neutral, none, temperror, no IP); the message passes when aligned DKIM or
 * aligned SPF passed, or `alsoPasses` (a trusted gateway's DMARC pass); `authResult` Pass when it passed,
 * Unknown when nothing could be checked, else Fail.
 */
export const verdictsOf = (seen: SeenResults, alsoPasses = false): Authentication => {
  const dkimPass = seen.dkim.some((d) => d.aligned && d.result === "pass");
  const spfPass = seen.spf === "pass" && seen.spfAligned;
  const dkimResult: EmailAuthResult = dkimPass
    ? "Pass"
    : seen.dkim.some((d) => FAILED_DKIM.has(d.result) || d.result === "pass")
      ? "Fail"
      : "Unknown";
  const spfResult: EmailAuthResult = seen.spf === "pass" ? "Pass" : FAILED_SPF.has(seen.spf) ? "Fail" : "Unknown";
  const passed = dkimPass || spfPass || alsoPasses;
  const authResult: EmailAuthResult = passed
    ? "Pass"
    : dkimResult === "Unknown" && spfResult === "Unknown"
      ? "Unknown"
      : "Fail";
  return { authResult, dkimResult, spfResult, passed, seen };
};

/**
 * Authenticates a raw message with mailauth: DKIM (every signature), SPF for the connecting IP and envelope
 * sender, DMARC and ARC, resolving DNS through `resolver` (tests give fixture records). The message passes
 * when a DKIM signature aligned with the From domain passes, or SPF passes for an envelope domain aligned
 * with it (DMARC's rule, whatever policy the domain publishes; forwarding often breaks SPF, so DKIM alone
 * suffices). Mapped to the spec's enums by `verdictsOf`.
 */
export const authenticateMessage = async (
  raw: Buffer,
  arrival: Arrival,
  options: { readonly resolver?: DNSResolver; readonly mta?: string } = {},
): Promise<Authentication> => {
  const fromDomain = fromDomainOf(raw);
  const result = await authenticate(raw, {
    ...(arrival.ip === undefined ? {} : { ip: arrival.ip }),
    ...(arrival.helo === undefined ? {} : { helo: arrival.helo }),
    sender: arrival.envelopeFrom ?? "",
    mta: options.mta ?? "apar.localhost",
    trustReceived: false,
    disableBimi: true,
    ...(options.resolver === undefined ? {} : { resolver: options.resolver }),
  } as Parameters<typeof authenticate>[1]);
  const dkim = (result.dkim?.results ?? []).map((r) => {
    const domain = String(r.signingDomain ?? "").toLowerCase();
    return {
      domain,
      result: String(r.status?.result ?? "none"),
      aligned: fromDomain !== null && domain !== "" && relaxedAligned(domain, fromDomain),
    };
  });
  const spf = arrival.ip === undefined || result.spf === false ? "none" : String(result.spf.status.result);
  const spfDomain = result.spf === false ? null : (result.spf.domain ?? null);
  const spfAligned = fromDomain !== null && spfDomain !== null && relaxedAligned(spfDomain, fromDomain);
  return verdictsOf({
    checkedBy: "apar",
    dkim,
    spf,
    spfDomain,
    spfAligned,
    // Several authors cannot all be checked: such a message fails DMARC (RFC 9989 11.5 calls it suspicious).
    dmarc:
      result.dmarc !== false
        ? String(result.dmarc.status.result)
        : result.dmarcSkipReason === "multiple-author-domains" || result.dmarcSkipReason === "multiple-from-fields"
          ? "fail"
          : "none",
    dmarcPolicy: result.dmarc === false ? null : (result.dmarc.policy ?? null),
    arc: result.arc === false ? "none" : String(result.arc.status?.result ?? "none"),
    fromDomain,
  });
};

/** A resolver that answers from fixed records (name -> type -> answers), and ENOTFOUND for the rest. */
export const fixedResolver =
  (records: Readonly<Record<string, Readonly<Record<string, readonly unknown[]>>>>): DNSResolver =>
  async (name, type) => {
    const answers = records[name.toLowerCase().replace(/\.$/, "")]?.[type.toUpperCase()];
    if (answers === undefined) {
      const known = records[name.toLowerCase().replace(/\.$/, "")] !== undefined;
      throw Object.assign(new Error(`${known ? "ENODATA" : "ENOTFOUND"} ${name}`), {
        code: known ? "ENODATA" : "ENOTFOUND",
      });
    }
    return answers as string[][];
  };
