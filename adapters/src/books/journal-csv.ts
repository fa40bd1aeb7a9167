import { Readable } from "node:stream";
import { csvField, type JournalEntry, wireAmount } from "@apar/core";

// apar's journal as CSV (RFC 4180: a header row, CR LF, fields quoted when they hold a comma, a quote or a line break,
// quotes doubled; text a spreadsheet would run as a formula gets a leading apostrophe, as the reports' CSV): one row
// per journal line. The README and docs/log/issue-38-accountants.md describe the columns; tests hold files to them
// (fixtures/books/journal-csv.json).

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

const AMOUNTS: ReadonlySet<string> = new Set(["debit", "credit"]);

const line = (values: readonly (string | null)[]): string =>
  `${values.map((v, i) => csvField(v ?? "", AMOUNTS.has(JOURNAL_CSV_COLUMNS[i] ?? ""))).join(",")}\r\n`;

/** The rows of one entry: a row per line, the amount under debit or credit in the currency's minor digits. */
export const journalRows = (e: JournalEntry): string[] =>
  e.lines.map((l) =>
    line([
      e.date,
      e.key,
      e.kind,
      e.documentId,
      e.documentNumber,
      l.account,
      l.role,
      l.side === "debit" ? wireAmount(l.amount, e.currency) : null,
      l.side === "credit" ? wireAmount(l.amount, e.currency) : null,
      e.currency,
      l.taxRate,
      e.counterparty,
      e.reference,
      e.text,
    ]),
  );

/** The journal as CSV text, chunk by chunk as its batches are read: the header row, then each batch's rows. */
export const journalCsv = (entries: AsyncIterable<readonly JournalEntry[]>): Readable =>
  Readable.from(
    (async function* () {
      yield `${JOURNAL_CSV_COLUMNS.join(",")}\r\n`;
      for await (const batch of entries) {
        const rows = batch.flatMap(journalRows);
        if (rows.length > 0) yield rows.join("");
      }
    })(),
  );
