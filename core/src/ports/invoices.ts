import type { CreditNote, Invoice, InvoiceStatus } from "../invoices/model.js";
import type { DocumentKind } from "../invoices/numbering.js";
import type { Page, PageRequest } from "../shared/page.js";
import type { OrgScope } from "../shared/scope.js";

/** Filters of the invoice listing; all given ones must hold. */
export interface InvoiceFilter {
  readonly status?: InvoiceStatus;
  readonly customerId?: string;
  /** Issue dates within [from, to] (YYYY-MM-DD, inclusive). */
  readonly issueDateFrom?: string;
  readonly issueDateTo?: string;
}

/** Invoices (with their payments), always within one organisation of one client. */
export interface Invoices {
  add(invoice: Invoice): Promise<void>;
  ofId(scope: OrgScope, id: string): Promise<Invoice | undefined>;
  /** The invoice whose public token this is (any tenant: the token is the credential). */
  ofPublicToken(token: string): Promise<Invoice | undefined>;
  /** Writes every field but the id, scope and creation time. */
  update(invoice: Invoice): Promise<void>;
  list(scope: OrgScope, filter: InvoiceFilter, page: PageRequest): Promise<Page<Invoice>>;
}

/** Credit notes, always within one organisation of one client. */
export interface CreditNotes {
  add(note: CreditNote): Promise<void>;
  ofId(scope: OrgScope, id: string): Promise<CreditNote | undefined>;
  update(note: CreditNote): Promise<void>;
  list(scope: OrgScope, filter: { readonly invoiceId?: string }, page: PageRequest): Promise<Page<CreditNote>>;
}

/** The kinds of numbered documents; each has its own sequence per organisation. */

/**
 * Document number sequences. `next` answers the sequence's next value (1 first) and must be called inside the
 * unit of work that uses it: a rollback gives the number back, and concurrent callers wait for each other,
 * so numbers have no gaps and no duplicates.
 */
export type { DocumentKind };

export interface DocumentNumbers {
  next(scope: OrgScope, kind: DocumentKind): Promise<number>;
}
