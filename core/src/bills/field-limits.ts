import type { BankDetails, ExtractedFields } from "../extraction/model.js";
import { currencyAmountErrors } from "../shared/currency-amounts.js";
import type { FieldError } from "../shared/errors.js";

/** The longest value of each text field, in characters: the same for a reader's fields and a person's PATCH. */
export const FIELD_LIMITS = {
  supplierName: 300,
  invoiceNumber: 100,
  supplierTaxNumber: 64,
  purchaseOrderNumber: 100,
  paymentTerms: 500,
  paymentRef: 140,
  currency: 3,
  invoiceDate: 10,
  dueDate: 10,
  totalAmount: 40,
  subTotal: 40,
  taxAmount: 40,
} as const satisfies Partial<Record<keyof ExtractedFields, number>>;

/** The longest value of each bank detail, in characters. */
export const BANK_LIMITS = {
  accountHolderName: 200,
  accountNumber: 64,
  sortCode: 16,
  routingNumber: 32,
  iban: 64,
  bicSwift: 16,
  country: 2,
  currency: 3,
} as const satisfies Record<keyof BankDetails, number>;

/** Line items a bill keeps, and the longest line description and amount. */
export const LINE_LIMITS = { items: 500, description: 1000, amount: 40 } as const;

const fits = (v: string | null, max: number): boolean => v === null || [...v].length <= max;

/**
 * A reader's fields held to the limits: an over-long value is dropped (null), never cut (a cut invoice number
 * would be a wrong one), and named in `dropped` so that the caller can warn. Lines past the limit are dropped.
 */
export const limitFields = (f: ExtractedFields): { fields: ExtractedFields; dropped: string[] } => {
  const dropped: string[] = [];
  const keep = (name: string, v: string | null, max: number): string | null => {
    if (fits(v, max)) return v;
    dropped.push(name);
    return null;
  };
  const fields = { ...f } as Record<string, unknown>;
  for (const [k, max] of Object.entries(FIELD_LIMITS)) fields[k] = keep(k, f[k as keyof typeof FIELD_LIMITS], max);
  if (f.bankDetails !== null) {
    const bank = { ...f.bankDetails } as Record<string, string | null>;
    for (const [k, max] of Object.entries(BANK_LIMITS))
      bank[k] = keep(`bankDetails.${k}`, f.bankDetails[k as keyof BankDetails], max);
    fields.bankDetails = bank;
  }
  if (f.lineItems.length > LINE_LIMITS.items) dropped.push(`lineItems[${LINE_LIMITS.items}:]`);
  fields.lineItems = f.lineItems.slice(0, LINE_LIMITS.items).map((l, i) => ({
    description: keep(`lineItems[${i}].description`, l.description, LINE_LIMITS.description) ?? "",
    quantity: keep(`lineItems[${i}].quantity`, l.quantity, LINE_LIMITS.amount),
    unitPrice: keep(`lineItems[${i}].unitPrice`, l.unitPrice, LINE_LIMITS.amount),
    amount: keep(`lineItems[${i}].amount`, l.amount, LINE_LIMITS.amount),
  }));
  return { fields: fields as unknown as ExtractedFields, dropped };
};

/**
 * The bill's amounts its currency refuses (JPY 1000.50), each with its field: a person corrects them before the
 * bill is submitted, and a correction that carries one is refused.
 */
export const billAmountErrors = (f: ExtractedFields): FieldError[] =>
  currencyAmountErrors(
    [
      ["totalAmount", f.totalAmount],
      ["subTotal", f.subTotal],
      ["taxAmount", f.taxAmount],
      ...f.lineItems.map((l, i) => [`lineItems[${i}].amount`, l.amount] as const),
    ],
    f.currency,
  );
