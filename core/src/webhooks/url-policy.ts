import type { Either } from "fp-ts/lib/Either.js";
import * as E from "fp-ts/lib/Either.js";
import { type DomainError, domainError } from "../shared/errors.js";
import { cidrContains, parseCidr } from "./url-policy/cidr.js";
import { isLocalhostName, judgeHostName } from "./url-policy/host-names.js";
import { formatIp, type IpAddress, parseIp, parseIpv4, parseIpv6 } from "./url-policy/ip-address.js";
import { type AddressCategory, categoryOf, embeddedIpv4 } from "./url-policy/special-ranges.js";

export { parseCidr } from "./url-policy/cidr.js";

/**
 * Where webhooks may go. Off by default: `allowInsecureLoopback` (http:// and loopback receivers, for local
 * development and tests) and `privateCidrs` (ranges an operator allows for receivers inside their own network).
 */
export interface UrlPolicy {
  readonly allowInsecureLoopback: boolean;
  readonly privateCidrs: readonly string[];
}

/** The policy of a production service: public https receivers only. */
export const strictUrlPolicy: UrlPolicy = { allowInsecureLoopback: false, privateCidrs: [] };

const MAX_URL_LENGTH = 2048;

/** The error every URL rule answers with: `Webhook.InvalidUrl` naming the rule in `errors[0].code`. */
export const invalidWebhookUrl = (code: string, message: string): DomainError =>
  domainError("BadRequest", "Webhook.InvalidUrl", message, [{ field: "url", code, message }]);

// Categories no allowlist opens: metadata services hand out credentials, and 0.0.0.0 / :: connect to this host.
const NEVER_ALLOWED: ReadonlySet<AddressCategory> = new Set(["cloud-metadata", "unspecified"]);

const inAllowlist = (ip: IpAddress, privateCidrs: readonly string[]): boolean => {
  const v4 = embeddedIpv4(ip);
  return privateCidrs.some((text) => {
    const cidr = parseCidr(text);
    return cidr !== undefined && (cidrContains(cidr, ip) || (v4 !== undefined && cidrContains(cidr, v4)));
  });
};

/** Why an address must not be connected to under the policy, or undefined when it may be. */
export const forbiddenAddressReason = (address: string, policy: UrlPolicy): string | undefined => {
  const ip = parseIp(address);
  if (ip === undefined) return "not an IP address";
  const category = categoryOf(ip);
  if (category === undefined) return undefined;
  if (NEVER_ALLOWED.has(category)) return category;
  if (category === "loopback" && policy.allowInsecureLoopback) return undefined;
  return inAllowlist(ip, policy.privateCidrs) ? undefined : category;
};

/** True when an IP address (v4 or v6, as resolved) must not be connected to under the policy. */
export const isForbiddenAddress = (address: string, policy: UrlPolicy): boolean =>
  forbiddenAddressReason(address, policy) !== undefined;

/** True when the policy's allowlist entries are all valid CIDRs (for configuration decoding). */
export const invalidPrivateCidrs = (privateCidrs: readonly string[]): readonly string[] =>
  privateCidrs.filter((text) => parseCidr(text) === undefined);

// The IP literal a URL host is, if any (`[::1]`, `127.0.0.1`, or any IPv4 spelling).
const hostIpLiteral = (hostname: string): IpAddress | undefined =>
  hostname.startsWith("[") ? parseIpv6(hostname) : parseIpv4(hostname);

/** The canonical address of a URL host that is an IP literal (`[::1]` gives `::1`), undefined for a name. */
export const hostLiteralAddress = (hostname: string): string | undefined => {
  const ip = hostIpLiteral(hostname);
  return ip === undefined ? undefined : formatIp(ip);
};

const isLoopbackHost = (hostname: string): boolean => {
  const ip = hostIpLiteral(hostname);
  return ip === undefined ? isLocalhostName(hostname) : categoryOf(ip) === "loopback";
};

/** The authority (userinfo@host:port) as written, before the URL parser drops what it ignores. */
const rawAuthority = (url: string): string => {
  const afterScheme = url.replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:[/\\]*/, "");
  return afterScheme.split(/[/\\?#]/, 1)[0] ?? "";
};

/**
 * Save-time check of a webhook URL: https only (http only to loopback under `allowInsecureLoopback`), no userinfo,
 * no fragment, host normalised (lower-case, IDNA, no trailing dot) and not a forbidden literal address or name.
 */
export const checkWebhookUrl = (url: string, policy: UrlPolicy): Either<DomainError, URL> => {
  if (url.length > MAX_URL_LENGTH)
    return E.left(invalidWebhookUrl("url.too_long", `The URL is longer than ${MAX_URL_LENGTH} characters.`));
  // The URL parser strips tabs, newlines and surrounding spaces; a URL that needs stripping is not taken.
  if (/[\s\p{Cc}]/u.test(url))
    return E.left(invalidWebhookUrl("url.invalid", "The URL contains whitespace or control characters."));
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return E.left(invalidWebhookUrl("url.invalid", "The URL is not a valid absolute URL."));
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return E.left(invalidWebhookUrl("url.scheme", "The URL must use https://."));
  if (parsed.username !== "" || parsed.password !== "" || rawAuthority(url).includes("@"))
    return E.left(invalidWebhookUrl("url.userinfo", "The URL must not contain a user name or password."));
  if (parsed.hash !== "" || url.includes("#"))
    return E.left(invalidWebhookUrl("url.fragment", "The URL must not contain a fragment (#)."));
  const hostname = parsed.hostname.endsWith(".") ? parsed.hostname.slice(0, -1) : parsed.hostname;
  if (hostname === "") return E.left(invalidWebhookUrl("url.host", "The URL has no host."));
  if (parsed.protocol === "http:" && !(policy.allowInsecureLoopback && isLoopbackHost(hostname)))
    return E.left(invalidWebhookUrl("url.scheme", "The URL must use https://."));
  const literal = hostIpLiteral(hostname);
  if (literal !== undefined) {
    const reason = forbiddenAddressReason(formatIp(literal), policy);
    if (reason !== undefined)
      return E.left(
        invalidWebhookUrl("url.forbidden_address", `The address ${formatIp(literal)} is not allowed (${reason}).`),
      );
  } else {
    const verdict = judgeHostName(hostname, policy.allowInsecureLoopback, policy.privateCidrs.length > 0);
    if (!verdict.ok) return E.left(invalidWebhookUrl(verdict.code, verdict.message));
  }
  const normalised = new URL(parsed.href);
  normalised.hostname = literal?.family === 4 ? formatIp(literal) : hostname;
  return E.right(normalised);
};
