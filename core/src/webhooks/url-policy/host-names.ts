/** Names of cloud instance-metadata services: never a receiver, whatever they resolve to. */
const METADATA_NAMES = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "metadata.azure.internal",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.ec2.internal",
  "metadata.tencentyun.com",
  "metadata.packet.net",
]);

/** Special-use suffixes that never name a public host (RFC 6761, .onion, reverse-DNS zones). */
const NEVER_PUBLIC_SUFFIXES = ["invalid", "onion", "in-addr.arpa", "ip6.arpa"];

/** Suffixes used inside private networks; allowed only when the operator allows private ranges. */
const PRIVATE_USE_SUFFIXES = ["local", "internal", "localdomain", "home.arpa", "lan", "intranet", "corp", "svc"];

const hasSuffix = (host: string, suffix: string): boolean => host === suffix || host.endsWith(`.${suffix}`);

/** True for `localhost` and any `*.localhost` name (RFC 6761: they resolve to loopback). */
export const isLocalhostName = (host: string): boolean => hasSuffix(host, "localhost");

export type HostNameVerdict =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: "url.forbidden_host" | "url.host"; readonly message: string };

/** Judges a normalised (lower-case, no trailing dot) host name that is not an IP literal. */
export const judgeHostName = (host: string, allowLoopback: boolean, allowPrivateNames: boolean): HostNameVerdict => {
  if (host.split(".").some((label) => label === ""))
    return { ok: false, code: "url.host", message: `The host "${host}" has an empty label.` };
  if (isLocalhostName(host))
    return allowLoopback
      ? { ok: true }
      : { ok: false, code: "url.forbidden_host", message: `The host "${host}" is a loopback name.` };
  if (METADATA_NAMES.has(host))
    return { ok: false, code: "url.forbidden_host", message: `The host "${host}" is a cloud metadata service.` };
  if (NEVER_PUBLIC_SUFFIXES.some((suffix) => hasSuffix(host, suffix)))
    return { ok: false, code: "url.forbidden_host", message: `The host "${host}" is a special-use name.` };
  if (allowPrivateNames) return { ok: true };
  if (PRIVATE_USE_SUFFIXES.some((suffix) => hasSuffix(host, suffix)))
    return { ok: false, code: "url.forbidden_host", message: `The host "${host}" is a private-network name.` };
  if (!host.includes("."))
    return { ok: false, code: "url.forbidden_host", message: `The host "${host}" is not a public name.` };
  return { ok: true };
};
