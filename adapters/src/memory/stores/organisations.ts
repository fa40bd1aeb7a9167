import type { Organisations } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";
import { keysetPage } from "./paging.js";

/** Organisations in memory, always looked up within their client. */
export const memoryOrganisations = (access: Access): Organisations => ({
  add: (organisation) =>
    access.write((t) => {
      assertAbsent(t.organisations, organisation.id, "organisation id");
      t.organisations.set(organisation.id, copy(organisation));
    }),
  ofId: async (clientId, id) => {
    const organisation = access.read().organisations.get(id);
    return organisation?.clientId === clientId ? copy(organisation) : undefined;
  },
  update: (organisation) =>
    access.write((t) => {
      const stored = t.organisations.get(organisation.id);
      if (stored?.clientId !== organisation.clientId) return;
      const { name, industryId, timeZone } = copy(organisation);
      t.organisations.set(organisation.id, { ...stored, name, industryId, timeZone });
    }),
  listByClient: async (clientId, page) => {
    const mine = [...access.read().organisations.values()].filter((o) => o.clientId === clientId);
    return copy(keysetPage(mine, (o) => o.id, page));
  },
});
