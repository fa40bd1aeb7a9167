import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { INVOICE_STATUSES, type Invoice } from "../../invoices/model.js";
import type { InvoiceRenderer } from "../../ports/invoice-documents.js";
import type { StoreName } from "../../ports/stores.js";
import { parseCalendarDate } from "../../recurring/calendar-date.js";
import { zonedInstant } from "../../recurring/zoned-time.js";
import { type AgingItem, agingTable, shiftDate } from "../../reports/aging.js";
import {
  billAgingItem,
  invoiceAgingItem,
  PAYABLE_STATES,
  RECEIVABLE_STATUSES,
  SETTLED_BILL_STATES,
  SETTLED_INVOICE_STATUSES,
} from "../../reports/items.js";
import type { AgingReport, AgingSide } from "../../reports/report-view.js";
import {
  type CustomerStatement,
  STATEMENT_MAX_LINES,
  type StatementCustomer,
  statementBuilder,
} from "../../reports/statement.js";
import { type DomainError, domainError, validationError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import { customerNotFound } from "../customers/customer-use-cases.js";
import type { CoreDeps } from "../deps.js";
import type { RenderedFile } from "../invoices/invoice-documents.js";
import { dateIn } from "../invoices/invoice-rules.js";

/** What the reports read: the report sources, and the organisation (its time zone, its name). */
export type ReportDeps<K extends StoreName = "reports" | "organisations"> = CoreDeps<K>;

/** The organisation's time zone and today's date there. */
const dayOf = async (deps: ReportDeps, scope: OrgScope) => {
  const organisation = await deps.db.stores.organisations.ofId(scope.clientId, scope.organisationId);
  const timeZone = organisation?.timeZone ?? "UTC";
  return { organisation, timeZone, today: dateIn(deps.clock.now(), timeZone) };
};

/** The first instant after the end of `day` in the zone: what changed from then on had not happened by then. */
const endOf = (day: string, timeZone: string): Date => {
  const next = parseCalendarDate(shiftDate(day, 1));
  if (next === undefined) throw new RangeError(`not a date: ${day}`);
  return zonedInstant(next, 0, timeZone);
};

/** What one side of the aging reads: its documents as aging items, each batch from the report sources. */
type Aged = (
  deps: ReportDeps,
  scope: OrgScope,
  changedSince: Date,
  timeZone: string,
) => AsyncIterable<readonly (AgingItem | undefined)[]>;

const aged =
  (side: AgingSide, items: Aged) =>
  (deps: ReportDeps) =>
  (scope: OrgScope, asOf?: string): TE.TaskEither<DomainError, AgingReport> =>
  async () => {
    const { timeZone, today } = await dayOf(deps, scope);
    const day = asOf ?? today;
    const table = agingTable(day);
    for await (const batch of items(deps, scope, endOf(day, timeZone), timeZone))
      for (const item of batch) if (item !== undefined) table.add(item);
    return E.right({ side, asOf: day, rows: table.rows(), totals: table.totals() });
  };

/**
 * Aged payables as of the end of `asOf` (default today in the organisation's time zone): every bill that was a
 * liability then (PAYABLE_STATES, or Paid after that day) with what it still owed, by supplier and currency. A bill
 * dated after `asOf` is left out; payments and credits recorded after it are not counted yet.
 */
export const agedPayables = aged("payables", async function* (deps, scope, changedSince, timeZone) {
  const selection = { open: PAYABLE_STATES, settled: SETTLED_BILL_STATES, changedSince };
  for await (const batch of deps.db.stores.reports.bills(scope, selection))
    yield batch.map(({ bill, lifecycle }) => billAgingItem(bill, lifecycle, timeZone));
});

/**
 * Aged receivables as of the end of `asOf` (default today in the organisation's time zone): every issued invoice
 * with an amount outstanding then, after the payments and credit notes dated by then, by customer and currency.
 */
export const agedReceivables = aged("receivables", async function* (deps, scope, changedSince, timeZone) {
  const selection = { open: RECEIVABLE_STATUSES, settled: SETTLED_INVOICE_STATUSES, changedSince };
  for await (const batch of deps.db.stores.reports.invoices(scope, selection))
    yield batch.map(({ invoice, creditNotes }) => invoiceAgingItem(invoice, creditNotes, timeZone));
});

/** A statement's period; either end may be left out. */
export interface StatementPeriod {
  readonly from?: string;
  readonly to?: string;
}

/** How many days a statement covers when only its end is given (the end included). */
export const STATEMENT_DEFAULT_DAYS = 90;

const tooManyLines = (): DomainError =>
  domainError(
    "BadRequest",
    "Statement.TooManyLines",
    `The period holds more than ${STATEMENT_MAX_LINES} lines: ask for a shorter one (from, to).`,
  );

/** The statement of `customer` (its invoices found by its id) for the period, or why not. */
const buildStatement = async (
  deps: ReportDeps<"reports" | "organisations" | "sellerIdentities">,
  scope: OrgScope,
  customer: StatementCustomer,
  period: StatementPeriod,
): Promise<E.Either<DomainError, CustomerStatement>> => {
  const { organisation, timeZone, today } = await dayOf(deps, scope);
  const to = period.to ?? today;
  const from = period.from ?? shiftDate(to, 1 - STATEMENT_DEFAULT_DAYS);
  if (from > to)
    return E.left(validationError([{ field: "from", code: "after_to", message: "from must not be after to" }]));
  const builder = statementBuilder(from, to, timeZone);
  const selection = {
    open: INVOICE_STATUSES.filter((s) => s !== "Draft"),
    settled: [],
    changedSince: new Date(0),
    customerId: customer.id,
  };
  for await (const batch of deps.db.stores.reports.invoices(scope, selection))
    for (const { invoice, creditNotes } of batch) if (!builder.add(invoice, creditNotes)) return E.left(tooManyLines());
  const seller = await deps.db.stores.sellerIdentities.ofOrganisation(scope);
  return E.right({
    ...builder.result(),
    customer,
    organisationName: seller?.tradingName ?? seller?.legalName ?? organisation?.name ?? "",
  });
};

/** What a customer statement reads. */
export type StatementDeps = ReportDeps<"reports" | "organisations" | "sellerIdentities" | "customers">;

/**
 * A customer's statement of account for a period (default: the 90 days up to today in the organisation's time
 * zone): opening balance, every invoice, credit note, payment and void in it with the running balance, closing
 * balance, and what was owed at its end by bucket, per currency. A customer of another organisation is NotFound.
 */
export const customerStatement =
  (deps: StatementDeps) =>
  (scope: OrgScope, customerId: string, period: StatementPeriod): TE.TaskEither<DomainError, CustomerStatement> =>
  async () => {
    const customer = await deps.db.stores.customers.ofId(scope, customerId);
    if (customer === undefined) return E.left(customerNotFound());
    const { id, name, email, address, country } = customer;
    return buildStatement(deps, scope, { id, name, email, address, country }, period);
  };

/**
 * The statement of the customer an invoice is addressed to (the public page reaches it through the invoice's
 * token): the customer as its record says, or as the invoice names it when the record was deleted.
 */
export const invoiceCustomerStatement =
  (deps: StatementDeps) =>
  (invoice: Invoice, period: StatementPeriod): TE.TaskEither<DomainError, CustomerStatement> =>
  async () => {
    const scope = { clientId: invoice.clientId, organisationId: invoice.organisationId };
    const record = await deps.db.stores.customers.ofId(scope, invoice.customerId);
    const party = record ?? invoice.customer;
    return buildStatement(
      deps,
      scope,
      { id: invoice.customerId, name: party.name, email: party.email, address: party.address, country: party.country },
      period,
    );
  };

/** The file name stem of a statement: `statement-<customer>-<to>`. */
const statementStem = (statement: CustomerStatement): string =>
  `statement-${statement.customer.name.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "customer"}-${statement.to}`;

/** A statement printed as a PDF by the invoices' renderer, with who sends it. */
export const statementPdf =
  (deps: ReportDeps<"organisations" | "sellerIdentities"> & { readonly renderer: InvoiceRenderer }) =>
  (scope: OrgScope, statement: CustomerStatement): TE.TaskEither<DomainError, RenderedFile> =>
  async () => {
    const organisation = await deps.db.stores.organisations.ofId(scope.clientId, scope.organisationId);
    const seller = await deps.db.stores.sellerIdentities.ofOrganisation(scope);
    const bytes = await deps.renderer.statementPdf(statement, {
      organisation: { id: scope.organisationId, name: organisation?.name ?? "" },
      seller: seller ?? null,
    });
    return E.right({ bytes, mediaType: "application/pdf", filename: `${statementStem(statement)}.pdf` });
  };
