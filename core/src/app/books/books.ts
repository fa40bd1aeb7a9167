import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import {
  type AccountingChart,
  billEntry,
  billPaymentEntries,
  chartErrors,
  creditNoteEntry,
  DEFAULT_CHART,
  fiscalYearStartOf,
  invoiceEntry,
  invoicePaymentEntry,
  invoiceVoidEntry,
  type JournalEntry,
} from "../../books/index.js";
import type { Stores } from "../../ports/stores.js";
import { type DomainError, domainError, validationError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import type { CoreDeps } from "../deps.js";
import type { ChartBody } from "./inputs.js";

/** The organisation's chart mapping (the defaults until someone sets it). */
export const chartOf = async (s: Pick<Stores, "accountingCharts">, scope: OrgScope): Promise<AccountingChart> =>
  (await s.accountingCharts.ofOrganisation(scope)) ?? DEFAULT_CHART;

/** The organisation's chart mapping. */
export const getChart =
  (deps: CoreDeps<"accountingCharts">) =>
  (scope: OrgScope): TE.TaskEither<DomainError, AccountingChart> =>
  async () =>
    E.right(await chartOf(deps.db.stores, scope));

/** Replaces the organisation's chart mapping (members left out take the defaults); exports from then on use it. */
export const putChart =
  (deps: CoreDeps<"accountingCharts">) =>
  (scope: OrgScope, body: ChartBody): TE.TaskEither<DomainError, AccountingChart> =>
  async () => {
    const chart = {
      accounts: { ...DEFAULT_CHART.accounts, ...body.accounts },
      datev: { ...DEFAULT_CHART.datev, ...body.datev },
    };
    const errors = chartErrors(chart);
    if (errors.length > 0) return E.left(validationError(errors));
    const saved: AccountingChart = { ...chart, updatedAt: deps.clock.now() };
    await deps.db.run((s) => s.accountingCharts.save(scope, saved));
    return E.right(saved);
  };

/** A period of the books: business dates, both included. */
export interface BookPeriod {
  readonly from: string;
  readonly to: string;
}

/** The longest period one journal or export covers (a year, leap day included). */
export const MAX_PERIOD_DAYS = 366;

const DAY_MS = 86_400_000;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The refusal of a period that ends before it starts or covers more than MAX_PERIOD_DAYS. */
export const periodRefusal = (period: BookPeriod): DomainError | undefined => {
  const days = dayNumber(period.to) - dayNumber(period.from) + 1;
  if (days < 1) return validationError([{ field: "to", code: "range", message: "to must not be before from" }]);
  if (days > MAX_PERIOD_DAYS)
    return validationError([
      { field: "to", code: "range", message: `a period covers at most ${MAX_PERIOD_DAYS} days; this one has ${days}` },
    ]);
  return undefined;
};

/**
 * The refusal of a DATEV export the chart or the period cannot make: the adviser's numbers must be set (DATEV reads
 * the file into that adviser's client), and a Buchungsstapel lies within one fiscal year.
 */
export const datevRefusal = (chart: AccountingChart, period: BookPeriod): DomainError | undefined => {
  const { consultantNumber, clientNumber, fiscalYearStart } = chart.datev;
  if (consultantNumber === null || clientNumber === null)
    return domainError(
      "Conflict",
      "Accounting.DatevNotConfigured",
      "A DATEV file names the tax adviser (Beraternummer) and the client (Mandantennummer) it is for: set " +
        "datev.consultantNumber and datev.clientNumber with PUT /v1/accounting/chart first.",
    );
  if (fiscalYearStartOf(period.from, fiscalYearStart) !== fiscalYearStartOf(period.to, fiscalYearStart))
    return validationError([
      {
        field: "to",
        code: "fiscal_year",
        message: `a DATEV Buchungsstapel lies within one fiscal year (starting ${fiscalYearStart}); ${period.from} and ${period.to} are in two`,
      },
    ]);
  return undefined;
};

/** The organisation's time zone (business dates of recorded instants are its calendar's). */
export const timeZoneOf = async (s: Pick<Stores, "organisations">, scope: OrgScope): Promise<string> =>
  (await s.organisations.ofId(scope.clientId, scope.organisationId))?.timeZone ?? "UTC";

const defined = <A>(a: A | undefined): a is A => a !== undefined;

/**
 * The journal of a period, batch by batch: posted bills by their invoice date, bill payments, issued invoices by
 * their issue date, voids of sent invoices, credit notes and invoice payments by their day. Documents whose events
 * are dated by a recorded time are read among those changed since the day before the period (a time zone can put an
 * instant of that day into the period); what lies outside the period is left out.
 */
export async function* journalOf(
  s: Pick<Stores, "bookSources">,
  scope: OrgScope,
  period: BookPeriod,
  chart: AccountingChart,
  timeZone: string,
): AsyncGenerator<readonly JournalEntry[]> {
  const since = new Date((dayNumber(period.from) - 1) * DAY_MS);
  const until = new Date((dayNumber(period.to) + 2) * DAY_MS);
  const inPeriod = (e: JournalEntry | undefined): e is JournalEntry =>
    e !== undefined && e.date >= period.from && e.date <= period.to;
  const sources = s.bookSources;
  const batches: AsyncIterable<readonly JournalEntry[]>[] = [
    mapped(sources.billsDated(scope, period.from, period.to), (b) => [billEntry(chart, b.bill, b.lifecycle, timeZone)]),
    mapped(sources.billsChanged(scope, since), (b) => [
      // A bill without an invoice date is booked on the day it was approved: found among those changed since.
      ...(b.bill.fields.invoiceDate === null ? [billEntry(chart, b.bill, b.lifecycle, timeZone)] : []),
      ...billPaymentEntries(chart, b.bill, b.lifecycle, timeZone),
    ]),
    mapped(sources.invoicesIssued(scope, period.from, period.to), (i) => [invoiceEntry(chart, i)]),
    mapped(sources.invoicesChanged(scope, since), (i) => [
      invoiceVoidEntry(chart, i, timeZone),
      ...i.payments.map((p) => invoicePaymentEntry(chart, i, p, timeZone)),
    ]),
    mapped(sources.creditNotesIssued(scope, since, until), (c) => [
      creditNoteEntry(chart, c.note, c.invoice, timeZone),
    ]),
  ];
  for (const source of batches)
    for await (const entries of source) {
      const kept = entries.filter(inPeriod);
      if (kept.length > 0) yield kept;
    }

  async function* mapped<A>(
    source: AsyncIterable<readonly A[]>,
    entriesOf: (a: A) => readonly (JournalEntry | undefined)[],
  ): AsyncGenerator<readonly JournalEntry[]> {
    for await (const batch of source) yield batch.flatMap((a) => entriesOf(a).filter(defined));
  }
}

/** What reading the journal of a period answers: the chart it was booked with and the entries, batch by batch. */
export interface Journal {
  readonly chart: AccountingChart;
  readonly entries: AsyncIterable<readonly JournalEntry[]>;
}

/**
 * The journal of a period as the organisation's chart books it, read outside any transaction (each batch its own
 * read): nothing is recorded (an export, POST /v1/accounting/exports, records what it carried).
 */
export const readJournal =
  (deps: CoreDeps<"accountingCharts" | "bookSources" | "organisations">) =>
  (scope: OrgScope, period: BookPeriod): TE.TaskEither<DomainError, Journal> =>
  async () => {
    const refusal = periodRefusal(period);
    if (refusal !== undefined) return E.left(refusal);
    const s = deps.db.stores;
    const chart = await chartOf(s, scope);
    return E.right({ chart, entries: journalOf(s, scope, period, chart, await timeZoneOf(s, scope)) });
  };
