import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import { type DomainError, domainError, notFound, validationError } from "../../shared/errors.js";
import { API_KEY_RANDOM_BYTES, makeApiKey } from "../../tenancy/api-key-format.js";
import type { ApiKey, KeyScope } from "../../tenancy/model.js";
import type { TenancyDeps } from "./deps.js";

export interface CreateApiKeyInput {
  readonly scope: KeyScope;
  readonly name?: string | null;
  readonly expiresAt?: Date | null;
}

/** A new key: the stored record and the raw key, shown once and never again. */
export interface CreatedApiKey {
  readonly apiKey: ApiKey;
  readonly rawKey: string;
}

/** Creates an API key for one or more clients (or the operator); only its hash is stored. */
export const createApiKey =
  (deps: TenancyDeps<"apiKeys" | "clients">) =>
  (input: CreateApiKeyInput): TE.TaskEither<DomainError, CreatedApiKey> => {
    const now = deps.clock.now();
    const name = input.name?.trim() ?? null;
    const errors = [
      ...(name !== null && name.length > 200
        ? [{ field: "name", code: "Invalid", message: "Give a name of at most 200 characters." }]
        : []),
      ...(input.expiresAt != null && input.expiresAt.getTime() <= now.getTime()
        ? [{ field: "expiresAt", code: "Invalid", message: "The expiry must be in the future." }]
        : []),
      ...(input.scope.kind === "clients" && input.scope.clientIds.length === 0
        ? [{ field: "scope", code: "Invalid", message: "A key needs at least one client." }]
        : []),
    ];
    if (errors.length > 0) return TE.left(validationError(errors));
    const material = makeApiKey(deps.randomBytes(API_KEY_RANDOM_BYTES));
    const apiKey: ApiKey = {
      id: deps.ids.next(),
      name: name === "" ? null : name,
      scope:
        input.scope.kind === "clients"
          ? { kind: "clients", clientIds: [...new Set(input.scope.clientIds)] }
          : input.scope,
      keyPrefix: material.prefix,
      keyHash: material.hash,
      createdAt: now,
      expiresAt: input.expiresAt ?? null,
      revokedAt: null,
      lastUsedAt: null,
    };
    return () =>
      deps.db.run(async (s): Promise<E.Either<DomainError, CreatedApiKey>> => {
        if (apiKey.scope.kind === "clients")
          for (const clientId of apiKey.scope.clientIds)
            if ((await s.clients.ofId(clientId)) === undefined)
              return E.left(notFound("Client.NotFound", "The client does not exist."));
        await s.apiKeys.add(apiKey);
        return E.right({ apiKey, rawKey: material.key });
      });
  };

/** Revokes a key at once; a key another client cannot see answers like a missing one. */
export const revokeApiKey =
  (deps: TenancyDeps<"apiKeys">) =>
  (input: { readonly id: string; readonly clientId?: string }): TE.TaskEither<DomainError, ApiKey> =>
  () =>
    deps.db.run(async (s): Promise<E.Either<DomainError, ApiKey>> => {
      const key = await s.apiKeys.ofId(input.id);
      const visible =
        key !== undefined &&
        (input.clientId === undefined ||
          (key.scope.kind === "clients" && key.scope.clientIds.includes(input.clientId)));
      if (!visible) return E.left(notFound("ApiKey.NotFound", "The API key does not exist."));
      // A platform key serves other clients too: cutting it off is the operator's call, not one client's.
      if (input.clientId !== undefined && key.scope.kind === "clients" && key.scope.clientIds.length > 1)
        return E.left(
          domainError("Forbidden", "ApiKey.Shared", "This key also serves other clients; the operator revokes it."),
        );
      if (key.revokedAt !== null) return E.right(key);
      const at = deps.clock.now();
      await s.apiKeys.revoke(key.id, at);
      return E.right({ ...key, revokedAt: at });
    });
