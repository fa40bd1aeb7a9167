import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { type InvoiceHistoryEntry, invoiceHistory } from "../../invoices/history.js";
import { type InvoiceJson, invoiceJson, paymentJson } from "../../invoices/invoice-view.js";
import type { InvoiceFilter } from "../../ports/invoices.js";
import type { DomainError } from "../../shared/errors.js";
import type { Page, PageRequest } from "../../shared/page.js";
import type { OrgScope } from "../../shared/scope.js";
import type { InvoiceDeps } from "./deps.js";
import { invoiceNotFound } from "./invoice-rules.js";
import type { PaymentJson } from "./record-payment.js";

/** An invoice of the organisation, as JSON. */
export const getInvoice =
  (deps: InvoiceDeps<"invoices">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, InvoiceJson> =>
  async () => {
    const invoice = await deps.db.stores.invoices.ofId(scope, id);
    return invoice === undefined ? E.left(invoiceNotFound()) : E.right(invoiceJson(invoice, deps.publicBaseUrl));
  };

/** One page of the organisation's invoices (oldest first), filtered. */
export const listInvoices =
  (deps: InvoiceDeps<"invoices">) =>
  (scope: OrgScope, filter: InvoiceFilter, page: PageRequest): TE.TaskEither<DomainError, Page<InvoiceJson>> =>
  async () => {
    const found = await deps.db.stores.invoices.list(scope, filter, page);
    return E.right({ items: found.items.map((i) => invoiceJson(i, deps.publicBaseUrl)), hasMore: found.hasMore });
  };

/** The payments recorded against an invoice, oldest first. */
export const listInvoicePayments =
  (deps: InvoiceDeps<"invoices">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, PaymentJson[]> =>
  async () => {
    const invoice = await deps.db.stores.invoices.ofId(scope, id);
    return invoice === undefined ? E.left(invoiceNotFound()) : E.right(invoice.payments.map(paymentJson(invoice)));
  };

/** Every change of an invoice with its actor and time, from its events (the audit trail). */
export const getInvoiceHistory =
  (deps: InvoiceDeps<"events" | "invoices">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, InvoiceHistoryEntry[]> =>
  async () => {
    const invoice = await deps.db.stores.invoices.ofId(scope, id);
    if (invoice === undefined) return E.left(invoiceNotFound());
    const events = await deps.db.stores.events.ofSubject(scope.clientId, "invoice", id);
    return E.right(invoiceHistory(events.filter((e) => e.envelope.organisationId === scope.organisationId)));
  };
