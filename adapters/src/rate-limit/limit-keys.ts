import { createHash } from "node:crypto";
import { pathParameterNames, type RouteDef } from "../http/route.js";

/** A short, fixed-length stand-in for a secret, so that no credential or token is kept as a store key. */
export const digestKey = (secret: string): string =>
  createHash("sha256").update(secret).digest("base64url").slice(0, 22);

type Headers = Readonly<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/**
 * The MCP budget's key: the API key, or else the bearer token, digested. The token rather than its subject:
 * the limiter runs before authentication, and an unverified subject would let anyone spend someone else's budget.
 * Undefined without a credential (authentication answers 401; the general limit still counts it).
 */
export const credentialKey = (headers: Headers, headerPrefix: string): string | undefined => {
  const apiKey = first(headers[`x-${headerPrefix}-api-key`]);
  if (apiKey !== undefined) return `key:${digestKey(apiKey)}`;
  const bearer = /^Bearer\s+(\S+)$/i.exec(first(headers.authorization) ?? "")?.[1];
  return bearer === undefined ? undefined : `bearer:${digestKey(bearer)}`;
};

/** The public-page budget's key: the token of the path, digested. */
export const tokenKey = (route: RouteDef, params: Readonly<Record<string, string>>): string | undefined => {
  const token = params[route.limitKeyParam ?? "token"];
  return token === undefined || token === "" ? undefined : digestKey(token);
};

/** Throws when a `public-token` route has no path parameter to take its token from. */
export const checkRateLimitRoutes = (routes: readonly RouteDef[]): void => {
  for (const route of routes) {
    const param = route.limitKeyParam ?? "token";
    if (route.limit === "public-token" && !pathParameterNames(route.path).includes(param))
      throw new Error(`${route.method} ${route.path}: limit "public-token" needs a {${param}} path parameter`);
  }
};
