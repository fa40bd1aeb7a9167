import type { ApiKey, RequestAuth } from "@apar/core";
import { createApiKey, listApiKeys, revokeApiKey, type TenancyDeps } from "@apar/core/app";
import * as TE from "fp-ts/lib/TaskEither.js";
import { allPages, clientOf } from "./core-webhooks.js";
import type { PortalApiKey, PortalApiKeys } from "./portal-api-keys.js";

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
): PortalApiKeys => ({
  list: (auth: RequestAuth) =>
    TE.fromTask(async () => (await allPages((page) => listApiKeys(deps.stores(), clientOf(auth), page))).map(shown)),
  create: (auth, name) =>
    TE.map(({ apiKey, rawKey }: { apiKey: ApiKey; rawKey: string }) => ({ key: shown(apiKey), rawKey }))(
      createApiKey(deps)({ scope: { kind: "clients", clientIds: [clientOf(auth)] }, name }),
    ),
  revoke: (auth, id) => revokeApiKey(deps)({ id, clientId: clientOf(auth) }),
});
