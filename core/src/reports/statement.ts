import type { CreditNote, Invoice } from "../invoices/model.js";
import type { Currency } from "../shared/currencies.js";
import {
  addAmounts,
  isPositiveAmount,
  negateAmount,
  subtractAmounts,
  sumAmounts,
  wireAmount,
} from "../shared/money.js";
import { type AgingBucket, agingTable, type BucketAmounts, businessDateOf, wireBuckets } from "./aging.js";
import { invoiceAgingItem } from "./items.js";

/**
 * A customer's statement of account for a period: per currency, the balance owed at its start, every invoice,
 * credit note, payment and void dated within it with the running balance, the balance at its end, and what was
 * still owed at the end by how late it was (the aging buckets as of the period's last day).
 */

/** What moved a customer's balance: an invoice raises it; a credit note, a payment and a void lower it. */
export const STATEMENT_LINE_TYPES = ["Invoice", "CreditNote", "Payment", "Void"] as const;
export type StatementLineType = (typeof STATEMENT_LINE_TYPES)[number];

/** One movement of the balance (amount signed: positive raises what the customer owes). */
export interface StatementMovement {
  readonly date: string;
  readonly type: StatementLineType;
  /** The invoice's or credit note's number; null for payments and voids. */
  readonly documentNumber: string | null;
  /** The invoice the movement belongs to. */
  readonly invoiceNumber: string | null;
  /** Invoices only: when it is due. */
  readonly dueDate: string | null;
  /** A payment's reference, a credit note's reason, a void's reason, when given. */
  readonly reference: string | null;
  readonly amount: string;
}

/** A line as printed: the movement and the balance after it. */
export interface StatementLine extends StatementMovement {
  readonly balance: string;
}

/** One currency's part of a statement (amounts with the currency's minor digits). */
export interface StatementCurrency {
  readonly currency: Currency;
  readonly openingBalance: string;
  readonly lines: readonly StatementLine[];
  readonly closingBalance: string;
  /** What was still owed at the end of the period, by how late it was then. */
  readonly aging: BucketAmounts;
  /** The buckets past due added up (all but `current`). */
  readonly overdue: string;
}

export interface Statement {
  readonly from: string;
  readonly to: string;
  readonly currencies: readonly StatementCurrency[];
}

/** Who a statement is for, as its invoices name them (the customer record when there is one). */
export interface StatementCustomer {
  readonly id: string;
  readonly name: string;
  readonly email: string | null;
  readonly address: string | null;
  readonly country: string | null;
}

/** A customer's statement with who it is for and who sends it (its JSON, and what its PDF prints). */
export interface CustomerStatement extends Statement {
  readonly customer: StatementCustomer;
  /** The seller's name as its documents give it (trading name, legal name, or the organisation's name). */
  readonly organisationName: string;
}

/** The most lines one statement shows (a longer period is refused: ask for a shorter one). */
export const STATEMENT_MAX_LINES = 5000;

const ORDER: Readonly<Record<StatementLineType, number>> = { Invoice: 0, CreditNote: 1, Payment: 2, Void: 3 };

/** Every movement of an invoice's balance with its business date (none for a draft). */
export const invoiceEntries = (
  invoice: Invoice,
  creditNotes: readonly CreditNote[],
  timeZone: string,
): StatementMovement[] => {
  const item = invoiceAgingItem(invoice, creditNotes, timeZone);
  if (item === undefined) return [];
  const of = { invoiceNumber: invoice.documentNumber, dueDate: null } as const;
  const entries: StatementMovement[] = [
    {
      date: invoice.issueDate,
      type: "Invoice",
      documentNumber: invoice.documentNumber,
      invoiceNumber: invoice.documentNumber,
      dueDate: invoice.dueDate,
      reference: null,
      amount: invoice.totalAmount,
    },
    ...creditNotes
      .filter((n) => n.status === "Issued")
      .map((n) => ({
        ...of,
        date: businessDateOf(n.issuedAt ?? n.updatedAt, timeZone),
        type: "CreditNote" as const,
        documentNumber: n.documentNumber,
        reference: n.reason,
        amount: negateAmount(n.amount),
      })),
    ...invoice.payments.map((p) => ({
      ...of,
      date: businessDateOf(p.paidAt, timeZone),
      type: "Payment" as const,
      documentNumber: null,
      reference: p.reference,
      amount: negateAmount(p.amount),
    })),
  ];
  // A void takes off whatever the invoice still asked for when it was withdrawn.
  const left = subtractAmounts(item.total, sumAmounts(item.reductions.map((r) => r.amount)));
  if (item.voidedOn !== null && isPositiveAmount(left))
    entries.push({
      ...of,
      date: item.voidedOn,
      type: "Void",
      documentNumber: null,
      reference: invoice.voidReason,
      amount: negateAmount(left),
    });
  return entries;
};

/** A statement being filled, invoice by invoice; memory grows with the period's lines only. */
export interface StatementBuilder {
  /** Takes in an invoice of the customer; false when the period holds more than STATEMENT_MAX_LINES lines. */
  add(invoice: Invoice, creditNotes: readonly CreditNote[]): boolean;
  result(): Statement;
}

/** A statement for `from`..`to` (inclusive business dates) in the organisation's time zone. */
export const statementBuilder = (from: string, to: string, timeZone: string): StatementBuilder => {
  const currencies = new Map<Currency, { opening: string; entries: StatementMovement[] }>();
  const aging = agingTable(to);
  let lines = 0;
  return {
    add(invoice, creditNotes) {
      if (invoice.status === "Draft" || invoice.issueDate > to) return true;
      const item = invoiceAgingItem(invoice, creditNotes, timeZone);
      if (item !== undefined) aging.add(item);
      let part = currencies.get(invoice.currency);
      if (part === undefined) {
        part = { opening: "0", entries: [] };
        currencies.set(invoice.currency, part);
      }
      for (const entry of invoiceEntries(invoice, creditNotes, timeZone)) {
        if (entry.date < from) part.opening = addAmounts(part.opening, entry.amount);
        else if (entry.date <= to) {
          part.entries.push(entry);
          lines += 1;
        }
      }
      return lines <= STATEMENT_MAX_LINES;
    },
    result() {
      const owed = new Map(aging.totals().map((t) => [t.currency, t.buckets]));
      const parts = [...currencies.entries()].sort(([a], [b]) => a.localeCompare(b));
      return {
        from,
        to,
        currencies: parts.map(([currency, part]) => {
          const money = (amount: string) => wireAmount(amount, currency);
          const sorted = [...part.entries].sort(
            (a, b) =>
              a.date.localeCompare(b.date) ||
              ORDER[a.type] - ORDER[b.type] ||
              (a.invoiceNumber ?? "").localeCompare(b.invoiceNumber ?? "") ||
              (a.documentNumber ?? "").localeCompare(b.documentNumber ?? ""),
          );
          let balance = part.opening;
          const printed = sorted.map((e) => {
            balance = addAmounts(balance, e.amount);
            return { ...e, amount: money(e.amount), balance: money(balance) };
          });
          const buckets = owed.get(currency) ?? {
            current: "0",
            days1To30: "0",
            days31To60: "0",
            days61To90: "0",
            over90: "0",
          };
          const late: readonly AgingBucket[] = ["days1To30", "days31To60", "days61To90", "over90"];
          return {
            currency,
            openingBalance: money(part.opening),
            lines: printed,
            closingBalance: money(balance),
            aging: wireBuckets(buckets, currency),
            overdue: money(sumAmounts(late.map((b) => buckets[b]))),
          };
        }),
      };
    },
  };
};
