import type * as E from "fp-ts/lib/Either.js";
import type { StoreName, Stores } from "../../ports/stores.js";
import type { InvoiceTemplate } from "../../recurring/model.js";
import type { DomainError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import type { CoreDeps } from "../deps.js";

/** What an occurrence asks of the invoices part: one invoice from the template, sent when `send`. */
export interface OccurrenceInvoice {
  readonly template: InvoiceTemplate;
  /** `YYYY-MM-DD`: the occurrence's date. */
  readonly issueDate: string;
  /** `YYYY-MM-DD`: the issue date plus the template's due days. */
  readonly dueDate: string;
  readonly scheduleId: string;
  readonly occurrenceNumber: number;
  readonly send: boolean;
}

/**
 * The invoices part as recurring schedules use it. `generate` runs inside the caller's unit of work (the
 * stores given), so the invoice and the schedule's advance commit together.
 */
export interface OccurrenceInvoices {
  generate(
    stores: Stores,
    scope: OrgScope,
    invoice: OccurrenceInvoice,
  ): Promise<E.Either<DomainError, { readonly id: string }>>;
}

/** What the recurring-schedule use cases need. */
export interface RecurringDeps<K extends StoreName = StoreName> extends CoreDeps<K> {}
