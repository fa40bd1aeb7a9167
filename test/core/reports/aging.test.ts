import {
  type AgingBucket,
  type AgingItem,
  agingReportCsv,
  agingTable,
  type Bill,
  type BillLifecycle,
  billAgingItem,
  bucketOf,
  businessDateOf,
  csvField,
  EMPTY_FIELDS,
  emptyLifecycle,
  type Invoice,
  invoiceEntries,
  owedAt,
  UNREAD_BILL,
  withSettlement,
} from "@apar/core";
import test from "ava";

// The aging rules (issue 38, part 3) on their own: buckets at every boundary, business dates in a zone, what a
// document owed on a day, tables per party and currency, dated bill settlements, CSV fields and statement lines.

const item = (over: Partial<AgingItem> = {}): AgingItem => ({
  partyKey: "p1",
  partyId: "p1",
  partyName: "Party",
  currency: "EUR",
  issueDate: "2026-01-01",
  dueDate: "2026-06-30",
  total: "100",
  reductions: [],
  voidedOn: null,
  ...over,
});

test("buckets: due that day is current; 1 and 30 days late, 31 and 60, 61 and 90, then over 90", (t) => {
  const asOf = "2026-06-30";
  const cases: readonly [string, AgingBucket][] = [
    ["2026-07-05", "current"],
    ["2026-06-30", "current"],
    ["2026-06-29", "days1To30"],
    ["2026-05-31", "days1To30"],
    ["2026-05-30", "days31To60"],
    ["2026-05-01", "days31To60"],
    ["2026-04-30", "days61To90"],
    ["2026-04-01", "days61To90"],
    ["2026-03-31", "over90"],
    ["2020-01-01", "over90"],
  ];
  for (const [due, bucket] of cases) t.is(bucketOf(due, asOf), bucket, due);
  // Across a leap day and a year's end: whole calendar days, whatever the clocks did.
  t.is(bucketOf("2024-01-30", "2024-02-29"), "days1To30");
  t.is(bucketOf("2023-12-31", "2024-01-30"), "days1To30");
  t.is(bucketOf("2023-12-31", "2024-01-31"), "days31To60");
});

test("business dates: a date stays itself, midnight UTC names its date, other instants fall in the zone", (t) => {
  t.is(businessDateOf("2026-03-01", "America/New_York"), "2026-03-01");
  t.is(businessDateOf("2026-03-01T00:00:00.000Z", "America/New_York"), "2026-03-01", "a date written as a date");
  t.is(businessDateOf("2026-03-01T03:00:00.000Z", "America/New_York"), "2026-02-28");
  t.is(businessDateOf(new Date("2026-03-01T23:30:00Z"), "Pacific/Auckland"), "2026-03-02");
  t.is(businessDateOf(new Date("2026-03-01T23:30:00Z"), "UTC"), "2026-03-01");
});

test("what an item owed on a day: not before its date, reductions from their day, nothing once voided", (t) => {
  const partly = item({
    reductions: [
      { date: "2026-02-01", amount: "30" },
      { date: "2026-03-01", amount: "70" },
    ],
  });
  t.is(owedAt(partly, "2025-12-31"), undefined, "not issued yet");
  t.is(owedAt(partly, "2026-01-31"), "100");
  t.is(owedAt(partly, "2026-02-01"), "70");
  t.is(owedAt(partly, "2026-03-01"), undefined, "settled");
  const overpaid = item({ reductions: [{ date: "2026-02-01", amount: "120" }] });
  t.is(owedAt(overpaid, "2026-02-02"), undefined, "overpaid owes nothing (the rest is owed back)");
  const voided = item({ voidedOn: "2026-02-10" });
  t.is(owedAt(voided, "2026-02-09"), "100");
  t.is(owedAt(voided, "2026-02-10"), undefined);
});

test("a table sums per party and currency, never across currencies; the newest document names the party", (t) => {
  const table = agingTable("2026-06-30");
  table.add(item({ partyName: "Old Name", issueDate: "2026-01-01", total: "10.5" }));
  table.add(item({ partyName: "New Name", issueDate: "2026-02-01", dueDate: "2026-05-01", total: "0.25" }));
  table.add(item({ currency: "JPY", total: "1000", dueDate: "2026-01-01" }));
  table.add(item({ partyKey: "p2", partyId: "p2", partyName: "Another", total: "5" }));
  table.add(item({ partyKey: "p3", total: "5", reductions: [{ date: "2026-06-01", amount: "5" }] }));
  t.deepEqual(
    table
      .rows()
      .map((r) => [
        r.partyName,
        r.currency,
        r.buckets.current,
        r.buckets.days31To60,
        r.buckets.over90,
        r.total,
        r.documentCount,
      ]),
    [
      ["Another", "EUR", "5", "0", "0", "5", 1],
      ["New Name", "EUR", "10.5", "0.25", "0", "10.75", 2],
      ["Party", "JPY", "0", "0", "1000", "1000", 1],
    ],
  );
  t.deepEqual(
    table.totals().map((x) => [x.currency, x.total, x.documentCount]),
    [
      ["EUR", "15.75", 3],
      ["JPY", "1000", 1],
    ],
  );
});

const bill = (over: Partial<Bill> = {}, fields: Partial<Bill["fields"]> = {}): Bill => ({
  ...UNREAD_BILL,
  id: "b1",
  clientId: "c",
  organisationId: "o",
  state: "Approved",
  document: { sha256: "0".repeat(64), mediaType: "application/pdf", filename: null, size: 1 },
  fields: { ...EMPTY_FIELDS, supplierName: "Acme GmbH", currency: "EUR", totalAmount: "100", ...fields },
  createdAt: new Date("2026-01-05T10:00:00Z"),
  updatedAt: new Date("2026-04-01T10:00:00Z"),
  ...over,
});

test("bills: settlements date each payment and credit; older records count their sums from paidAt", (t) => {
  const start = emptyLifecycle(bill(), null);
  const credited = withSettlement(start, { ...start, amountCredited: "10" }, "2026-02-01T09:00:00.000Z");
  const paid = withSettlement(credited, { ...credited, amountPaid: "30" }, "2026-03-01T00:00:00.000Z");
  const unchanged = withSettlement(paid, { ...paid, paymentMethod: "Card" }, "2026-03-02T00:00:00.000Z");
  t.deepEqual(unchanged.settlements, [
    { at: "2026-02-01T09:00:00.000Z", paid: "0", credited: "10" },
    { at: "2026-03-01T00:00:00.000Z", paid: "30", credited: "0" },
  ]);
  const aged = billAgingItem(bill({}, { invoiceDate: "2026-01-02", dueDate: "2026-01-31" }), unchanged, "UTC");
  t.is(aged?.partyKey, "name:acme");
  t.is(owedAt(aged as AgingItem, "2026-01-31"), "100");
  t.is(owedAt(aged as AgingItem, "2026-02-01"), "90");
  t.is(owedAt(aged as AgingItem, "2026-03-01"), "60");

  // A Paid bill stored before settlements (and before amountPaid): paid in full on its paidAt.
  const { amountPaid: _none, ...older } = emptyLifecycle(bill(), null);
  const old: BillLifecycle = { ...older, paidAt: "2026-03-15T12:00:00.000Z", amountCredited: "20" };
  const oldItem = billAgingItem(bill({ state: "Paid" }), old, "UTC") as AgingItem;
  t.is(oldItem.issueDate, "2026-01-05", "no invoice date: the day it arrived");
  t.is(oldItem.dueDate, "2026-01-05", "no due date: due on its date");
  t.is(owedAt(oldItem, "2026-03-14"), "100");
  t.is(owedAt(oldItem, "2026-03-15"), undefined);
  t.is(billAgingItem(bill({}, { currency: null }), undefined, "UTC"), undefined, "no currency: nothing to age");
});

test("statement lines of an invoice: issued, credited, paid, and a void takes off what it still asked for", (t) => {
  const invoice = {
    id: "i1",
    clientId: "c",
    organisationId: "o",
    status: "Void",
    documentNumber: "INV-000009",
    customerId: "cu",
    customer: { name: "Globex", email: null, address: null, taxNumber: null, country: null },
    currency: "EUR",
    issueDate: "2026-01-10",
    dueDate: "2026-02-09",
    memo: null,
    lines: [],
    subTotal: "100",
    taxAmount: "0",
    totalAmount: "100",
    taxes: [],
    amountPaid: "0",
    amountCredited: "25",
    payments: [],
    publicToken: null,
    reminderOffsets: null,
    recurringScheduleId: null,
    recurringOccurrenceNumber: null,
    sentAt: null,
    voidedAt: new Date("2026-02-20T08:00:00Z"),
    voidReason: "duplicate",
    createdAt: new Date("2026-01-10T08:00:00Z"),
    updatedAt: new Date("2026-02-20T08:00:00Z"),
  } as Invoice;
  const note = {
    id: "n1",
    clientId: "c",
    organisationId: "o",
    invoiceId: "i1",
    status: "Issued",
    documentNumber: "CN-000001",
    currency: "EUR",
    amount: "25",
    reason: "damaged",
    invoiceLineItemId: null,
    amountOwedBack: "0",
    issuedAt: new Date("2026-02-01T08:00:00Z"),
    createdAt: new Date("2026-02-01T08:00:00Z"),
    updatedAt: new Date("2026-02-01T08:00:00Z"),
  } as const;
  t.deepEqual(
    invoiceEntries(invoice, [note], "UTC").map((e) => [e.date, e.type, e.documentNumber, e.amount, e.reference]),
    [
      ["2026-01-10", "Invoice", "INV-000009", "100", null],
      ["2026-02-01", "CreditNote", "CN-000001", "-25", "damaged"],
      ["2026-02-20", "Void", null, "-75", "duplicate"],
    ],
  );
});

test("CSV: fields quoted when they must be; formulas defused; a header, rows and a total per currency", (t) => {
  t.is(csvField("plain"), "plain");
  t.is(csvField('Say "hi", then go'), '"Say ""hi"", then go"');
  t.is(csvField("=HYPERLINK(1)"), "'=HYPERLINK(1)");
  t.is(csvField("-12.50", true), "-12.50", "an amount keeps its sign");
  const table = agingTable("2026-06-30");
  table.add(item({ partyName: "@Acme", total: "12.5" }));
  const csv = agingReportCsv({ side: "payables", asOf: "2026-06-30", rows: table.rows(), totals: table.totals() });
  t.deepEqual(csv.split("\r\n"), [
    "As of,Supplier ID,Supplier,Currency,Current,1-30,31-60,61-90,Over 90,Total,Documents",
    "2026-06-30,p1,'@Acme,EUR,12.50,0.00,0.00,0.00,0.00,12.50,1",
    "2026-06-30,,Total,EUR,12.50,0.00,0.00,0.00,0.00,12.50,1",
    "",
  ]);
});
