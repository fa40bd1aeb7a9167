import type { Clients } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";
import { keysetPage } from "./paging.js";

/** Clients in memory. */
export const memoryClients = (access: Access): Clients => ({
  add: (client) =>
    access.write((t) => {
      assertAbsent(t.clients, client.id, "client id");
      t.clients.set(client.id, copy(client));
    }),
  ofId: async (id) => copy(access.read().clients.get(id)),
  list: async (page) => copy(keysetPage(access.read().clients.values(), (c) => c.id, page)),
  update: (client) =>
    access.write((t) => {
      const stored = t.clients.get(client.id);
      if (stored === undefined) return;
      t.clients.set(client.id, { ...copy(client), createdAt: stored.createdAt });
    }),
  count: async () => [...access.read().clients.values()].length,
});
