import type { ExtractedFields, ExtractedLineItem } from "../extraction/model.js";
import { isIsoDate } from "../shared/codecs/iso-date.js";
import { isCurrency } from "../shared/currencies.js";
import { canonicalAmountOf } from "../shared/money.js";

const amount = (a: string | null): string | null => canonicalAmountOf(a) ?? null;

const line = (l: ExtractedLineItem): ExtractedLineItem => ({
  description: l.description,
  quantity: amount(l.quantity),
  unitPrice: amount(l.unitPrice),
  amount: amount(l.amount),
});

/**
 * Fields in the form they are stored in: amounts canonical (`"10.50"` is `"10.5"`, as a DECIMAL column gives
 * it back), so that an event written from memory and a GET read from the database say the same. An amount
 * that is not a decimal string, or a currency that is not ISO 4217, is dropped to null (a reader's mistake must
 * not reach a DECIMAL column or an event).
 */
export const canonicalFields = (f: ExtractedFields): ExtractedFields => ({
  ...f,
  currency: f.currency !== null && isCurrency(f.currency.toUpperCase()) ? f.currency.toUpperCase() : null,
  invoiceDate: f.invoiceDate !== null && isIsoDate(f.invoiceDate) ? f.invoiceDate : null,
  dueDate: f.dueDate !== null && isIsoDate(f.dueDate) ? f.dueDate : null,
  totalAmount: amount(f.totalAmount),
  subTotal: amount(f.subTotal),
  taxAmount: amount(f.taxAmount),
  lineItems: f.lineItems.map(line),
});
