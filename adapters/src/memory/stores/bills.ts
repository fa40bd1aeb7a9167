import { type Bill, normalisedOrNull, normaliseInvoiceNumber, normaliseSupplierName } from "@apar/core";
import type { Bills, OrgScope } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";
import { keysetPage } from "./paging.js";

const inScope = (scope: OrgScope) => (b: Bill) =>
  b.clientId === scope.clientId && b.organisationId === scope.organisationId;
const cut = (v: string | null) => (v === null ? null : [...v].slice(0, 255).join(""));
const nameOf = (b: Bill) => cut(normalisedOrNull(b.fields.supplierName, normaliseSupplierName));
const numberOf = (b: Bill) => cut(normalisedOrNull(b.fields.invoiceNumber, normaliseInvoiceNumber));

/** Bills in memory, as the SQL store answers them. */
export const memoryBills = (access: Access): Bills => ({
  add: (bill) =>
    access.write((t) => {
      assertAbsent(t.bills, bill.id, "bill id");
      t.bills.set(bill.id, copy(bill));
    }),
  ofId: async (scope, id) => {
    const bill = access.read().bills.get(id);
    return bill !== undefined && inScope(scope)(bill) ? copy(bill) : undefined;
  },
  update: (bill) =>
    access.write((t) => {
      const stored = t.bills.get(bill.id);
      if (stored === undefined || !inScope(bill)(stored)) return;
      t.bills.set(bill.id, { ...copy(bill), createdAt: stored.createdAt });
    }),
  list: async (scope, filter, page) => {
    const name = normalisedOrNull(filter.supplierName, normaliseSupplierName);
    const rows = [...access.read().bills.values()].filter(
      (b) =>
        inScope(scope)(b) &&
        (filter.state === undefined || b.state === filter.state) &&
        (filter.supplierId === undefined || b.supplierId === filter.supplierId) &&
        (name === null || (nameOf(b) ?? "").includes(name)) &&
        (filter.invoiceDateFrom === undefined ||
          (b.fields.invoiceDate !== null && b.fields.invoiceDate >= filter.invoiceDateFrom)) &&
        (filter.invoiceDateTo === undefined ||
          (b.fields.invoiceDate !== null && b.fields.invoiceDate <= filter.invoiceDateTo)),
    );
    return copy(keysetPage(rows, (b) => b.id, page));
  },
  duplicateCandidates: async (scope, probe) => {
    const number = cut(probe.invoiceNumber);
    const name = cut(probe.supplierName);
    return copy(
      [...access.read().bills.values()]
        .filter(
          (b) =>
            inScope(scope)(b) &&
            b.id < probe.billId &&
            b.state !== "Voided" &&
            (b.document.sha256 === probe.sha256 ||
              (number !== null &&
                numberOf(b) === number &&
                ((probe.supplierId !== null && b.supplierId === probe.supplierId) ||
                  (name !== null && nameOf(b) === name)))),
        )
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .slice(0, 50),
    );
  },
  paidBankDetails: async (scope, supplierId, limit) =>
    [...access.read().bills.values()]
      .filter((b) => inScope(scope)(b) && b.supplierId === supplierId && b.state === "Paid")
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .flatMap((b) => (b.fields.bankDetails === null ? [] : [{ ...b.fields.bankDetails }]))
      .slice(0, limit),
  staleInExtracting: async (updatedBefore, limit) =>
    copy(
      [...access.read().bills.values()]
        .filter((b) => b.state === "Extracting" && b.updatedAt < updatedBefore)
        .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || (a.id < b.id ? -1 : 1))
        .slice(0, limit),
    ),
  referencedDocuments: async (sha256s) => {
    const wanted = new Set(sha256s);
    return new Set([...access.read().bills.values()].map((b) => b.document.sha256).filter((h) => wanted.has(h)));
  },
});
