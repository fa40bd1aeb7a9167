import type { CompanyBills } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";

/** Bills waiting for an organisation, in memory. */
export const memoryCompanyBills = (access: Access): CompanyBills => ({
  add: (bill) =>
    access.write((t) => {
      assertAbsent(t.companyBills, bill.id, "company bill id");
      t.companyBills.set(bill.id, copy(bill));
    }),
  ofId: async (clientId, companyId, id) => {
    const bill = access.read().companyBills.get(id);
    return bill?.clientId === clientId && bill.companyId === companyId ? copy(bill) : undefined;
  },
  update: (bill) =>
    access.write((t) => {
      const stored = t.companyBills.get(bill.id);
      if (stored?.clientId !== bill.clientId || stored.companyId !== bill.companyId) return;
      t.companyBills.set(bill.id, copy({ ...bill, createdAt: stored.createdAt }));
    }),
  remove: (clientId, companyId, id) =>
    access.write((t) => {
      const bill = t.companyBills.get(id);
      if (bill?.clientId !== clientId || bill.companyId !== companyId) return false;
      t.companyBills.delete(id);
      return true;
    }),
  removeOfCompany: (clientId, companyId) =>
    access.write((t) => {
      let removed = 0;
      for (const b of [...t.companyBills.values()]) {
        if (b.clientId !== clientId || b.companyId !== companyId) continue;
        t.companyBills.delete(b.id);
        removed += 1;
      }
      return removed;
    }),
  documentHashes: async () => new Set([...access.read().companyBills.values()].map((b) => b.document.sha256)),
});
