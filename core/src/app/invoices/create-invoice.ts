import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { Actor } from "../../events/envelope.js";
import { type InvoiceJson, invoiceJson } from "../../invoices/invoice-view.js";
import type { Invoice } from "../../invoices/model.js";
import type { Stores } from "../../ports/stores.js";
import { type DomainError, validationError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import { clientSettingsOf } from "../../tenancy/client-settings.js";
import type { InvoiceDeps } from "./deps.js";
import { checkDates, customerFor, partyOf, priceLines } from "./draft-lines.js";
import type { CreateInvoiceBody } from "./invoice-bodies.js";
import { invoiceEvents } from "./invoice-events.js";
import { DEFAULT_PAYMENT_TERM_DAYS, dateIn, datePlusDays } from "./invoice-rules.js";

/** Who creates which draft. `recurring` marks an occurrence of a recurring schedule. */
export interface CreateInvoiceInput {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly body: CreateInvoiceBody;
  readonly recurring?: { readonly scheduleId: string; readonly occurrenceNumber: number };
}

/**
 * Creates a draft invoice (no number yet) with `invoice.created` in the caller's unit of work `s` (a
 * recurring run creates it together with its schedule's progress). The currency is the body's or the
 * customer's; the issue date defaults to today in the organisation's time zone and the due date to the
 * customer's payment terms later, else the seller identity's default terms, else 30 days. Answers the invoice record.
 */
export const createInvoiceIn =
  (deps: InvoiceDeps<never>) =>
  async (
    s: Pick<
      Stores,
      "clients" | "customers" | "events" | "invoices" | "organisations" | "products" | "sellerIdentities"
    >,
    input: CreateInvoiceInput,
  ): Promise<E.Either<DomainError, Invoice>> => {
    const { scope, body } = input;
    const customer = await customerFor(s, scope, body.customerId);
    if (E.isLeft(customer)) return customer;
    const currency = body.currency ?? customer.right.currency;
    if (currency === null) {
      return E.left(
        validationError([
          { field: "body.currency", code: "required", message: "is required when the customer has no currency" },
        ]),
      );
    }
    const priced = await priceLines(s, deps.ids, scope, body.lineItems ?? [], currency);
    if (E.isLeft(priced)) return priced;
    const now = deps.clock.now();
    const organisation = await s.organisations.ofId(scope.clientId, scope.organisationId);
    const issueDate = body.issueDate ?? dateIn(now, organisation?.timeZone ?? "UTC");
    // One rule for the terms: the customer's, else the seller identity's default, else the client's, else 30 days.
    const termsDays =
      customer.right.paymentTermsDays ??
      (await s.sellerIdentities.ofOrganisation(scope))?.defaultPaymentTermsDays ??
      clientSettingsOf((await s.clients.ofId(scope.clientId)) ?? {}).defaultPaymentTermsDays ??
      DEFAULT_PAYMENT_TERM_DAYS;
    const dueDate = body.dueDate ?? datePlusDays(issueDate, termsDays);
    const badDates = checkDates(issueDate, dueDate);
    if (badDates !== undefined) return E.left(badDates);
    const invoice: Invoice = {
      id: deps.ids.next(),
      clientId: scope.clientId,
      organisationId: scope.organisationId,
      status: "Draft",
      documentNumber: null,
      customerId: customer.right.id,
      customer: partyOf(customer.right),
      currency,
      issueDate,
      dueDate,
      memo: body.memo ?? null,
      ...priced.right,
      amountPaid: "0",
      amountCredited: "0",
      payments: [],
      publicToken: null,
      reminderOffsets: null,
      recurringScheduleId: input.recurring?.scheduleId ?? null,
      recurringOccurrenceNumber: input.recurring?.occurrenceNumber ?? null,
      sentAt: null,
      voidedAt: null,
      voidReason: null,
      createdAt: now,
      updatedAt: now,
    };
    await s.invoices.add(invoice);
    await s.events.append(invoiceEvents(deps, invoice, ["invoice.created"], input.actor));
    return E.right(invoice);
  };

/** Creates a draft invoice in a unit of work of its own (see `createInvoiceIn`) and answers its JSON. */
export const createInvoice =
  (
    deps: InvoiceDeps<
      "clients" | "customers" | "events" | "invoices" | "organisations" | "products" | "sellerIdentities"
    >,
  ) =>
  (input: CreateInvoiceInput): TE.TaskEither<DomainError, InvoiceJson> =>
  async () => {
    const created = await deps.db.run((s) => createInvoiceIn(deps)(s, input));
    return E.map((invoice: Invoice) => invoiceJson(invoice, deps.publicBaseUrl))(created);
  };
