import {
  type AccountingChart,
  type Bill,
  billEntry,
  billPaymentEntries,
  businessDateOf,
  chartErrors,
  creditNoteEntry,
  DEFAULT_CHART,
  EMPTY_FIELDS,
  emptyLifecycle,
  entryBalance,
  fiscalYearStartOf,
  type Invoice,
  invoiceEntry,
  invoicePaymentEntry,
  invoiceVoidEntry,
  isZeroAmount,
  type JournalEntry,
} from "@apar/core";
import test from "ava";

// The journal's rules, pure: every entry balances, sides follow signs, dates follow the organisation's calendar, and
// the chart refuses what a DATEV file could not state.

const scope = { clientId: "c", organisationId: "o" };
const at = new Date("2026-03-31T23:30:00.000Z");

const bill = (over: Partial<Bill> = {}, fields: Partial<Bill["fields"]> = {}): Bill => ({
  id: "0190a000-0000-7000-8000-000000000001",
  ...scope,
  state: "Approved",
  document: { sha256: "a".repeat(64), mediaType: "application/pdf", filename: null, size: 1 },
  fields: { ...EMPTY_FIELDS, currency: "EUR", totalAmount: "119", subTotal: "100", taxAmount: "19", ...fields },
  confidence: null,
  fieldConfidence: null,
  reader: null,
  readFailure: null,
  supplierId: null,
  supplierEvidence: null,
  duplicateOfBillId: null,
  duplicateMatchBasis: null,
  duplicateSameFile: false,
  bankDetailsChanged: false,
  voidReason: null,
  createdAt: at,
  updatedAt: at,
  ...over,
});

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: "0190a000-0000-7000-8000-000000000002",
  ...scope,
  status: "Sent",
  documentNumber: "INV-000007",
  customerId: "cu",
  customer: { name: "Kunde AG", email: null, address: null, taxNumber: null, country: "DE" },
  currency: "EUR",
  issueDate: "2026-03-02",
  dueDate: "2026-04-01",
  memo: null,
  lines: [
    {
      id: "l1",
      productId: null,
      description: "a",
      quantity: "1",
      unitPrice: "10",
      discountPercent: "0",
      taxRate: "19",
      netAmount: "10",
    },
    {
      id: "l2",
      productId: null,
      description: "b",
      quantity: "1",
      unitPrice: "10",
      discountPercent: "0",
      taxRate: "7",
      netAmount: "10",
    },
  ],
  subTotal: "20",
  taxAmount: "2.6",
  totalAmount: "22.6",
  taxes: [
    { rate: "19", taxableAmount: "10", taxAmount: "1.9" },
    { rate: "7", taxableAmount: "10", taxAmount: "0.7" },
  ],
  amountPaid: "0",
  amountCredited: "0",
  payments: [],
  publicToken: null,
  reminderOffsets: null,
  recurringScheduleId: null,
  recurringOccurrenceNumber: null,
  sentAt: at,
  voidedAt: null,
  voidReason: null,
  createdAt: at,
  updatedAt: at,
  ...over,
});

const lines = (e: JournalEntry | undefined) => e?.lines.map((l) => `${l.account} ${l.side} ${l.amount}`);
const balanced = (t: { true(v: boolean, m?: string): void }, e: JournalEntry | undefined) =>
  t.true(e !== undefined && isZeroAmount(entryBalance(e)), `${e?.key} balances`);

test("a posted bill: net and VAT debited, the total credited to payables; unposted or without a total, nothing", (t) => {
  const e = billEntry(DEFAULT_CHART, bill({}, { invoiceDate: "2026-03-05" }), undefined, "UTC");
  t.deepEqual(lines(e), ["1600 credit 119", "4980 debit 100", "1576 debit 19"]);
  t.is(e?.date, "2026-03-05");
  balanced(t, e);
  t.is(billEntry(DEFAULT_CHART, bill({ state: "PendingReview" }), undefined, "UTC"), undefined);
  t.is(billEntry(DEFAULT_CHART, bill({}, { totalAmount: null }), undefined, "UTC"), undefined);
  t.is(billEntry(DEFAULT_CHART, bill({}, { currency: null }), undefined, "UTC"), undefined);
  // A credit of a supplier's (a negative total): the sides turn, amounts stay positive.
  const credit = billEntry(DEFAULT_CHART, bill({}, { totalAmount: "-11.9", taxAmount: "-1.9" }), undefined, "UTC");
  t.deepEqual(lines(credit), ["1600 debit 11.9", "4980 credit 10", "1576 credit 1.9"]);
  balanced(t, credit);
  // Without an invoice date: the day it was approved, in the organisation's zone.
  const approved = { ...emptyLifecycle(bill(), null), approvedAt: "2026-03-31T22:30:00.000Z" };
  t.is(billEntry(DEFAULT_CHART, bill(), approved, "Europe/Berlin")?.date, "2026-04-01");
});

test("a bill's payment, an invoice per rate, its void, a payment and a credit note each balance", (t) => {
  const paid = { ...emptyLifecycle(bill(), null), amountPaid: "119", paidAt: "2026-03-20T10:00:00.000Z" };
  const [payment] = billPaymentEntries(DEFAULT_CHART, bill({ state: "Paid" }), paid, "UTC");
  t.deepEqual(lines(payment), ["1200 credit 119", "1600 debit 119"]);
  t.is(payment?.key, "bill_payment:0190a000-0000-7000-8000-000000000001:0");
  balanced(t, payment);
  // Settlements date each payment (a credit settles nothing paid; a returned transfer pays back): part of the sum
  // from before settlements were kept comes first, on the day the bill was paid.
  const settled = {
    ...paid,
    amountPaid: "119",
    settlements: [
      { at: "2026-03-21T00:00:00.000Z", paid: "0", credited: "10" },
      { at: "2026-03-22T00:00:00.000Z", paid: "80", credited: "0" },
      { at: "2026-03-23T00:00:00.000Z", paid: "-30", credited: "0" },
      { at: "2026-03-24T00:00:00.000Z", paid: "30", credited: "0" },
    ],
  };
  const payments = billPaymentEntries(DEFAULT_CHART, bill({ state: "Paid" }), settled, "UTC");
  t.deepEqual(
    payments.map((p) => [p.key.split(":").at(-1), p.date, ...(lines(p) ?? [])]),
    [
      ["0", "2026-03-20", "1200 credit 39", "1600 debit 39"],
      ["1", "2026-03-22", "1200 credit 80", "1600 debit 80"],
      ["2", "2026-03-23", "1200 debit 30", "1600 credit 30"],
      ["3", "2026-03-24", "1200 credit 30", "1600 debit 30"],
    ],
  );
  for (const p of payments) balanced(t, p);

  const issued = invoiceEntry(DEFAULT_CHART, invoice());
  t.deepEqual(lines(issued), [
    "1400 debit 22.6",
    "8400 credit 10",
    "1776 credit 1.9",
    "8400 credit 10",
    "1776 credit 0.7",
  ]);
  t.deepEqual(
    issued?.lines.map((l) => l.taxRate),
    [null, "19", "19", "7", "7"],
  );
  balanced(t, issued);
  t.is(invoiceEntry(DEFAULT_CHART, invoice({ status: "Draft", documentNumber: null })), undefined);

  t.is(invoiceVoidEntry(DEFAULT_CHART, invoice(), "UTC"), undefined, "not voided");
  const voided = invoiceVoidEntry(DEFAULT_CHART, invoice({ status: "Void", voidedAt: at }), "Europe/Berlin");
  t.deepEqual(lines(voided), [
    "1400 credit 22.6",
    "8400 debit 10",
    "1776 debit 1.9",
    "8400 debit 10",
    "1776 debit 0.7",
  ]);
  t.is(voided?.date, "2026-04-01");
  balanced(t, voided);

  const received = invoicePaymentEntry(
    DEFAULT_CHART,
    invoice(),
    {
      id: "p1",
      amount: "5",
      paidAt: "2026-03-31T00:00:00.000Z",
      notes: null,
      method: null,
      reference: "R-9",
      createdAt: at,
    },
    "America/New_York",
  );
  t.deepEqual(lines(received), ["1200 debit 5", "1400 credit 5"]);
  t.is(received?.date, "2026-03-31", "a date given as a date stays that date, whatever the zone");
  t.is(received?.reference, "R-9");
  balanced(t, received);

  // 10.00 credited over two rates: the breakdown's rounding goes to revenue, and the entry still balances.
  const note = {
    id: "n1",
    ...scope,
    invoiceId: invoice().id,
    status: "Issued" as const,
    documentNumber: "CN-000001",
    currency: "EUR" as const,
    amount: "10",
    reason: null,
    invoiceLineItemId: null,
    amountOwedBack: "0",
    issuedAt: at,
    createdAt: at,
    updatedAt: at,
  };
  const credited = creditNoteEntry(DEFAULT_CHART, note, invoice(), "UTC");
  t.is(credited?.lines[0]?.amount, "10");
  t.is(credited?.lines[0]?.side, "credit");
  balanced(t, credited);
  t.is(creditNoteEntry(DEFAULT_CHART, { ...note, status: "Draft" }, invoice(), "UTC"), undefined);
});

test("the chart refuses what a DATEV file cannot state; fiscal years start where the chart says", (t) => {
  const chart = (over: Partial<AccountingChart["accounts"]>, datev: Partial<AccountingChart["datev"]> = {}) =>
    chartErrors({
      accounts: { ...DEFAULT_CHART.accounts, ...over },
      datev: { ...DEFAULT_CHART.datev, ...datev },
    }).map((e) => e.field);
  t.deepEqual(chart({}), []);
  t.deepEqual(chart({ bank: "12000" }), ["accounts"]);
  t.deepEqual(chart({ bank: "120" }), ["accounts.bank"]);
  t.deepEqual(chart({ bank: "0000" }), ["accounts.bank"]);
  t.deepEqual(chart({ bank: "12a0" }), ["accounts.bank"]);
  t.deepEqual(chart({}, { consultantNumber: "1000" }), ["datev.consultantNumber"]);
  t.deepEqual(chart({}, { consultantNumber: "9999999", clientNumber: "99999" }), []);
  t.deepEqual(chart({}, { clientNumber: "0" }), ["datev.clientNumber"]);
  t.deepEqual(chart({}, { fiscalYearStart: "02-29" }), ["datev.fiscalYearStart"]);
  t.deepEqual(chart({}, { fiscalYearStart: "04-31" }), ["datev.fiscalYearStart"]);
  t.deepEqual(chart({}, { chartOfAccounts: "3" }), ["datev.chartOfAccounts"]);
  t.is(fiscalYearStartOf("2026-03-31", "01-01"), "2026-01-01");
  t.is(fiscalYearStartOf("2026-03-31", "07-01"), "2025-07-01");
  t.is(fiscalYearStartOf("2026-07-01", "07-01"), "2026-07-01");
});

test("business dates: a date as it is, UTC midnight as the date it names, other instants in the zone", (t) => {
  t.is(businessDateOf("2026-03-05", "Pacific/Auckland"), "2026-03-05");
  t.is(businessDateOf("2026-03-05T00:00:00.000Z", "America/Los_Angeles"), "2026-03-05");
  t.is(businessDateOf(new Date("2026-03-05T23:30:00.000Z"), "Europe/Berlin"), "2026-03-06");
  t.is(businessDateOf(new Date("2026-03-05T03:30:00.000Z"), "America/New_York"), "2026-03-04");
});
