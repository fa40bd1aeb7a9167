import { DATEV_HEADINGS, datevBookings, datevHeaderLine, windows1252 } from "@apar/adapters/books/datev";
import { DEFAULT_CHART, type JournalEntry } from "@apar/core";
import test from "ava";
import { DATEV, datevProblems, rawFields } from "../../http/books/book-files.js";

// DATEV's file as apar writes it, without a server: the headings are DATEV's, text is quoted and cut by what DATEV
// counts, amounts have two decimals, and the character set is Windows-1252.

const entry = (over: Partial<JournalEntry> = {}): JournalEntry => ({
  key: "bill:x",
  kind: "bill",
  date: "2026-03-09",
  documentId: "0190a000-0000-7000-8000-000000000001",
  documentNumber: 'RE 1.2;3 "x"',
  currency: "EUR",
  counterparty: null,
  reference: null,
  text: `${'"'.repeat(31)}tail`,
  lines: [
    { role: "payables", account: "1600", side: "credit", amount: "1000000", taxRate: null },
    { role: "expenses", account: "4980", side: "debit", amount: "1000000", taxRate: null },
  ],
  ...over,
});

test("the headings are DATEV's 125, in order", (t) => {
  t.deepEqual(
    DATEV_HEADINGS,
    DATEV.columns.map((c) => c.heading),
  );
});

test("a booking: two decimals after a comma, the document number as Belegfeld 1 takes it, text cut as DATEV counts it", (t) => {
  const [line = ""] = datevBookings(entry());
  const fields = rawFields(line, ";");
  t.is(fields.length, 125);
  t.is(fields[0], "1000000,00");
  t.is(fields[1], '"S"');
  t.deepEqual([fields[6], fields[7], fields[9]], ["4980", "1600", "0903"]);
  t.is(fields[10], '"RE_1_2_3__x_"');
  // 31 quotes written doubled are 62 characters: only 30 of them fit DATEV's 60.
  t.is(fields[13], `"${'""'.repeat(30)}"`);
  t.throws(() =>
    datevBookings(
      entry({
        lines: [
          ...entry().lines.slice(0, 1),
          { ...(entry().lines[1] as JournalEntry["lines"][number]), amount: "1.005" },
        ],
      }),
    ),
  );
  const text = `${datevHeaderLine({ from: "2026-03-01", to: "2026-03-31", createdAt: new Date(), chart: { ...DEFAULT_CHART, datev: { ...DEFAULT_CHART.datev, consultantNumber: "1001", clientNumber: "1" } } })}\r\n${DATEV_HEADINGS.join(";")}\r\n${line}\r\n`;
  t.deepEqual(datevProblems(text), []);
});

test("Windows-1252: Latin-1 as it is, the euro and its neighbours at 0x80 to 0x9f, anything else a question mark", (t) => {
  t.deepEqual([...windows1252("äÜß€–“”")], [0xe4, 0xdc, 0xdf, 0x80, 0x96, 0x93, 0x94]);
  t.deepEqual([...windows1252("Łódź 😀\u0081")], [0x3f, 0xf3, 0x64, 0x3f, 0x20, 0x3f, 0x3f]);
});
