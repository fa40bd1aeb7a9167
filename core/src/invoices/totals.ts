import type { Currency } from "../shared/currencies.js";
import {
  addAmounts,
  compareAmounts,
  maxAmount,
  multiplyAmount,
  roundAmount,
  subtractAmounts,
  sumAmounts,
} from "../shared/money.js";
import { type Invoice, type InvoiceLine, type TaxSubtotal, taxCategoryOf } from "./model.js";

/** A line as given, before its net amount is computed. */
export type LineInput = Omit<InvoiceLine, "netAmount">;

/** The totals of an invoice. */
export interface InvoiceTotals {
  readonly lines: readonly InvoiceLine[];
  readonly subTotal: string;
  readonly taxAmount: string;
  readonly totalAmount: string;
  readonly taxes: readonly TaxSubtotal[];
}

// amount x percent / 100, exact (multiplying by 0.01 never loses digits).
const percentOf = (amount: string, percent: string): string => multiplyAmount(multiplyAmount(amount, percent), "0.01");

/**
 * A line's net amount: quantity x unit price x (100 - discount)%, exact, then rounded half-up once to the
 * currency's minor unit, so that the printed lines add up to the printed subtotal.
 */
export const lineNet = (line: LineInput, currency: Currency): string =>
  roundAmount(
    percentOf(multiplyAmount(line.quantity, line.unitPrice), subtractAmounts("100", line.discountPercent)),
    currency,
  );

/**
 * The totals: each line rounded (above); per tax rate, the tax on the sum of that rate's net amounts, rounded
 * half-up once (EN 16931's VAT breakdown); subtotal and tax are sums of rounded amounts and the total is their
 * sum, so every printed figure adds up exactly. Rates are listed highest first.
 */
export const computeTotals = (lines: readonly LineInput[], currency: Currency): InvoiceTotals => {
  const priced = lines.map((l) => ({ ...l, taxRate: addAmounts(l.taxRate, "0"), netAmount: lineNet(l, currency) }));
  // One breakdown per category and rate (EN 16931 BG-23); lines written without a category keep the old shape.
  const groups = new Map<string, (typeof priced)[number][]>();
  for (const l of priced) {
    const key = `${taxCategoryOf(l)} ${l.taxRate}`;
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  const taxes: TaxSubtotal[] = [...groups.values()]
    .map((group) => ({ group, first: group[0] as LineInput }))
    .sort(
      (a, b) =>
        compareAmounts(b.first.taxRate, a.first.taxRate) ||
        (a.first.taxCategory ?? "").localeCompare(b.first.taxCategory ?? ""),
    )
    .map(({ group, first }) => {
      const rate = first.taxRate;
      const taxableAmount = sumAmounts(group.map((l) => l.netAmount));
      const reasons = [...new Set(group.map((l) => l.taxExemptionReason).filter((r): r is string => r != null))];
      return {
        rate,
        taxableAmount,
        taxAmount: roundAmount(percentOf(taxableAmount, rate), currency),
        ...(group.some((l) => l.taxCategory !== undefined)
          ? { category: taxCategoryOf(first), exemptionReason: reasons.length === 0 ? null : reasons.join("; ") }
          : {}),
      };
    });
  const subTotal = sumAmounts(priced.map((l) => l.netAmount));
  const taxAmount = sumAmounts(taxes.map((t) => t.taxAmount));
  return { lines: priced, subTotal, taxAmount, totalAmount: addAmounts(subTotal, taxAmount), taxes };
};

type Balances = Pick<Invoice, "totalAmount" | "amountPaid" | "amountCredited">;

/** What is still to be paid: total - paid - credited, never below zero. */
export const outstandingOf = (invoice: Balances): string =>
  maxAmount("0", subtractAmounts(subtractAmounts(invoice.totalAmount, invoice.amountPaid), invoice.amountCredited));

/** What was paid and credited beyond the total: owed back to the customer. */
export const owedBackOf = (invoice: Balances): string =>
  maxAmount("0", subtractAmounts(addAmounts(invoice.amountPaid, invoice.amountCredited), invoice.totalAmount));

/** What may still be credited: the total minus earlier credits. */
export const creditableOf = (invoice: Pick<Invoice, "totalAmount" | "amountCredited">): string =>
  maxAmount("0", subtractAmounts(invoice.totalAmount, invoice.amountCredited));
