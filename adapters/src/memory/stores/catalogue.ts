import type { Catalogue, OrgScope } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy, type Table, type Tables } from "../tables.js";
import { keysetPage } from "./paging.js";

interface CatalogueRecord {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly createdAt: Date;
}

const inScope = (scope: OrgScope) => (r: CatalogueRecord) =>
  r.clientId === scope.clientId && r.organisationId === scope.organisationId;
const byId = (a: CatalogueRecord, b: CatalogueRecord) => (a.id < b.id ? -1 : 1);

/** A catalogue store in memory (customers, products), answering as the SQL one does. */
export const memoryCatalogue = <A extends CatalogueRecord>(
  access: Access,
  table: (t: Tables) => Table<string, A>,
  fields: (a: A) => readonly (string | null)[],
): Catalogue<A> => {
  const rows = table;
  const mine = (scope: OrgScope) => [...rows(access.read()).values()].filter(inScope(scope));
  return {
    add: (a) =>
      access.write((t) => {
        assertAbsent(rows(t), a.id, "id");
        rows(t).set(a.id, copy(a));
      }),
    ofId: async (scope, id) => {
      const a = rows(access.read()).get(id);
      return a !== undefined && inScope(scope)(a) ? copy(a) : undefined;
    },
    search: async (scope, q, page) => {
      const text = q?.trim().toLowerCase() ?? "";
      const hit = (a: A) =>
        text === "" ||
        fields(a)
          .filter((f): f is string => f !== null)
          .map((f) => f.toLowerCase())
          .join("\n")
          .includes(text);
      return copy(keysetPage(mine(scope).filter(hit), (a) => a.id, page));
    },
    sample: async (scope, max) => copy(mine(scope).sort(byId).slice(0, max)),
    update: (a) =>
      access.write((t) => {
        const stored = rows(t).get(a.id);
        if (stored === undefined || !inScope(a)(stored)) return;
        rows(t).set(a.id, { ...copy(a), createdAt: stored.createdAt });
      }),
    remove: (scope, id) =>
      access.write((t) => {
        const stored = rows(t).get(id);
        if (stored === undefined || !inScope(scope)(stored)) return false;
        rows(t).delete(id);
        return true;
      }),
  };
};
