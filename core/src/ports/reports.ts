import type { BillLifecycle } from "../approvals/model.js";
import type { Bill, BillState } from "../bills/model.js";
import type { CreditNote, Invoice, InvoiceStatus } from "../invoices/model.js";
import type { OrgScope } from "../shared/scope.js";

/** A bill with its lifecycle (what was paid and credited, and when). */
export interface PayableDocument {
  readonly bill: Bill;
  readonly lifecycle: BillLifecycle | undefined;
}

/** An invoice with its issued credit notes (those only when it was credited at all). */
export interface ReceivableDocument {
  readonly invoice: Invoice;
  readonly creditNotes: readonly CreditNote[];
}

/** Which documents a report reads: those in an `open` state, and those in a `settled` one changed since a time. */
export interface ReportSelection<S extends string> {
  readonly open: readonly S[];
  /** States whose documents owe nothing now: read only when they changed at or after `changedSince`. */
  readonly settled: readonly S[];
  readonly changedSince: Date;
}

/**
 * What the aging reports and customer statements read: an organisation's bills and invoices, streamed in batches
 * (a few hundred at a time, in no promised order) so that a report's memory never grows with the organisation.
 * Each batch is read on its own (no transaction spans the stream).
 */
export interface ReportSources {
  bills(scope: OrgScope, selection: ReportSelection<BillState>): AsyncIterable<readonly PayableDocument[]>;
  /** With `customerId`, that customer's invoices only. */
  invoices(
    scope: OrgScope,
    selection: ReportSelection<InvoiceStatus> & { readonly customerId?: string },
  ): AsyncIterable<readonly ReceivableDocument[]>;
}
