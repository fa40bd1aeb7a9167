import * as E from "fp-ts/lib/Either.js";
import {
  INVOICE_MACHINE,
  type InvoiceEventType,
  type InvoiceMoveContext,
  type InvoiceTrigger,
} from "../../invoices/invoice-machine.js";
import type { Invoice } from "../../invoices/model.js";
import type { Stores } from "../../ports/stores.js";
import { type DomainError, notFound } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import { type Moved, transition } from "../../shared/state-machine.js";

/** The answer for a missing invoice (or another organisation's). */
export const invoiceNotFound = (): DomainError => notFound("Invoice.NotFound", "The invoice does not exist.");

/** An invoice of the scope, or Invoice.NotFound. */
export const loadInvoice = async (
  s: Pick<Stores, "invoices">,
  scope: OrgScope,
  id: string,
): Promise<E.Either<DomainError, Invoice>> => {
  const invoice = await s.invoices.ofId(scope, id);
  return invoice === undefined ? E.left(invoiceNotFound()) : E.right(invoice);
};

/** Moves an invoice by the table (a Conflict `Invoice.InvalidTransition` when it may not). */
export const moveInvoice = (
  invoice: Invoice,
  trigger: InvoiceTrigger,
  context: InvoiceMoveContext = { settles: false },
): E.Either<DomainError, Moved<Invoice["status"], InvoiceEventType>> =>
  transition(INVOICE_MACHINE, invoice.status, trigger, context);

/** Today's date (YYYY-MM-DD) in a time zone. */
export const dateIn = (now: Date, timeZone: string): string => {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
      now,
    );
  } catch {
    return now.toISOString().slice(0, 10);
  }
};

/** A date plus some days (YYYY-MM-DD). */
export const datePlusDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Days from issue to due when the request names no due date. */
export const DEFAULT_PAYMENT_TERM_DAYS = 30;
