// Aging report benchmark: an organisation with many invoices and bills (most of them settled long ago), aged as of
// today and as of a day in the past, through the real use cases and SQL stores. Prints the time of each report and
// the heap it grew by at most (sampled), so that one can see memory follow parties, not documents.
// Usage: npm run bench:reports [-- invoices]           SQLite in a temporary folder (default 40,000 invoices)
//        BENCH_REPORTS_DB=mysql://root@127.0.0.1:3306/ npm run bench:reports      on MariaDB
import { systemClock } from "@apar/adapters/system/clock";
import { randomIds } from "@apar/adapters/system/ids";
import { EMPTY_FIELDS, emptyLifecycle, type Invoice, UNREAD_BILL } from "@apar/core";
import { agedPayables, agedReceivables } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { measureHeap } from "../measure-heap.js";
import { openBenchDatabase } from "../mysql-database.js";

const count = Number(process.argv[2] ?? 40_000);
const CUSTOMERS = 500;
const ids = randomIds(systemClock);
const scope = { clientId: ids.next(), organisationId: ids.next() };
const { database, dispose } = await openBenchDatabase(process.env.BENCH_REPORTS_DB, "apar_bench_reports");

const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const longAgo = new Date("2025-06-01T00:00:00Z");

/** One in five documents is still open; the rest were settled long ago. */
const invoiceOf = (n: number): Invoice => {
  const open = n % 5 === 0;
  const customerId = `0190eeee-0000-7000-8000-${(n % CUSTOMERS).toString(16).padStart(12, "0")}`;
  return {
    id: ids.next(),
    ...scope,
    status: open ? "Sent" : "Paid",
    documentNumber: `INV-${n}`,
    customerId,
    customer: { name: `Customer ${n % CUSTOMERS}`, email: null, address: null, taxNumber: null, country: null },
    currency: n % 7 === 0 ? "USD" : "EUR",
    issueDate: day(n % 300),
    dueDate: day((n % 300) + 30),
    memo: null,
    lines: [],
    subTotal: "120.50",
    taxAmount: "0",
    totalAmount: "120.50",
    taxes: [],
    amountPaid: open ? "20" : "120.50",
    amountCredited: "0",
    payments: [
      {
        id: ids.next(),
        amount: open ? "20" : "120.50",
        paidAt: day((n % 300) + 10),
        notes: null,
        method: null,
        reference: null,
        createdAt: longAgo,
      },
    ],
    publicToken: null,
    reminderOffsets: null,
    recurringScheduleId: null,
    recurringOccurrenceNumber: null,
    sentAt: longAgo,
    voidedAt: null,
    voidReason: null,
    createdAt: longAgo,
    updatedAt: longAgo,
  };
};

const seedStart = performance.now();
for (let from = 0; from < count; from += 1000)
  await database.run(async (s) => {
    for (let n = from; n < Math.min(count, from + 1000); n++) {
      await s.invoices.add(invoiceOf(n));
      const open = n % 5 === 0;
      const bill = {
        ...UNREAD_BILL,
        id: ids.next(),
        ...scope,
        state: open ? ("Approved" as const) : ("Paid" as const),
        document: { sha256: "0".repeat(64), mediaType: "application/pdf", filename: null, size: 1 },
        fields: {
          ...EMPTY_FIELDS,
          supplierName: `Supplier ${n % CUSTOMERS}`,
          currency: "EUR",
          totalAmount: "99.99",
          invoiceDate: day(n % 300),
          dueDate: day((n % 300) + 30),
        },
        createdAt: longAgo,
        updatedAt: longAgo,
      };
      await s.bills.add(bill);
      if (!open)
        await s.billLifecycles.save({
          ...emptyLifecycle(bill, null),
          amountPaid: "99.99",
          paidAt: longAgo.toISOString(),
        });
    }
  });
console.log(
  `${database.dialect}: ${count} invoices and ${count} bills (1 in 5 open), ${CUSTOMERS} parties, seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

const deps = { db: database, clock: systemClock, ids };
const measure = (name: string, run: () => Promise<E.Either<unknown, { rows: readonly unknown[] }>>) =>
  measureHeap(name, async () => {
    const result = await run();
    return `${E.isRight(result) ? result.right.rows.length : -1} rows`;
  });
for (let round = 0; round < 2; round++) {
  await measure("aged receivables today", () => agedReceivables(deps)(scope)());
  await measure("aged receivables as of 2025-03-01", () => agedReceivables(deps)(scope, "2025-03-01")());
  await measure("aged payables today", () => agedPayables(deps)(scope)());
  await measure("aged payables as of 2025-03-01", () => agedPayables(deps)(scope, "2025-03-01")());
}
await dispose();
