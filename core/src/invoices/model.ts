import type { Currency } from "../shared/currencies.js";

/** Every status an invoice can be in (ROUTES.md's published names). */
export const INVOICE_STATUSES = ["Draft", "Sent", "PartiallyPaid", "Paid", "Void", "Credited"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The reminder offsets an organisation may choose (the published presets). */
export const REMINDER_OFFSETS = [
  "OneWeekBefore",
  "TwoDaysBefore",
  "OnDueDate",
  "TwoDaysAfter",
  "OneWeekAfter",
] as const;
export type ReminderOffset = (typeof REMINDER_OFFSETS)[number];

/** Who an invoice is addressed to, as it was when the invoice was last edited or sent. */
export interface Party {
  readonly name: string;
  readonly email: string | null;
  readonly address: string | null;
  readonly taxNumber: string | null;
  /** ISO 3166-1 alpha-2, when known. */
  readonly country: string | null;
}

/**
 * EN 16931 VAT categories (UNTDID 5305) a line can carry: S standard rate, Z zero rated, E exempt, AE reverse
 * charge, K intra-community supply, G export outside the EU, O outside the scope of VAT.
 */
export const TAX_CATEGORIES = ["S", "Z", "E", "AE", "K", "G", "O"] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

/** Categories whose rate is 0 and that need a reason printed (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10). */
export const EXEMPT_CATEGORIES: readonly TaxCategory[] = ["E", "AE", "K", "G", "O"];

/** A line's category: the one it was given, else S for a rate above zero and Z for zero. */
export const taxCategoryOf = (line: { readonly taxRate: string; readonly taxCategory?: TaxCategory }): TaxCategory =>
  line.taxCategory ?? (/^0*(\.0*)?$/.test(line.taxRate) ? "Z" : "S");

/** One line of an invoice. Amounts are canonical decimal strings; `netAmount` is computed (see totals.ts). */
export interface InvoiceLine {
  readonly id: string;
  readonly productId: string | null;
  readonly description: string;
  readonly quantity: string;
  readonly unitPrice: string;
  /** Percent off the line (0 to 100). */
  readonly discountPercent: string;
  /** Tax rate in percent (`"20"`). */
  readonly taxRate: string;
  /** Absent on lines written before categories: see `taxCategoryOf`. */
  readonly taxCategory?: TaxCategory;
  /** Why no VAT is charged (exempt, reverse charge and the other zero categories), printed and in e-invoices. */
  readonly taxExemptionReason?: string | null;
  /** quantity x unitPrice less the discount, rounded to the currency's minor unit. */
  readonly netAmount: string;
}

/** The tax of one rate: the sum of its lines' net amounts and the tax on that sum. */
export interface TaxSubtotal {
  readonly rate: string;
  /** Absent on invoices written before categories (then S above zero, Z at zero). */
  readonly category?: TaxCategory;
  /** The reason of the category's lines (distinct reasons joined by "; "), for E, AE, K, G and O. */
  readonly exemptionReason?: string | null;
  readonly taxableAmount: string;
  readonly taxAmount: string;
}

/** A payment recorded against an invoice. */
export interface InvoicePayment {
  readonly id: string;
  readonly amount: string;
  /** A date (YYYY-MM-DD) or an instant, as recorded. */
  readonly paidAt: string;
  readonly notes: string | null;
  readonly method: string | null;
  readonly reference: string | null;
  readonly createdAt: Date;
}

/** An invoice of an organisation. Drafts have no number and no public token. */
export interface Invoice {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly status: InvoiceStatus;
  readonly documentNumber: string | null;
  readonly customerId: string;
  readonly customer: Party;
  readonly currency: Currency;
  readonly issueDate: string;
  readonly dueDate: string;
  readonly memo: string | null;
  readonly lines: readonly InvoiceLine[];
  readonly subTotal: string;
  readonly taxAmount: string;
  readonly totalAmount: string;
  readonly taxes: readonly TaxSubtotal[];
  readonly amountPaid: string;
  /** The sum of issued credit notes. */
  readonly amountCredited: string;
  readonly payments: readonly InvoicePayment[];
  /** A long random token for the public page; set at send. */
  readonly publicToken: string | null;
  /** The reminder offsets chosen at send (null: the organisation's defaults apply). */
  readonly reminderOffsets: readonly ReminderOffset[] | null;
  readonly recurringScheduleId: string | null;
  readonly recurringOccurrenceNumber: number | null;
  readonly sentAt: Date | null;
  readonly voidedAt: Date | null;
  readonly voidReason: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Credit note states: drafted against an invoice, then issued (numbered, applied). */
export const CREDIT_NOTE_STATUSES = ["Draft", "Issued"] as const;
export type CreditNoteStatus = (typeof CREDIT_NOTE_STATUSES)[number];

/** A credit note against an invoice. */
export interface CreditNote {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly invoiceId: string;
  readonly status: CreditNoteStatus;
  readonly documentNumber: string | null;
  readonly currency: Currency;
  readonly amount: string;
  readonly reason: string | null;
  readonly invoiceLineItemId: string | null;
  /** The part of the amount beyond what was outstanding at issue: owed back to the customer. */
  readonly amountOwedBack: string;
  readonly issuedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}
