import type { DomainError, RequestAuth } from "@apar/core";
import type * as TE from "fp-ts/lib/TaskEither.js";

/** A key as the API keys page shows it (never its hash, never the key itself after creation). */
export interface PortalApiKey {
  readonly id: string;
  readonly name: string | null;
  /** The key's public beginning, to tell keys apart. */
  readonly keyPrefix: string;
  readonly createdAt: Date;
  readonly expiresAt: Date | null;
  readonly revokedAt: Date | null;
  readonly lastUsedAt: Date | null;
  /** The key also serves other clients: only the operator revokes it. */
  readonly shared: boolean;
}

/**
 * What the API keys page needs of the tenancy use cases, for the caller's client (`auth.client`). A foreign or
 * missing id answers the same DomainError (NotFound).
 */
export interface PortalApiKeys {
  list(auth: RequestAuth): TE.TaskEither<DomainError, readonly PortalApiKey[]>;
  /** A new key of the client; `rawKey` is shown once. */
  create(
    auth: RequestAuth,
    name: string,
  ): TE.TaskEither<DomainError, { readonly key: PortalApiKey; readonly rawKey: string }>;
  revoke(auth: RequestAuth, id: string): TE.TaskEither<DomainError, unknown>;
}
