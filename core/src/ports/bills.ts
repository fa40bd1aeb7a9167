import type { Bill, BillState } from "../bills/model.js";
import type { BankDetails } from "../extraction/model.js";
import type { Page, PageRequest } from "../shared/page.js";
import type { OrgScope } from "../shared/scope.js";

/** Filters of the bill listing; all given ones must hold. */
export interface BillFilter {
  readonly state?: BillState;
  readonly supplierId?: string;
  /** Bills whose normalised supplier name contains this (normalised). */
  readonly supplierName?: string;
  /** Invoice dates within [from, to] (YYYY-MM-DD, inclusive). */
  readonly invoiceDateFrom?: string;
  readonly invoiceDateTo?: string;
}

/** What a new bill is compared with to find duplicates (normalised values). */
export interface DuplicateProbe {
  readonly billId: string;
  readonly supplierId: string | null;
  readonly supplierName: string | null;
  readonly invoiceNumber: string | null;
  readonly sha256: string;
}

/** Bills, always within one organisation of one client. */
export interface Bills {
  add(bill: Bill): Promise<void>;
  ofId(scope: OrgScope, id: string): Promise<Bill | undefined>;
  /** Writes every field but the id, scope and creation time. */
  update(bill: Bill): Promise<void>;
  list(scope: OrgScope, filter: BillFilter, page: PageRequest): Promise<Page<Bill>>;
  /**
   * Bills created before the probe's (lower id) and not voided that share its supplier record and invoice
   * number, its supplier name and invoice number, or its file; oldest first.
   */
  duplicateCandidates(scope: OrgScope, probe: DuplicateProbe): Promise<readonly Bill[]>;
  /**
   * The bank details of the supplier's Paid bills (as stored, repeats included), the most recent first, at most
   * `limit`: the accounts the organisation has paid that supplier at.
   */
  paidBankDetails(scope: OrgScope, supplierId: string, limit: number): Promise<readonly BankDetails[]>;
  /** Across every client: bills in Extracting last changed before `updatedBefore`, oldest change first. */
  staleInExtracting(updatedBefore: Date, limit: number): Promise<readonly Bill[]>;
  /** Across every client: which of these document hashes a bill holds. */
  referencedDocuments(sha256s: readonly string[]): Promise<ReadonlySet<string>>;
}
