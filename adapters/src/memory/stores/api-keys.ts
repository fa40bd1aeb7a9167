import type { ApiKeys } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";
import { keysetPage } from "./paging.js";

/** API keys in memory. */
export const memoryApiKeys = (access: Access): ApiKeys => ({
  add: (key) =>
    access.write((t) => {
      assertAbsent(t.apiKeys, key.id, "API key id");
      assertAbsent(t.apiKeyPrefixes, key.keyPrefix, "API key prefix");
      t.apiKeys.set(key.id, copy(key));
      t.apiKeyPrefixes.set(key.keyPrefix, key.id);
    }),
  ofPrefix: async (keyPrefix) => {
    const tables = access.read();
    const id = tables.apiKeyPrefixes.get(keyPrefix);
    return id === undefined ? undefined : copy(tables.apiKeys.get(id));
  },
  ofId: async (id) => copy(access.read().apiKeys.get(id)),
  withTenancy: async (of, named) => {
    const t = access.read();
    const key = t.apiKeys.get("prefix" in of ? (t.apiKeyPrefixes.get(of.prefix) ?? "") : of.id);
    if (key === undefined) return undefined;
    const sole =
      key.scope.kind === "clients" && new Set(key.scope.clientIds).size === 1 ? key.scope.clientIds[0] : undefined;
    const client = t.clients.get(named.clientId ?? sole ?? "");
    const organisation = t.organisations.get(named.organisationId ?? "");
    return copy({
      key,
      client,
      organisation: client !== undefined && organisation?.clientId === client.id ? organisation : undefined,
    });
  },
  listByClient: async (clientId, page) => {
    const keys = [...access.read().apiKeys.values()].filter(
      (k) => k.scope.kind === "clients" && k.scope.clientIds.includes(clientId),
    );
    return copy(keysetPage(keys, (k) => k.id, page));
  },
  revoke: (id, at) =>
    access.write((t) => {
      const key = t.apiKeys.get(id);
      if (key !== undefined && key.revokedAt === null) t.apiKeys.set(id, { ...key, revokedAt: new Date(at) });
    }),
  touch: (id, at) =>
    access.write((t) => {
      const key = t.apiKeys.get(id);
      if (key !== undefined && (key.lastUsedAt === null || key.lastUsedAt < at)) {
        t.apiKeys.set(id, { ...key, lastUsedAt: new Date(at) });
      }
    }),
});
