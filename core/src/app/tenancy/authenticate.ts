import * as E from "fp-ts/lib/Either.js";
import type { BearerTokens, TokenClaims } from "../../ports/bearer-tokens.js";
import type { ApiKeys } from "../../ports/tenancy-stores.js";
import type { Clock } from "../../shared/clock.js";
import { type DomainError, domainError } from "../../shared/errors.js";
import { apiKeyMatches, apiKeyUsable, parseApiKey } from "../../tenancy/api-key-format.js";
import type { ApiKey } from "../../tenancy/model.js";

/** What authenticating a credential reads: the keys (outside any transaction) and the time. */
export interface AuthenticateDeps {
  readonly apiKeys: ApiKeys;
  readonly clock: Clock;
}

/** A key's last-used time is written at most this often (not once per request). */
export const LAST_USED_RESOLUTION_MS = 60_000;

const unauthenticated = (code: string, detail: string): DomainError => domainError("Unauthenticated", code, detail);

/**
 * The stored key for a presented API key: found by its prefix, compared by hash in constant time, refused
 * when revoked or expired. Records the last-used time when the stored one is a minute old or more.
 */
export const authenticateApiKey =
  (deps: AuthenticateDeps) =>
  async (presented: string): Promise<E.Either<DomainError, ApiKey>> => {
    const invalid = unauthenticated("Auth.InvalidApiKey", "The API key is not valid.");
    const parsed = parseApiKey(presented.trim());
    if (parsed === undefined) return E.left(invalid);
    const key = await deps.apiKeys.ofPrefix(parsed.prefix);
    if (key === undefined || !apiKeyMatches(presented.trim(), key.keyHash)) return E.left(invalid);
    return acceptApiKey(deps)(key);
  };

/**
 * A stored key the presented one was verified against (here, or by a cache of verified keys): refused when revoked
 * or expired; its last-used time recorded when the stored one is a minute old or more. Answers a value, not a
 * promise, when nothing is to be recorded (a cached key's request then waits on nothing).
 */
export const acceptApiKey =
  (deps: AuthenticateDeps) =>
  (key: ApiKey): E.Either<DomainError, ApiKey> | Promise<E.Either<DomainError, ApiKey>> => {
    const now = deps.clock.now();
    if (key.revokedAt !== null) return E.left(unauthenticated("Auth.ApiKeyRevoked", "The API key has been revoked."));
    if (!apiKeyUsable(key, now)) return E.left(unauthenticated("Auth.ApiKeyExpired", "The API key has expired."));
    if (key.lastUsedAt !== null && now.getTime() - key.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS)
      return E.right(key);
    return deps.apiKeys.touch(key.id, now).then(() => E.right({ ...key, lastUsedAt: now }));
  };

/**
 * The claims of a presented bearer token: signed by this service, not expired, and issued through an API key
 * that is still usable (revoking a key ends the tokens issued through it).
 */
export const authenticateBearer =
  (deps: AuthenticateDeps & { readonly tokens: BearerTokens }) =>
  async (token: string): Promise<E.Either<DomainError, TokenClaims>> => {
    const claims = await deps.tokens.verify(token);
    if (claims === "expired") return E.left(unauthenticated("Auth.TokenExpired", "The bearer token has expired."));
    if (claims === "invalid") return E.left(unauthenticated("Auth.InvalidToken", "The bearer token is not valid."));
    const key = await deps.apiKeys.ofId(claims.apiKeyId);
    if (key === undefined || !apiKeyUsable(key, deps.clock.now()))
      return E.left(unauthenticated("Auth.TokenRevoked", "The API key that issued this token was revoked."));
    return E.right(claims);
  };
