import type { BankDetails } from "../extraction/model.js";
import { type Currency, isCurrency, minorUnits } from "../shared/currencies.js";
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
  readonly voidReason: string | null;
  readonly readFailure: { readonly reason: string; readonly detail: string } | null;
  readonly document: { readonly filename: string | null; readonly mediaType: string; readonly size: number };
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * An amount written with at least its currency's minor digits (`100` EUR is `"100.00"`); never rounded, so
 * an amount read with more digits keeps them.
 */
export const presentAmount = (amount: string | null, currency: string | null): string | null => {
  if (amount === null || currency === null || !isCurrency(currency)) return amount;
  const digits = minorUnits(currency);
  const [whole, fraction = ""] = amount.split(".");
  if (fraction.length >= digits) return amount;
  const padded = fraction.padEnd(digits, "0");
  return padded === "" ? (whole ?? amount) : `${whole}.${padded}`;
};

/** The JSON of a bill. */
export const billJson = (bill: Bill): BillJson => {
  const f = bill.fields;
  const money = (a: string | null) => presentAmount(a, f.currency);
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
    duplicateMatchBasis: bill.duplicateMatchBasis,
    voidReason: bill.voidReason,
    readFailure: bill.readFailure,
    document: { filename: bill.document.filename, mediaType: bill.document.mediaType, size: bill.document.size },
    createdAt: bill.createdAt.toISOString(),
    updatedAt: bill.updatedAt.toISOString(),
  };
};
