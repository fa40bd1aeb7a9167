import type { ApiKey, DomainError, RequestAuth } from "@apar/core";
import { createApiKey, listApiKeys, revokeApiKey, type TenancyDeps } from "@apar/core/app";
import * as TE from "fp-ts/lib/TaskEither.js";
import { allPages, clientOf } from "./core-webhooks.js";
import type { PortalApiKey } from "./portal-api-keys.js";

const shown = (key: ApiKey): PortalApiKey => ({
  id: key.id,
  name: key.name,
  keyPrefix: key.keyPrefix,
  createdAt: key.createdAt,
  expiresAt: key.expiresAt,
  revokedAt: key.revokedAt,
  lastUsedAt: key.lastUsedAt,
  shared: key.scope.kind === "clients" && key.scope.clientIds.length > 1,
});

/** The API keys page's operations on core's tenancy use cases, for the signed-in caller's client. */
export const portalApiKeysOf = (
  deps: TenancyDeps<"apiKeys" | "clients"> & { readonly stores: () => Parameters<typeof listApiKeys>[0] },
) => ({
  list: (auth: RequestAuth): TE.TaskEither<DomainError, readonly PortalApiKey[]> =>
    TE.fromTask(async () => (await allPages((page) => listApiKeys(deps.stores(), clientOf(auth), page))).map(shown)),
  /** A new key of the client; `rawKey` is shown once. */
  create: (
    auth: RequestAuth,
    name: string,
  ): TE.TaskEither<DomainError, { readonly key: PortalApiKey; readonly rawKey: string }> =>
    TE.map(({ apiKey, rawKey }: { apiKey: ApiKey; rawKey: string }) => ({ key: shown(apiKey), rawKey }))(
      createApiKey(deps)({ scope: { kind: "clients", clientIds: [clientOf(auth)] }, name }),
    ),
  revoke: (auth: RequestAuth, id: string): TE.TaskEither<DomainError, unknown> =>
    revokeApiKey(deps)({ id, clientId: clientOf(auth) }),
});

/**
 * What the API keys page needs of the tenancy use cases, for the caller's client (`auth.client`). A foreign or
 * missing id answers the same DomainError (NotFound).
 */
export type PortalApiKeys = ReturnType<typeof portalApiKeysOf>;
