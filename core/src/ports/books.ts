import type { BillLifecycle } from "../approvals/model.js";
import type { Bill } from "../bills/model.js";
import type { AccountingChart } from "../books/chart.js";
import type { AccountingExport, ExportedEntry } from "../books/export.js";
import type { CreditNote, Invoice } from "../invoices/model.js";
import type { Page, PageRequest } from "../shared/page.js";
import type { OrgScope } from "../shared/scope.js";

/** Each organisation's chart mapping (another organisation's answers undefined, as a missing one). */
export interface AccountingCharts {
  ofOrganisation(scope: OrgScope): Promise<AccountingChart | undefined>;
  /** Replaces the organisation's chart. */
  save(scope: OrgScope, chart: AccountingChart): Promise<void>;
}

/** Exports of the books, with the entries each carried. */
export interface AccountingExports {
  add(record: AccountingExport): Promise<void>;
  /** Appends entries to an export (the same unit of work that adds it). */
  addEntries(scope: OrgScope, exportId: string, entries: readonly ExportedEntry[]): Promise<void>;
  ofId(scope: OrgScope, id: string): Promise<AccountingExport | undefined>;
  /** Newest first: `after` is the last id of the previous page, and the page holds older ones. */
  list(scope: OrgScope, page: PageRequest): Promise<Page<AccountingExport>>;
  /** An export's entries after `afterSeq` in file order, at most `limit`. */
  entries(scope: OrgScope, exportId: string, afterSeq: number, limit: number): Promise<readonly ExportedEntry[]>;
  /** Which of these entry keys an earlier export of the organisation carried. */
  carried(scope: OrgScope, keys: readonly string[]): Promise<ReadonlySet<string>>;
  /**
   * Records the acknowledgement (its time, who, the groups synced) unless one is recorded; false when it was (two
   * racing acknowledgements: one wins).
   */
  acknowledge(record: AccountingExport): Promise<boolean>;
}

/** A bill with what happened to it after review. */
export interface BookedBill {
  readonly bill: Bill;
  readonly lifecycle: BillLifecycle | undefined;
}

/** An issued credit note with the invoice it credits. */
export interface BookedCreditNote {
  readonly note: CreditNote;
  readonly invoice: Invoice;
}

/**
 * What the books are read from: an organisation's documents, streamed in batches of a few hundred (each batch one
 * read), so that exporting a year holds one batch in memory, whatever the organisation's size.
 */
export interface BookSources {
  /** Bills whose invoice date lies in [from, to] (YYYY-MM-DD, both included), any state, with their lifecycles. */
  billsDated(scope: OrgScope, from: string, to: string): AsyncIterable<readonly BookedBill[]>;
  /** Bills changed at or after `since`, any state, with their lifecycles (where payments are found). */
  billsChanged(scope: OrgScope, since: Date): AsyncIterable<readonly BookedBill[]>;
  /** Invoices with a number (sent at some time) whose issue date lies in [from, to]. */
  invoicesIssued(scope: OrgScope, from: string, to: string): AsyncIterable<readonly Invoice[]>;
  /** Invoices with a number changed at or after `since` (where payments and voids are found). */
  invoicesChanged(scope: OrgScope, since: Date): AsyncIterable<readonly Invoice[]>;
  /** Issued credit notes last changed in [since, until), with their invoices. */
  creditNotesIssued(scope: OrgScope, since: Date, until: Date): AsyncIterable<readonly BookedCreditNote[]>;
}
