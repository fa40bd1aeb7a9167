import { hash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import {
  type Access,
  type DomainError,
  domainError,
  headerNames,
  isUuid,
  type Principal,
  type RequestAuth,
} from "@apar/core";
import { acceptApiKey, authenticateApiKey, authenticateBearer, resolveAccess } from "@apar/core/app";
import type {
  AccessLookups,
  ApiKeys,
  BearerTokens,
  Clock,
  KeyAndTenancy,
  Stores,
  TenancyNamed,
} from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import type { KeyCache } from "./key-cache.js";

/** A refused request: the problem to answer and the headers that go with it (`WWW-Authenticate`). */
export interface AuthFailure {
  readonly error: DomainError;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Resolves a request's credential and tenancy headers against a route's access, before its body is read. */
export type Authenticator = (headers: IncomingHttpHeaders, access: Access) => Promise<RequestAuth | AuthFailure>;

/** What the authenticator reads. */
export interface AuthenticatorDeps {
  /**
   * Stores outside any transaction: one read for the key with the client and organisation the request names
   * (`apiKeys.withTenancy`); the client and organisation stores only when resolution asks for others.
   */
  readonly stores: Pick<Stores, "apiKeys" | "clients" | "organisations">;
  readonly clock: Clock;
  readonly tokens: BearerTokens;
  /** `APAR_HEADER_PREFIX`. */
  readonly headerPrefix: string;
  /** Verified API keys with the tenancy read with them (`APAR_KEY_CACHE`); none: every request reads its key. */
  readonly keyCache?: KeyCache;
}

/** True when a value is an AuthFailure rather than a RequestAuth. */
export const isAuthFailure = (u: RequestAuth | AuthFailure): u is AuthFailure => "error" in u;

const single = (value: string | string[] | undefined): string | undefined => {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  return v === undefined || v === "" ? undefined : v;
};

const BEARER = /^Bearer[ \t]+([A-Za-z0-9._~+/-]+=*)$/i;

/** A tenancy header as the id resolution will look up (a lower-case UUID), or undefined. */
const namedId = (value: string | undefined): string | undefined => (isUuid(value) ? value.toLowerCase() : undefined);

/**
 * The stores one request authenticates with: the key is read with the client and organisation its headers name
 * (one statement), and resolution's lookups of those are answered from that read.
 */
const requestReads = (stores: AuthenticatorDeps["stores"], named: TenancyNamed, cached?: KeyAndTenancy) => {
  let read: KeyAndTenancy | undefined = cached;
  const remember = (found: KeyAndTenancy | undefined) => {
    read = found;
    return found?.key;
  };
  const apiKeys: ApiKeys = {
    ...stores.apiKeys,
    ofPrefix: async (prefix) => remember(await stores.apiKeys.withTenancy({ prefix }, named)),
    ofId: async (id) => remember(await stores.apiKeys.withTenancy({ id }, named)),
  };
  // Answered from the read as values (no promise), from the stores otherwise.
  const lookups: AccessLookups = {
    client: (id) => {
      if (read !== undefined && (id === named.clientId || id === read.client?.id))
        return read.client?.id === id ? read.client : undefined;
      return stores.clients.ofId(id);
    },
    organisation: (clientId, id) => {
      if (read !== undefined && read.client?.id === clientId && id === named.organisationId) return read.organisation;
      return stores.organisations.ofId(clientId, id);
    },
  };
  return { apiKeys, lookups, read: () => read };
};

/** The authenticator for the HTTP server (`HttpServerOptions.authenticate`). */
export const createAuthenticator = (deps: AuthenticatorDeps): Authenticator => {
  const names = headerNames(deps.headerPrefix);
  const challenge = { "WWW-Authenticate": 'Bearer realm="apar"' };

  const principalOf = async (headers: IncomingHttpHeaders, apiKeys: ApiKeys): Promise<Principal | AuthFailure> => {
    const key = single(headers[names.apiKey]);
    // An API key wins over an Authorization header: server-to-server callers may carry both through proxies.
    if (key !== undefined) {
      const found = await authenticateApiKey({ apiKeys, clock: deps.clock })(key);
      return E.isLeft(found) ? { error: found.left } : { kind: "api_key", key: found.right };
    }
    const authorization = single(headers.authorization);
    const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
    if (token !== undefined) {
      const claims = await authenticateBearer({ apiKeys, clock: deps.clock, tokens: deps.tokens })(token);
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

  const resolve = async (
    access: Access,
    tenancy: { clientId: string | undefined; organisationId: string | undefined },
    principal: Principal | AuthFailure,
    lookups: AccessLookups,
  ): Promise<RequestAuth | AuthFailure> => {
    if ("error" in principal) return principal;
    return resolved(await resolveAccess(access, principal, tenancy, lookups, names));
  };
  const resolved = (r: E.Either<DomainError, RequestAuth>): RequestAuth | AuthFailure =>
    E.isLeft(r) ? { error: r.left } : r.right;

  const { keyCache } = deps;
  return async (headers, access) => {
    const tenancy = {
      clientId: single(headers[names.clientId]),
      organisationId: single(headers[names.organisationId]),
    };
    const named = { clientId: namedId(tenancy.clientId), organisationId: namedId(tenancy.organisationId) };
    const presented = keyCache === undefined ? undefined : single(headers[names.apiKey]);
    if (keyCache === undefined || presented === undefined) {
      const reads = requestReads(deps.stores, named);
      return resolve(access, tenancy, await principalOf(headers, reads.apiKeys), reads.lookups);
    }
    // A key this process verified lately, read with the same tenancy headers: no read, no hash comparison.
    const id = `${hash("sha256", presented, "hex")} ${named.clientId ?? ""} ${named.organisationId ?? ""}`;
    const cached = keyCache.get(id);
    if (cached !== undefined) {
      // Revoked or expired since, or its last use due: awaited only when a write is due.
      const accepting = acceptApiKey({ apiKeys: deps.stores.apiKeys, clock: deps.clock })(cached.key);
      const accepted = accepting instanceof Promise ? await accepting : accepting;
      if (E.isLeft(accepted)) return { error: accepted.left };
      const key = accepted.right;
      // A last use recorded is kept with the entry, so that the next requests do not record it again.
      if (key !== cached.key) keyCache.update(id, { ...cached, key });
      const { lookups } = requestReads(deps.stores, named, cached);
      return resolved(await resolveAccess(access, { kind: "api_key", key }, tenancy, lookups, names));
    }
    const mark = keyCache.mark();
    const reads = requestReads(deps.stores, named);
    const principal = await principalOf(headers, reads.apiKeys);
    const read = reads.read();
    // Stored only when the key was verified and accepted, as the read found it (its last use as recorded).
    if (
      !("error" in principal) &&
      principal.kind === "api_key" &&
      read !== undefined &&
      read.key.id === principal.key.id
    )
      keyCache.set(id, { ...read, key: principal.key }, mark);
    return resolve(access, tenancy, principal, reads.lookups);
  };
};
