import type { Currency } from "../shared/currencies.js";
import {
  addAmounts,
  allocateAmount,
  divideAmount,
  isZeroAmount,
  multiplyAmount,
  roundAmount,
  subtractAmounts,
  sumAmounts,
} from "../shared/money.js";
import { type CreditNote, type Invoice, type TaxCategory, taxCategoryOf } from "./model.js";

/** One taxed part of a credit note: what it credits before tax, at which category and rate. */
export interface CreditNotePart {
  readonly category: TaxCategory;
  readonly rate: string;
  readonly exemptionReason: string | null;
  readonly netAmount: string;
  readonly taxAmount: string;
}

/** A credit note's amount split by tax, as an e-invoice states it. */
export interface CreditNoteBreakdown {
  readonly parts: readonly CreditNotePart[];
  readonly netTotal: string;
  readonly taxTotal: string;
  /** amount - (net + tax): the minor units that rounding each part leaves over (EN 16931 BT-114). */
  readonly rounding: string;
}

const part = (gross: string, category: TaxCategory, rate: string, reason: string | null, currency: Currency) => {
  const netAmount = divideAmount(gross, addAmounts("1", multiplyAmount(rate, "0.01")), currency);
  const taxAmount = roundAmount(multiplyAmount(multiplyAmount(netAmount, rate), "0.01"), currency);
  return { category, rate, exemptionReason: reason, netAmount, taxAmount };
};

/**
 * A credit note's amount (tax included) split over the invoice's taxes: all of it at the credited line's
 * category and rate when it names a line, else in proportion to each breakdown's gross. Each part's net is
 * its gross / (1 + rate) rounded and its tax that net x rate rounded, as the invoice computed; what rounding
 * leaves over is stated as rounding, so that net + tax + rounding is exactly the credited amount.
 */
export const creditNoteBreakdown = (note: CreditNote, invoice: Invoice): CreditNoteBreakdown => {
  const currency = invoice.currency;
  const line = invoice.lines.find((l) => l.id === note.invoiceLineItemId);
  const taxes = invoice.taxes.filter((t) => !isZeroAmount(addAmounts(t.taxableAmount, t.taxAmount)));
  const parts =
    line !== undefined
      ? [part(note.amount, taxCategoryOf(line), line.taxRate, line.taxExemptionReason ?? null, currency)]
      : taxes.length === 0
        ? [part(note.amount, "Z", "0", null, currency)]
        : allocateAmount(
            note.amount,
            taxes.map((t) => addAmounts(t.taxableAmount, t.taxAmount)),
            currency,
          ).map((gross, i) => {
            const t = taxes[i] as (typeof taxes)[number];
            return part(
              gross,
              t.category ?? taxCategoryOf({ taxRate: t.rate }),
              t.rate,
              t.exemptionReason ?? null,
              currency,
            );
          });
  const netTotal = sumAmounts(parts.map((p) => p.netAmount));
  const taxTotal = sumAmounts(parts.map((p) => p.taxAmount));
  return { parts, netTotal, taxTotal, rounding: subtractAmounts(note.amount, addAmounts(netTotal, taxTotal)) };
};
