import type { BillLifecycle } from "../approvals/model.js";
import type { Bill, BillState } from "../bills/model.js";
import { normaliseSupplierName } from "../bills/normalise.js";
import type { CreditNote, Invoice, InvoiceStatus } from "../invoices/model.js";
import { isIsoDate } from "../shared/codecs/iso-date.js";
import { isCurrency } from "../shared/currencies.js";
import { isPositiveAmount, maxAmount, subtractAmounts, sumAmounts } from "../shared/money.js";
import { type AgingItem, businessDateOf, type Reduction } from "./aging.js";

/**
 * Which bills are liabilities: a bill someone must still pay once it was accepted for review, whether it waits for
 * approval (NeedsApproval), is Approved, Scheduled, in a payment run (PaymentInProgress) or PartiallyPaid. Bills not
 * yet read or reviewed (Extracting, ExtractionFailed, PendingReview) carry figures nobody has confirmed; Rejected
 * and Voided bills are owed to nobody; a Paid bill owed nothing from the day it was paid.
 */
export const PAYABLE_STATES: readonly BillState[] = [
  "NeedsApproval",
  "Approved",
  "Scheduled",
  "PaymentInProgress",
  "PartiallyPaid",
];

/** States of bills that owe nothing now but may have on an earlier day (paid since). */
export const SETTLED_BILL_STATES: readonly BillState[] = ["Paid"];

/** Invoices with something outstanding now. */
export const RECEIVABLE_STATUSES: readonly InvoiceStatus[] = ["Sent", "PartiallyPaid"];

/** Invoices that owe nothing now but may have on an earlier day (paid, credited or voided since). */
export const SETTLED_INVOICE_STATUSES: readonly InvoiceStatus[] = ["Paid", "Credited", "Void"];

/** What a bill owed, as aging reads it; undefined for a bill without a currency or total (nothing to age). */
export const billAgingItem = (
  bill: Bill,
  lifecycle: BillLifecycle | undefined,
  timeZone: string,
): AgingItem | undefined => {
  const { currency, totalAmount } = bill.fields;
  if (!isCurrency(currency) || totalAmount === null) return undefined;
  const issueDate =
    bill.fields.invoiceDate !== null && isIsoDate(bill.fields.invoiceDate)
      ? bill.fields.invoiceDate
      : businessDateOf(bill.createdAt, timeZone);
  const dueDate = bill.fields.dueDate !== null && isIsoDate(bill.fields.dueDate) ? bill.fields.dueDate : issueDate;
  const settlements = lifecycle?.settlements ?? [];
  const credited = lifecycle?.amountCredited ?? "0";
  // Records from before partial payments have no amountPaid: a Paid one was paid whatever its credit left.
  const paid =
    lifecycle?.amountPaid ?? (bill.state === "Paid" ? maxAmount("0", subtractAmounts(totalAmount, credited)) : "0");
  const reductions: Reduction[] = settlements.map((s) => ({
    date: businessDateOf(s.at, timeZone),
    amount: sumAmounts([s.paid, s.credited]),
  }));
  // What no settlement dates (records written before settlements were kept) counts from when it was paid.
  const undated = subtractAmounts(
    sumAmounts([paid, credited]),
    sumAmounts(settlements.flatMap((s) => [s.paid, s.credited])),
  );
  if (isPositiveAmount(undated))
    reductions.push({ date: businessDateOf(lifecycle?.paidAt ?? bill.updatedAt, timeZone), amount: undated });
  const name = bill.fields.supplierName ?? "";
  return {
    partyKey: bill.supplierId ?? `name:${normaliseSupplierName(name)}`,
    partyId: bill.supplierId,
    partyName: name,
    currency,
    issueDate,
    dueDate,
    total: totalAmount,
    reductions,
    voidedOn: null,
  };
};

/** An issued credit note's business date. */
const creditDate = (note: CreditNote, timeZone: string): string =>
  businessDateOf(note.issuedAt ?? note.updatedAt, timeZone);

/** What an invoice owed, as aging reads it (its issued credit notes given); undefined for a draft. */
export const invoiceAgingItem = (
  invoice: Invoice,
  creditNotes: readonly CreditNote[],
  timeZone: string,
): AgingItem | undefined => {
  if (invoice.status === "Draft") return undefined;
  const issued = creditNotes.filter((n) => n.status === "Issued");
  const reductions: Reduction[] = [
    ...invoice.payments.map((p) => ({ date: businessDateOf(p.paidAt, timeZone), amount: p.amount })),
    ...issued.map((n) => ({ date: creditDate(n, timeZone), amount: n.amount })),
  ];
  const undated = subtractAmounts(invoice.amountCredited, sumAmounts(issued.map((n) => n.amount)));
  if (isPositiveAmount(undated))
    reductions.push({ date: businessDateOf(invoice.updatedAt, timeZone), amount: undated });
  return {
    partyKey: invoice.customerId,
    partyId: invoice.customerId,
    partyName: invoice.customer.name,
    currency: invoice.currency,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    total: invoice.totalAmount,
    reductions,
    voidedOn: invoice.status === "Void" ? businessDateOf(invoice.voidedAt ?? invoice.updatedAt, timeZone) : null,
  };
};
