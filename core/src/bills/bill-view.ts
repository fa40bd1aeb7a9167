import type { Approval, BillLifecycle, DecisionSnapshot } from "../approvals/model.js";
import { destinationKey } from "../bank-details/destination.js";
import { validateBankDetails } from "../bank-details/validate.js";
import type { BankDetails } from "../extraction/model.js";
import { creditorAccount, routeOf } from "../payments/rails.js";
import { type Currency, isCurrency } from "../shared/currencies.js";
import { isoInstant } from "../shared/instant.js";
import { addAmounts, isDecimalString, normalizeAmount, subtractAmounts, wireAmount } from "../shared/money.js";
import type { Bill } from "./model.js";

/** A line of a bill's JSON (a type alias, not an interface: event codecs take it as a record). */
export type LineItemJson = {
  readonly description: string;
  readonly quantity: string | null;
  readonly unitPrice: string | null;
  readonly amount: string | null;
};

/** A bill as GET /v1/bills/{id} answers it and as bill.* events carry it (the same object). */
export interface BillJson {
  readonly id: string;
  readonly organisationId: string;
  readonly state: string;
  readonly supplierId: string | null;
  readonly supplierName: string | null;
  readonly invoiceNumber: string | null;
  readonly currency: Currency | null;
  readonly totalAmount: string | null;
  readonly lineItems: readonly LineItemJson[];
  readonly confidence: number | null;
  readonly fieldConfidence: Readonly<Record<string, number>> | null;
  readonly reader: string | null;
  readonly invoiceDate: string | null;
  readonly dueDate: string | null;
  readonly subTotal: string | null;
  readonly taxAmount: string | null;
  readonly supplierTaxNumber: string | null;
  readonly bankDetails: BankDetails | null;
  readonly purchaseOrderNumber: string | null;
  readonly paymentTerms: string | null;
  readonly paymentRef: string | null;
  readonly duplicateOfBillId: string | null;
  readonly duplicateMatchBasis: string | null;
  /** The bank details name an account the supplier has not been known by: the fraud signal, for review. */
  readonly bankDetailsChanged: boolean;
  /** Why the bill's bank details could not be paid as they are (invalid, or no rail for the currency), or null. */
  readonly bankDetailsProblem: BankDetailsProblem | null;
  readonly voidReason: string | null;
  readonly readFailure: { readonly reason: string; readonly detail: string } | null;
  readonly document: { readonly filename: string | null; readonly mediaType: string; readonly size: number };
  /** The approval decision taken at submit (null before): policy, version, matched conditions, action. */
  readonly appliedPolicy: DecisionSnapshot | null;
  readonly approvals: readonly Approval[];
  readonly rejectionReason: string | null;
  readonly paymentDate: string | null;
  readonly paymentMethod: string | null;
  readonly paidAt: string | null;
  /** Supplier credit applied to the bill. */
  readonly amountCredited: string;
  /** Paid so far (by hand or by a run's confirmed transfer). */
  readonly amountPaid: string;
  /** The total less the credit applied and the amount paid (null while the total is unknown); a Paid or Voided bill owes "0". */
  readonly amountDue: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** What is wrong with a bill's bank details: a check's code (`modulus_check`, `unroutable`...), its field, in words. */
export type BankDetailsProblem = {
  readonly code: string;
  readonly field: string | null;
  readonly message: string;
};

/**
 * The problem of a bill's bank details, checked whenever the bill is shown (read, corrected, submitted, in its
 * events): the first failing rule check, else, with the bill's currency known, the payment rail's refusal (a
 * transfer apar could not write into a payment file). Null without an account or with nothing wrong.
 */
export const bankDetailsProblem = (details: BankDetails | null, currency: string | null): BankDetailsProblem | null => {
  if (destinationKey(details) === null || details === null) return null;
  // Every bill view asks (a list page of 100 bills asks 100 times, mostly of a few suppliers' accounts), and the
  // checks cost about ten times the rest of the view: answers are kept per account and currency.
  const key = [
    details.iban,
    details.accountNumber,
    details.sortCode,
    details.routingNumber,
    details.country,
    details.bicSwift,
    details.accountHolderName,
    details.currency,
    currency,
  ].join("\u0000");
  const known = PROBLEMS.get(key);
  if (known !== undefined) return known;
  if (PROBLEMS.size >= MAX_KEPT_PROBLEMS) PROBLEMS.clear();
  const problem = checkBankDetails(details, currency);
  PROBLEMS.set(key, problem);
  return problem;
};

/** Answers of `bankDetailsProblem` by account and currency (pure: the same details always have the same answer). */
const PROBLEMS = new Map<string, BankDetailsProblem | null>();
const MAX_KEPT_PROBLEMS = 2048;

const checkBankDetails = (details: BankDetails, currency: string | null): BankDetailsProblem | null => {
  const verdict = validateBankDetails(details);
  const first = verdict.errors[0];
  if (first !== undefined) return { code: first.code, field: first.field, message: first.message };
  if (currency === null) return null;
  const route = routeOf(creditorAccount(details.accountHolderName ?? "", verdict.canonical), currency);
  if (!("refused" in route)) return null;
  const message = `${route.refused.charAt(0).toUpperCase()}${route.refused.slice(1)}.`;
  return { code: "unroutable", field: null, message };
};

/** The JSON of a bill, with what happened to it after review when it has a lifecycle record. */
export const billJson = (bill: Bill, lifecycle?: BillLifecycle | null): BillJson => {
  const f = bill.fields;
  const money = (a: string | null) => wireAmount(a, f.currency);
  return {
    id: bill.id,
    organisationId: bill.organisationId,
    state: bill.state,
    supplierId: bill.supplierId,
    supplierName: f.supplierName,
    invoiceNumber: f.invoiceNumber,
    currency: f.currency !== null && isCurrency(f.currency) ? f.currency : null,
    totalAmount: money(f.totalAmount),
    lineItems: f.lineItems.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitPrice: money(l.unitPrice),
      amount: money(l.amount),
    })),
    confidence: bill.confidence,
    fieldConfidence: bill.fieldConfidence,
    reader: bill.reader,
    invoiceDate: f.invoiceDate,
    dueDate: f.dueDate,
    subTotal: money(f.subTotal),
    taxAmount: money(f.taxAmount),
    supplierTaxNumber: f.supplierTaxNumber,
    bankDetails: f.bankDetails,
    purchaseOrderNumber: f.purchaseOrderNumber,
    paymentTerms: f.paymentTerms,
    paymentRef: f.paymentRef,
    duplicateOfBillId: bill.duplicateOfBillId,
    bankDetailsChanged: bill.bankDetailsChanged,
    bankDetailsProblem: bankDetailsProblem(f.bankDetails, f.currency),
    duplicateMatchBasis: bill.duplicateMatchBasis,
    voidReason: bill.voidReason,
    readFailure: bill.readFailure,
    document: { filename: bill.document.filename, mediaType: bill.document.mediaType, size: bill.document.size },
    appliedPolicy: lifecycle?.decision ?? null,
    approvals: lifecycle?.approvals ?? [],
    rejectionReason: lifecycle?.rejectionReason ?? null,
    paymentDate: lifecycle?.paymentDate ?? null,
    paymentMethod: lifecycle?.paymentMethod ?? null,
    paidAt: lifecycle?.paidAt ?? null,
    amountCredited: money(lifecycle?.amountCredited ?? "0") ?? "0",
    amountPaid: money(lifecycle?.amountPaid ?? "0") ?? "0",
    amountDue: OWES_NOTHING.has(bill.state)
      ? money("0")
      : amountDue(f.totalAmount, addAmounts(lifecycle?.amountCredited ?? "0", lifecycle?.amountPaid ?? "0"), money),
    createdAt: isoInstant(bill.createdAt),
    updatedAt: isoInstant(bill.updatedAt),
  };
};

/** States in which a bill owes nothing: paid, or voided (a Rejected bill can be reopened, so it still owes). */
const OWES_NOTHING: ReadonlySet<string> = new Set(["Paid", "Voided"]);

const amountDue = (total: string | null, settled: string, money: (a: string | null) => string | null): string | null =>
  total === null || !isDecimalString(total) ? null : money(notBelowZero(owed(total, settled)));

/** The total less the credit and payments (canonical); most bills have neither, which needs no arithmetic. */
const owed = (total: string, settled: string): string =>
  normalizeAmount(settled) === "0" ? normalizeAmount(total) : subtractAmounts(total, settled);

/** A canonical amount, or "0" when it is negative (a canonical amount is negative exactly when it starts "-"). */
const notBelowZero = (amount: string): string => (amount.startsWith("-") ? "0" : amount);
