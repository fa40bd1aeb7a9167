import { Readable, type Transform } from "node:stream";
import { type JournalEntry, wireAmount } from "@apar/core";
import { stringify } from "csv-stringify";

// apar's journal as CSV (RFC 4180: a header row, CR LF, fields quoted when they hold a comma, a quote or a line break,
// quotes doubled; written by csv-stringify): one row per journal line. docs/decisions.md and the README describe the
// columns; test/http/books/books.test.ts holds a file to them (fixtures/books/journal-csv.json).

/** The columns of the journal CSV, in order (the header row names them). */
export const JOURNAL_CSV_COLUMNS = [
  "date",
  "entry",
  "kind",
  "documentId",
  "documentNumber",
  "account",
  "role",
  "debit",
  "credit",
  "currency",
  "taxRate",
  "counterparty",
  "reference",
  "text",
] as const;

type Row = Record<(typeof JOURNAL_CSV_COLUMNS)[number], string | null>;

/** The rows of one entry: a row per line, the amount under debit or credit in the currency's minor digits. */
export const journalRows = (e: JournalEntry): Row[] =>
  e.lines.map((l) => ({
    date: e.date,
    entry: e.key,
    kind: e.kind,
    documentId: e.documentId,
    documentNumber: e.documentNumber,
    account: l.account,
    role: l.role,
    debit: l.side === "debit" ? wireAmount(l.amount, e.currency) : null,
    credit: l.side === "credit" ? wireAmount(l.amount, e.currency) : null,
    currency: e.currency,
    taxRate: l.taxRate,
    counterparty: e.counterparty,
    reference: e.reference,
    text: e.text,
  }));

/** The journal's rows as they are read, batch by batch. */
export const journalRowSource = (entries: AsyncIterable<readonly JournalEntry[]>): Readable =>
  Readable.from(
    (async function* () {
      for await (const batch of entries) for (const e of batch) yield* journalRows(e);
    })(),
    { objectMode: true },
  );

/** The CSV encoder of the journal's rows. */
export const journalCsvEncoder = (): Transform =>
  stringify({ header: true, columns: [...JOURNAL_CSV_COLUMNS], record_delimiter: "\r\n" });
