import type { Bill, Invoice } from "@apar/core";
import type { OrgScope, ReportSelection, ReportSources } from "@apar/core/ports";
import type { Access } from "../access.js";
import { copy } from "../tables.js";

/** How many documents a batch holds, as the SQL store reads them. */
const BATCH = 500;

const inScope = (scope: OrgScope) => (r: { clientId: string; organisationId: string }) =>
  r.clientId === scope.clientId && r.organisationId === scope.organisationId;

/** Whether a document in `state`, last changed at `updatedAt`, is selected. */
const selected = <S extends string>(selection: ReportSelection<S>, state: S, updatedAt: Date): boolean =>
  selection.open.includes(state) || (selection.settled.includes(state) && updatedAt >= selection.changedSince);

async function* inBatches<A, B>(rows: readonly A[], expand: (batch: readonly A[]) => B[]): AsyncGenerator<B[]> {
  for (let at = 0; at < rows.length; at += BATCH) yield expand(rows.slice(at, at + BATCH));
}

/** The report sources in memory: the same selection as SQL, from the tables as they are at the first batch. */
export const memoryReportSources = (access: Access): ReportSources => ({
  bills: (scope, selection) => {
    const t = access.read();
    const bills = [...t.bills.values()].filter(
      (b: Bill) => inScope(scope)(b) && selected(selection, b.state, b.updatedAt),
    );
    return inBatches(bills, (batch) =>
      batch.map((bill) => ({ bill: copy(bill), lifecycle: copy(t.billLifecycles.get(bill.id)) })),
    );
  },
  invoices: (scope, selection) => {
    const t = access.read();
    const invoices = [...t.invoices.values()].filter(
      (i: Invoice) =>
        inScope(scope)(i) &&
        (selection.customerId === undefined || i.customerId === selection.customerId) &&
        selected(selection, i.status, i.updatedAt),
    );
    const notes = [...t.creditNotes.values()].filter((n) => inScope(scope)(n) && n.status === "Issued");
    return inBatches(invoices, (batch) =>
      batch.map((invoice) => ({
        invoice: copy(invoice),
        creditNotes: copy(notes.filter((n) => n.invoiceId === invoice.id)),
      })),
    );
  },
});
