// The books benchmark: an organisation's year of posted bills and issued, paid invoices, read as its journal (CSV)
// and recorded as a DATEV export whose file is then written, through the real use cases, SQL stores and file writers.
// Prints each step's time, the bytes written and the heap it grew by at most (sampled): memory follows a batch, not
// the year. Usage: npm run bench:books [-- documents]      SQLite in a temporary folder (default 20,000 of each)
//        BENCH_BOOKS_DB=mysql://root@127.0.0.1:3306/ npm run bench:books      on MariaDB
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { datevFile } from "@apar/adapters/books/datev";
import { journalCsv } from "@apar/adapters/books/journal-csv";
import { systemClock } from "@apar/adapters/system/clock";
import { randomIds } from "@apar/adapters/system/ids";
import { EMPTY_FIELDS, emptyLifecycle, type Invoice, UNREAD_BILL } from "@apar/core";
import { createExport, exportFile, putChart, readJournal } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { measureHeap } from "../measure-heap.js";
import { openBenchDatabase } from "../mysql-database.js";

const count = Number(process.argv[2] ?? 20_000);
const ids = randomIds(systemClock);
const scope = { clientId: ids.next(), organisationId: ids.next() };
const { database, dispose } = await openBenchDatabase(process.env.BENCH_BOOKS_DB, "apar_bench_books");

const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const recorded = new Date("2025-12-31T12:00:00Z");

const invoiceOf = (n: number): Invoice => ({
  id: ids.next(),
  ...scope,
  status: "Paid",
  documentNumber: `INV-${n}`,
  customerId: ids.next(),
  customer: { name: `Kunde ${n % 500} GmbH`, email: null, address: null, taxNumber: null, country: "DE" },
  currency: "EUR",
  issueDate: day(n % 360),
  dueDate: day((n % 360) + 5),
  memo: null,
  lines: [],
  subTotal: "100",
  taxAmount: "19",
  totalAmount: "119",
  taxes: [{ rate: "19", taxableAmount: "100", taxAmount: "19" }],
  amountPaid: "119",
  amountCredited: "0",
  payments: [
    {
      id: ids.next(),
      amount: "119",
      paidAt: day((n % 360) + 3),
      notes: null,
      method: null,
      reference: null,
      createdAt: recorded,
    },
  ],
  publicToken: null,
  reminderOffsets: null,
  recurringScheduleId: null,
  recurringOccurrenceNumber: null,
  sentAt: recorded,
  voidedAt: null,
  voidReason: null,
  createdAt: recorded,
  updatedAt: recorded,
});

const seedStart = performance.now();
for (let from = 0; from < count; from += 1000)
  await database.run(async (s) => {
    for (let n = from; n < Math.min(count, from + 1000); n++) {
      await s.invoices.add(invoiceOf(n));
      const bill = {
        ...UNREAD_BILL,
        id: ids.next(),
        ...scope,
        state: "Paid" as const,
        document: { sha256: "0".repeat(64), mediaType: "application/pdf", filename: null, size: 1 },
        fields: {
          ...EMPTY_FIELDS,
          supplierName: `Lieferant ${n % 500} GmbH`,
          invoiceNumber: `RE-${n}`,
          currency: "EUR",
          totalAmount: "59.5",
          subTotal: "50",
          taxAmount: "9.5",
          invoiceDate: day(n % 360),
        },
        createdAt: recorded,
        updatedAt: recorded,
      };
      await s.bills.add(bill);
      await s.billLifecycles.save({
        ...emptyLifecycle(bill, null),
        amountPaid: "59.5",
        paidAt: `${day((n % 360) + 4)}T00:00:00.000Z`,
        settlements: [{ at: `${day((n % 360) + 4)}T00:00:00.000Z`, paid: "59.5", credited: "0" }],
      });
    }
  });
console.log(
  `${database.dialect}: ${count} paid invoices and ${count} paid bills over 2025, seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

const deps = { db: database, clock: systemClock, ids };
const period = { from: "2025-01-01", to: "2025-12-31" };
await putChart(deps)(scope, { datev: { consultantNumber: "1001", clientNumber: "1" } })();

/** Bytes a stream writes, thrown away. */
const sink = () => {
  let bytes = 0;
  return {
    stream: new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        bytes += Buffer.byteLength(chunk);
        done();
      },
    }),
    bytes: () => bytes,
  };
};

const measure = measureHeap;

for (let round = 0; round < 2; round++) {
  await measure("journal of 2025 as CSV", async () => {
    const journal = await readJournal(deps)(scope, period)();
    if (E.isLeft(journal)) throw new Error(journal.left.detail);
    const out = sink();
    await pipeline(journalCsv(journal.right.entries), out.stream);
    return `${(out.bytes() / 2 ** 20).toFixed(1)} MiB written`;
  });
  let exportId = "";
  await measure("DATEV export of 2025 recorded", async () => {
    const made = await createExport(deps)({
      scope,
      actor: { type: "system", id: null },
      body: { ...period, format: "datev" },
    })();
    if (E.isLeft(made)) throw new Error(made.left.detail);
    exportId = made.right.record.id;
    return `${made.right.record.entryCount} entries, ${made.right.record.lineCount} lines`;
  });
  await measure("its DATEV file written", async () => {
    const file = await exportFile(deps)(scope, exportId)();
    if (E.isLeft(file)) throw new Error(file.left.detail);
    const out = sink();
    await pipeline(Readable.from(datevFile({ ...file.right.record }, file.right.entries)), out.stream);
    return `${(out.bytes() / 2 ** 20).toFixed(1)} MiB written`;
  });
}
await dispose();
