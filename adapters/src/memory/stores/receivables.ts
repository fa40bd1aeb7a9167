import type { CreditNote, Customer, Invoice, Product } from "@apar/core";
import type { CreditNotes, Customers, DocumentNumbers, Invoices, OrgScope, Products } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";
import { memoryCatalogue } from "./catalogue.js";
import { keysetPage } from "./paging.js";

const inScope = (scope: OrgScope) => (r: { clientId: string; organisationId: string }) =>
  r.clientId === scope.clientId && r.organisationId === scope.organisationId;

/** Customers in memory. */
export const memoryCustomers = (access: Access): Customers =>
  memoryCatalogue<Customer>(
    access,
    (t) => t.customers,
    (c) => [c.name, c.email, c.taxNumber],
  );

/** Products in memory. */
export const memoryProducts = (access: Access): Products =>
  memoryCatalogue<Product>(
    access,
    (t) => t.products,
    (p) => [p.name, p.sku, p.description],
  );

/** Invoices in memory; numbers and tokens unique as the SQL indexes make them. */
export const memoryInvoices = (access: Access): Invoices => {
  const unique = (all: Iterable<Invoice>, i: Invoice) => {
    for (const other of all) {
      if (other.id === i.id) continue;
      if (i.publicToken !== null && other.publicToken === i.publicToken) throw new Error("duplicate public token");
      if (
        i.documentNumber !== null &&
        other.organisationId === i.organisationId &&
        other.documentNumber === i.documentNumber
      ) {
        throw new Error(`duplicate invoice number ${i.documentNumber}`);
      }
    }
  };
  return {
    add: (i) =>
      access.write((t) => {
        assertAbsent(t.invoices, i.id, "invoice id");
        unique(t.invoices.values(), i);
        t.invoices.set(i.id, copy(i));
      }),
    ofId: async (scope, id) => {
      const i = access.read().invoices.get(id);
      return i !== undefined && inScope(scope)(i) ? copy(i) : undefined;
    },
    ofPublicToken: async (token) => copy([...access.read().invoices.values()].find((i) => i.publicToken === token)),
    update: (i) =>
      access.write((t) => {
        const stored = t.invoices.get(i.id);
        if (stored === undefined || !inScope(i)(stored)) return;
        unique(t.invoices.values(), i);
        t.invoices.set(i.id, { ...copy(i), createdAt: stored.createdAt });
      }),
    list: async (scope, filter, page) => {
      const rows = [...access.read().invoices.values()].filter(
        (i) =>
          inScope(scope)(i) &&
          (filter.status === undefined || i.status === filter.status) &&
          (filter.customerId === undefined || i.customerId === filter.customerId) &&
          (filter.issueDateFrom === undefined || i.issueDate >= filter.issueDateFrom) &&
          (filter.issueDateTo === undefined || i.issueDate <= filter.issueDateTo),
      );
      return copy(keysetPage(rows, (i) => i.id, page));
    },
  };
};

/** Credit notes in memory. */
export const memoryCreditNotes = (access: Access): CreditNotes => ({
  add: (n) =>
    access.write((t) => {
      assertAbsent(t.creditNotes, n.id, "credit note id");
      t.creditNotes.set(n.id, copy(n));
    }),
  ofId: async (scope, id) => {
    const n = access.read().creditNotes.get(id);
    return n !== undefined && inScope(scope)(n) ? copy(n) : undefined;
  },
  update: (n: CreditNote) =>
    access.write((t) => {
      const stored = t.creditNotes.get(n.id);
      if (stored === undefined || !inScope(n)(stored)) return;
      t.creditNotes.set(n.id, { ...copy(n), createdAt: stored.createdAt });
    }),
  list: async (scope, filter, page) =>
    copy(
      keysetPage(
        [...access.read().creditNotes.values()].filter(
          (n) => inScope(scope)(n) && (filter.invoiceId === undefined || n.invoiceId === filter.invoiceId),
        ),
        (n) => n.id,
        page,
      ),
    ),
});

/** Document number sequences in memory: a unit of work holds the database's lock, so no two interleave. */
export const memoryDocumentNumbers = (access: Access): DocumentNumbers => ({
  next: (scope, kind) =>
    access.write((t) => {
      const key = `${scope.organisationId} ${kind}`;
      const next = (t.documentNumbers.get(key) ?? 0) + 1;
      t.documentNumbers.set(key, next);
      return next;
    }),
});
