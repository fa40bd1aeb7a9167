import type { IncomingHttpHeaders } from "node:http";
import { type Access, type DomainError, domainError, headerNames, type Principal, type RequestAuth } from "@apar/core";
import { authenticateApiKey, authenticateBearer, resolveAccess } from "@apar/core/app";
import type { AccessLookups, BearerTokens, Clock, Stores } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";

/** A refused request: the problem to answer and the headers that go with it (`WWW-Authenticate`). */
export interface AuthFailure {
  readonly error: DomainError;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Resolves a request's credential and tenancy headers against a route's access, before its body is read. */
export type Authenticator = (headers: IncomingHttpHeaders, access: Access) => Promise<RequestAuth | AuthFailure>;

/** What the authenticator reads. */
export interface AuthenticatorDeps {
  /** Stores outside any transaction: one read for the key, one for the client, one for the organisation. */
  readonly stores: Pick<Stores, "apiKeys" | "clients" | "organisations">;
  readonly clock: Clock;
  readonly tokens: BearerTokens;
  /** `APAR_HEADER_PREFIX`. */
  readonly headerPrefix: string;
}

/** True when a value is an AuthFailure rather than a RequestAuth. */
export const isAuthFailure = (u: RequestAuth | AuthFailure): u is AuthFailure => "error" in u;

const single = (value: string | string[] | undefined): string | undefined => {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  return v === undefined || v === "" ? undefined : v;
};

const BEARER = /^Bearer[ \t]+([A-Za-z0-9._~+/-]+=*)$/i;

/** The authenticator for the HTTP server (`HttpServerOptions.authenticate`). */
export const createAuthenticator = (deps: AuthenticatorDeps): Authenticator => {
  const names = headerNames(deps.headerPrefix);
  const apiKeys = authenticateApiKey({ apiKeys: deps.stores.apiKeys, clock: deps.clock });
  const bearer = authenticateBearer({ apiKeys: deps.stores.apiKeys, clock: deps.clock, tokens: deps.tokens });
  const lookups: AccessLookups = {
    client: (id) => deps.stores.clients.ofId(id),
    organisation: (clientId, id) => deps.stores.organisations.ofId(clientId, id),
  };
  const challenge = { "WWW-Authenticate": 'Bearer realm="apar"' };

  const principalOf = async (headers: IncomingHttpHeaders): Promise<Principal | AuthFailure> => {
    const key = single(headers[names.apiKey]);
    // An API key wins over an Authorization header: server-to-server callers may carry both through proxies.
    if (key !== undefined) {
      const found = await apiKeys(key);
      return E.isLeft(found) ? { error: found.left } : { kind: "api_key", key: found.right };
    }
    const authorization = single(headers.authorization);
    const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
    if (token !== undefined) {
      const claims = await bearer(token);
      return E.isLeft(claims)
        ? { error: claims.left, headers: { "WWW-Authenticate": 'Bearer realm="apar", error="invalid_token"' } }
        : { kind: "user", claims: claims.right };
    }
    return {
      error: domainError(
        "Unauthenticated",
        "Auth.Unauthenticated",
        `Send an API key in ${names.apiKey} or a bearer token in Authorization.`,
      ),
      headers: challenge,
    };
  };

  return async (headers, access) => {
    const principal = await principalOf(headers);
    if ("error" in principal) return principal;
    const resolved = await resolveAccess(
      access,
      principal,
      { clientId: single(headers[names.clientId]), organisationId: single(headers[names.organisationId]) },
      lookups,
      names,
    );
    return E.isLeft(resolved) ? { error: resolved.left } : resolved.right;
  };
};
