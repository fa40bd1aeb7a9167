import type { BillLifecycle } from "../approvals/model.js";
import type { Bill, BillState } from "../bills/model.js";
import { creditNoteBreakdown } from "../invoices/credit-note-breakdown.js";
import type { CreditNote, Invoice, InvoicePayment } from "../invoices/model.js";
import { businessDateOf } from "../reports/aging.js";
import { isCurrency } from "../shared/currencies.js";
import {
  absAmount,
  addAmounts,
  isNegativeAmount,
  isPositiveAmount,
  isZeroAmount,
  negateAmount,
  subtractAmounts,
  sumAmounts,
} from "../shared/money.js";
import type { AccountingChart, AccountRole } from "./chart.js";

/**
 * What a journal entry records: a bill posted (approved) and a payment of one, an invoice issued, a sent invoice
 * voided (its reversal), a credit note issued, a payment received on an invoice.
 */
export const ENTRY_KINDS = [
  "bill",
  "bill_payment",
  "invoice",
  "invoice_void",
  "credit_note",
  "invoice_payment",
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** One line of an entry: an amount (above zero) on one side of one account. */
export interface JournalLine {
  readonly role: AccountRole;
  readonly account: string;
  readonly side: "debit" | "credit";
  readonly amount: string;
  /** The VAT rate in percent of revenue and output VAT lines (`"19"`); null where the document states none. */
  readonly taxRate: string | null;
}

/**
 * A journal entry: the lines one business event books, in the document's currency, debits equal to credits. The
 * first line is on the entry's counter account (payables, receivables or the bank); every other line books against
 * it (DATEV's Gegenkonto).
 */
export interface JournalEntry {
  /** Stable across exports: `<kind>:<id>`, and `bill_payment:<bill id>:<n>` for a bill's nth payment. */
  readonly key: string;
  readonly kind: EntryKind;
  /** The business date it is booked on (YYYY-MM-DD). */
  readonly date: string;
  /** The bill, invoice or credit note the entry comes from. */
  readonly documentId: string;
  readonly documentNumber: string | null;
  readonly currency: string;
  /** The supplier or the customer, by name. */
  readonly counterparty: string | null;
  /** The supplier's invoice number, the invoice a credit note credits, a payment's reference. */
  readonly reference: string | null;
  /** A line of words for people (DATEV's Buchungstext). */
  readonly text: string;
  readonly lines: readonly JournalLine[];
}

/** Bill states after approval: their bills are in the books. */
export const POSTED_BILL_STATES: readonly BillState[] = [
  "Approved",
  "Scheduled",
  "PaymentInProgress",
  "PartiallyPaid",
  "Paid",
];

/** An entry's lines before they are put on sides: each amount is a debit when positive, a credit when negative. */
interface Signed {
  readonly role: AccountRole;
  readonly amount: string;
  readonly taxRate?: string | null;
}

type EntryHead = Omit<JournalEntry, "lines">;

/**
 * An entry whose counter line takes what the other lines leave, so debits always equal credits; lines of zero are
 * left out, and an entry that books nothing is no entry.
 */
const entry = (
  chart: AccountingChart,
  head: EntryHead,
  counter: AccountRole,
  others: readonly Signed[],
): JournalEntry | undefined => {
  const booked = others.filter((o) => !isZeroAmount(o.amount));
  const rest = negateAmount(sumAmounts(booked.map((o) => o.amount)));
  if (isZeroAmount(rest)) return undefined;
  const line = (s: Signed): JournalLine => ({
    role: s.role,
    account: chart.accounts[s.role],
    side: isNegativeAmount(s.amount) ? "credit" : "debit",
    amount: absAmount(s.amount),
    taxRate: s.taxRate ?? null,
  });
  return { ...head, lines: [line({ role: counter, amount: rest }), ...booked.map(line)] };
};

const joined = (...parts: readonly (string | null | undefined)[]): string =>
  parts.filter((p): p is string => p != null && p.trim() !== "").join(" ");

/**
 * A posted bill: its net amount to expenses and its VAT to input VAT, the total owed to payables, on its invoice
 * date (else the day it was approved). A bill without a currency or a total books nothing.
 */
export const billEntry = (
  chart: AccountingChart,
  bill: Bill,
  lifecycle: BillLifecycle | undefined,
  timeZone: string,
): JournalEntry | undefined => {
  const { currency, totalAmount, taxAmount, invoiceNumber, supplierName, invoiceDate } = bill.fields;
  if (!POSTED_BILL_STATES.includes(bill.state) || currency === null || totalAmount === null || !isCurrency(currency))
    return undefined;
  const tax = taxAmount ?? "0";
  return entry(
    chart,
    {
      key: `bill:${bill.id}`,
      kind: "bill",
      date: invoiceDate ?? businessDateOf(lifecycle?.approvedAt ?? bill.updatedAt, timeZone),
      documentId: bill.id,
      documentNumber: invoiceNumber,
      currency,
      counterparty: supplierName,
      reference: invoiceNumber,
      text: joined("Bill", invoiceNumber, supplierName),
    },
    "payables",
    [
      { role: "expenses", amount: subtractAmounts(totalAmount, tax) },
      { role: "inputVat", amount: tax },
    ],
  );
};

/** One payment of a bill: how much, and when it counts. */
export interface BillPayment {
  readonly at: string;
  readonly amount: string;
}

/**
 * The payments of a bill, each dated: its lifecycle's settlements that paid something (a returned transfer paid back
 * is negative), and what no settlement dates (records kept before settlements were) on the day it was paid, else on
 * the bill's last change.
 */
export const billPaymentsOf = (bill: Bill, lifecycle: BillLifecycle | undefined): readonly BillPayment[] => {
  const settlements = lifecycle?.settlements ?? [];
  const dated = settlements.filter((s) => !isZeroAmount(s.paid)).map((s) => ({ at: s.at, amount: s.paid }));
  const undated = subtractAmounts(lifecycle?.amountPaid ?? "0", sumAmounts(settlements.map((s) => s.paid)));
  return isPositiveAmount(undated)
    ? [{ at: lifecycle?.paidAt ?? bill.updatedAt.toISOString(), amount: undated }, ...dated]
    : dated;
};

/** The entries of a bill's payments: payables paid from the bank, each on its day. */
export const billPaymentEntries = (
  chart: AccountingChart,
  bill: Bill,
  lifecycle: BillLifecycle | undefined,
  timeZone: string,
): JournalEntry[] => {
  const { currency, invoiceNumber, supplierName } = bill.fields;
  if (currency === null || !isCurrency(currency)) return [];
  return billPaymentsOf(bill, lifecycle).flatMap((p, n) => {
    const e = entry(
      chart,
      {
        key: `bill_payment:${bill.id}:${n}`,
        kind: "bill_payment",
        date: businessDateOf(p.at, timeZone),
        documentId: bill.id,
        documentNumber: invoiceNumber,
        currency,
        counterparty: supplierName,
        reference: bill.fields.paymentRef ?? invoiceNumber,
        text: joined("Payment", invoiceNumber, supplierName),
      },
      "bank",
      [{ role: "payables", amount: p.amount }],
    );
    return e === undefined ? [] : [e];
  });
};

/** Revenue and output VAT of each rate of an invoice, as credits (what issuing it books). */
const invoiceSides = (invoice: Invoice): Signed[] =>
  invoice.taxes.flatMap((t) => [
    { role: "revenue" as const, amount: negateAmount(t.taxableAmount), taxRate: t.rate },
    { role: "outputVat" as const, amount: negateAmount(t.taxAmount), taxRate: t.rate },
  ]);

const invoiceHead = (invoice: Invoice) => ({
  documentId: invoice.id,
  documentNumber: invoice.documentNumber,
  currency: invoice.currency,
  counterparty: invoice.customer.name,
});

/**
 * An issued invoice: its total to receivables, revenue and output VAT per rate, on its issue date. Drafts (never
 * numbered) book nothing; a voided sent invoice keeps this entry and has its reversal (`invoiceVoidEntry`).
 */
export const invoiceEntry = (chart: AccountingChart, invoice: Invoice): JournalEntry | undefined =>
  invoice.documentNumber === null
    ? undefined
    : entry(
        chart,
        {
          key: `invoice:${invoice.id}`,
          kind: "invoice",
          date: invoice.issueDate,
          ...invoiceHead(invoice),
          reference: invoice.documentNumber,
          text: joined("Invoice", invoice.documentNumber, invoice.customer.name),
        },
        "receivables",
        invoiceSides(invoice),
      );

/** The reversal of a sent invoice that was voided, on the day it was voided. */
export const invoiceVoidEntry = (
  chart: AccountingChart,
  invoice: Invoice,
  timeZone: string,
): JournalEntry | undefined =>
  invoice.status !== "Void" || invoice.documentNumber === null
    ? undefined
    : entry(
        chart,
        {
          key: `invoice_void:${invoice.id}`,
          kind: "invoice_void",
          date: businessDateOf(invoice.voidedAt ?? invoice.updatedAt, timeZone),
          ...invoiceHead(invoice),
          reference: invoice.documentNumber,
          text: joined("Void", invoice.documentNumber, invoice.customer.name),
        },
        "receivables",
        invoiceSides(invoice).map((s) => ({ ...s, amount: negateAmount(s.amount) })),
      );

/**
 * An issued credit note: revenue and output VAT taken back per rate as its breakdown splits it (what rounding leaves
 * goes to revenue), receivables reduced by its amount, on the day it was issued.
 */
export const creditNoteEntry = (
  chart: AccountingChart,
  note: CreditNote,
  invoice: Invoice,
  timeZone: string,
): JournalEntry | undefined => {
  if (note.status !== "Issued") return undefined;
  const breakdown = creditNoteBreakdown(note, invoice);
  const [first, ...rest] = breakdown.parts;
  const parts =
    first === undefined ? [] : [{ ...first, netAmount: addAmounts(first.netAmount, breakdown.rounding) }, ...rest];
  return entry(
    chart,
    {
      key: `credit_note:${note.id}`,
      kind: "credit_note",
      date: businessDateOf(note.issuedAt ?? note.updatedAt, timeZone),
      documentId: note.id,
      documentNumber: note.documentNumber,
      currency: note.currency,
      counterparty: invoice.customer.name,
      reference: invoice.documentNumber,
      text: joined("Credit note", note.documentNumber, invoice.customer.name),
    },
    "receivables",
    parts.flatMap((p) => [
      { role: "revenue" as const, amount: p.netAmount, taxRate: p.rate },
      { role: "outputVat" as const, amount: p.taxAmount, taxRate: p.rate },
    ]),
  );
};

/** A payment received on an invoice: the bank from receivables, on the day it was paid. */
export const invoicePaymentEntry = (
  chart: AccountingChart,
  invoice: Invoice,
  payment: InvoicePayment,
  timeZone: string,
): JournalEntry | undefined =>
  entry(
    chart,
    {
      key: `invoice_payment:${payment.id}`,
      kind: "invoice_payment",
      date: businessDateOf(payment.paidAt, timeZone),
      ...invoiceHead(invoice),
      reference: payment.reference ?? invoice.documentNumber,
      text: joined("Payment", invoice.documentNumber, invoice.customer.name),
    },
    "bank",
    [{ role: "receivables", amount: negateAmount(payment.amount) }],
  );

/** Debits less credits of an entry's lines: zero for every entry (the books balance). */
export const entryBalance = (e: Pick<JournalEntry, "lines">): string =>
  sumAmounts(e.lines.map((l) => (l.side === "debit" ? l.amount : negateAmount(l.amount))));
