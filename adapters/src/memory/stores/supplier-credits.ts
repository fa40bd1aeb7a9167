import type { SupplierCreditNote } from "@apar/core";
import type { OrgScope, SupplierCreditNotes } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";
import { keysetPage } from "./paging.js";

const inScope = (scope: OrgScope) => (n: SupplierCreditNote) =>
  n.clientId === scope.clientId && n.organisationId === scope.organisationId;

/** Supplier credit notes in memory (units of work run one at a time: locking is a no-op). */
export const memorySupplierCreditNotes = (access: Access): SupplierCreditNotes => ({
  add: (note) =>
    access.write((t) => {
      assertAbsent(t.supplierCreditNotes, note.id, "supplier credit note id");
      t.supplierCreditNotes.set(note.id, copy(note));
    }),
  ofId: async (scope, id) => {
    const n = access.read().supplierCreditNotes.get(id);
    return n !== undefined && inScope(scope)(n) ? copy(n) : undefined;
  },
  update: (note) =>
    access.write((t) => {
      const stored = t.supplierCreditNotes.get(note.id);
      if (stored === undefined || !inScope(note)(stored)) return;
      t.supplierCreditNotes.set(note.id, { ...copy(note), createdAt: stored.createdAt });
    }),
  remove: (scope, id) =>
    access.write((t) => {
      const stored = t.supplierCreditNotes.get(id);
      if (stored === undefined || !inScope(scope)(stored)) return false;
      t.supplierCreditNotes.delete(id);
      return true;
    }),
  list: async (scope, page) =>
    copy(keysetPage([...access.read().supplierCreditNotes.values()].filter(inScope(scope)), (n) => n.id, page)),
  lock: async () => {},
});
