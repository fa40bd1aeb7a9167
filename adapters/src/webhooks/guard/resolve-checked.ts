import { lookup } from "node:dns/promises";
import { forbiddenAddressReason, hostLiteralAddress, type UrlPolicy } from "@apar/core";

/** Resolves a host name to every address it has (A and AAAA, in the resolver's order). */
export type Resolve = (host: string) => Promise<readonly string[]>;

/** The system resolver (`getaddrinfo` through dns.lookup, as a connect would use). */
export const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, order: "verbatim" })).map((entry) => entry.address);

export type Resolution =
  | { readonly ok: true; readonly addresses: readonly string[] }
  | { readonly ok: false; readonly code: "url.unresolvable" | "url.forbidden_address"; readonly message: string };

/**
 * Resolves the URL's host once and checks every address: one forbidden address refuses the whole host, so a name
 * that mixes public and private answers cannot be used to reach the private one.
 */
export const resolveChecked = async (hostname: string, resolve: Resolve, policy: UrlPolicy): Promise<Resolution> =>
  checkedLiteral(hostname, policy) ?? checkAddresses(hostname, await lookUp(hostname, resolve), policy);

/**
 * The resolution of an IP-literal host: no lookup, so it is the same every time and may be kept per URL. Undefined
 * for a name (that one is looked up on every attempt).
 */
export const checkedLiteral = (hostname: string, policy: UrlPolicy): Resolution | undefined => {
  const literal = hostLiteralAddress(hostname);
  return literal === undefined ? undefined : checkAddresses(hostname, [literal], policy);
};

const lookUp = async (hostname: string, resolve: Resolve): Promise<readonly string[] | Resolution> => {
  try {
    return await resolve(hostname);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return {
      ok: false,
      code: "url.unresolvable",
      message: `The host ${hostname} does not resolve (${String(code ?? error)}).`,
    };
  }
};

const checkAddresses = (hostname: string, found: readonly string[] | Resolution, policy: UrlPolicy): Resolution => {
  if (!Array.isArray(found)) return found as Resolution;
  const addresses: readonly string[] = found;
  if (addresses.length === 0)
    return { ok: false, code: "url.unresolvable", message: `The host ${hostname} has no addresses.` };
  for (const address of addresses) {
    const reason = forbiddenAddressReason(address, policy);
    if (reason !== undefined)
      return {
        ok: false,
        code: "url.forbidden_address",
        message: `The host ${hostname} resolves to ${address}, which is not allowed (${reason}).`,
      };
  }
  return { ok: true, addresses };
};
