import { normalisedOrNull, normaliseSupplierName, normaliseTaxNumber, type Supplier } from "@apar/core";
import type { OrgScope, Suppliers } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";
import { keysetPage } from "./paging.js";

const inScope = (scope: OrgScope) => (s: Supplier) =>
  s.clientId === scope.clientId && s.organisationId === scope.organisationId;
const cut = (v: string | null) => (v === null ? null : [...v].slice(0, 255).join(""));
const nameOf = (s: Supplier) => cut(normalisedOrNull(s.name, normaliseSupplierName));
const taxOf = (s: Supplier) => cut(normalisedOrNull(s.taxNumber, normaliseTaxNumber));
const byId = (a: Supplier, b: Supplier) => (a.id < b.id ? -1 : 1);

/** Suppliers in memory, as the SQL store answers them. */
export const memorySuppliers = (access: Access): Suppliers => {
  const mine = (scope: OrgScope) => [...access.read().suppliers.values()].filter(inScope(scope));
  const ofId = async (scope: OrgScope, id: string) => {
    const s = access.read().suppliers.get(id);
    return s !== undefined && inScope(scope)(s) ? copy(s) : undefined;
  };
  return {
    add: (supplier) =>
      access.write((t) => {
        assertAbsent(t.suppliers, supplier.id, "supplier id");
        t.suppliers.set(supplier.id, copy(supplier));
      }),
    ofId,
    // One writer at a time in memory: the latest row is the only one.
    ofIdForUpdate: ofId,
    search: async (scope, q, page) => {
      const text = q?.trim() ?? "";
      const name = normalisedOrNull(text, normaliseSupplierName);
      const tax = normalisedOrNull(text, normaliseTaxNumber);
      const email = text.toLowerCase();
      const rows = mine(scope).filter(
        (s) =>
          text === "" ||
          (name !== null && (nameOf(s) ?? "").includes(name)) ||
          (tax !== null && (taxOf(s) ?? "").includes(tax)) ||
          (s.email ?? "").toLowerCase().includes(email),
      );
      return copy(keysetPage(rows, (s) => s.id, page));
    },
    withTaxNumber: async (scope, taxNumber) =>
      copy(
        mine(scope)
          .filter((s) => taxOf(s) === cut(taxNumber))
          .sort(byId)
          .slice(0, 10),
      ),
    withName: async (scope, name) =>
      copy(
        mine(scope)
          .filter((s) => nameOf(s) === cut(name))
          .sort(byId)
          .slice(0, 10),
      ),
    update: (supplier) =>
      access.write((t) => {
        const stored = t.suppliers.get(supplier.id);
        if (stored === undefined || !inScope(supplier)(stored)) return;
        t.suppliers.set(supplier.id, { ...copy(supplier), createdAt: stored.createdAt });
      }),
    remove: (scope, id) =>
      access.write((t) => {
        const stored = t.suppliers.get(id);
        if (stored === undefined || !inScope(scope)(stored)) return false;
        t.suppliers.delete(id);
        return true;
      }),
  };
};
