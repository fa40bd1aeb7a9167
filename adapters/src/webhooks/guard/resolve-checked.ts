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
export const resolveChecked = async (hostname: string, resolve: Resolve, policy: UrlPolicy): Promise<Resolution> => {
  const literal = hostLiteralAddress(hostname);
  let addresses: readonly string[];
  try {
    addresses = literal === undefined ? await resolve(hostname) : [literal];
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return {
      ok: false,
      code: "url.unresolvable",
      message: `The host ${hostname} does not resolve (${String(code ?? error)}).`,
    };
  }
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
