import type * as t from "io-ts";
import { creditorReferenceFor } from "../payments/creditor-reference.js";
import { wireAmount } from "../shared/money.js";
import { type CreditNote, type Invoice, taxCategoryOf } from "./model.js";
import { outstandingOf, owedBackOf } from "./totals.js";
import type { CreditNoteView, InvoicePaymentView, InvoiceView } from "./views.js";

/** The public page of a token: `<base>/i/<token>` (the base without a trailing slash). */
export const publicInvoiceUrl = (publicBaseUrl: string, token: string): string =>
  `${publicBaseUrl.replace(/\/+$/, "")}/i/${token}`;

/** An invoice's JSON (as GET answers it and events carry it). Amounts have the currency's scale. */
export const invoiceJson = (invoice: Invoice, publicBaseUrl: string): InvoiceJson => {
  const money = (amount: string) => wireAmount(amount, invoice.currency);
  return {
    id: invoice.id,
    organisationId: invoice.organisationId,
    status: invoice.status,
    documentNumber: invoice.documentNumber,
    /** ISO 11649 RF creditor reference made from the number: what a payer quotes, what statements are matched by. */
    creditorReference: invoice.documentNumber === null ? null : (creditorReferenceFor(invoice.documentNumber) ?? null),
    customerId: invoice.customerId,
    customerName: invoice.customer.name,
    customer: invoice.customer,
    currency: invoice.currency,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    memo: invoice.memo,
    lineItems: invoice.lines.map((l) => ({
      ...l,
      taxCategory: taxCategoryOf(l),
      taxExemptionReason: l.taxExemptionReason ?? null,
      unitPrice: money(l.unitPrice),
      netAmount: money(l.netAmount),
    })),
    subTotal: money(invoice.subTotal),
    taxAmount: money(invoice.taxAmount),
    totalAmount: money(invoice.totalAmount),
    taxBreakdown: invoice.taxes.map((t) => ({
      ...t,
      category: t.category ?? taxCategoryOf({ taxRate: t.rate }),
      exemptionReason: t.exemptionReason ?? null,
      taxableAmount: money(t.taxableAmount),
      taxAmount: money(t.taxAmount),
    })),
    amountPaid: money(invoice.amountPaid),
    amountCredited: money(invoice.amountCredited),
    amountOwedBack: money(owedBackOf(invoice)),
    outstanding: money(outstandingOf(invoice)),
    // The link stops working once the invoice is voided, so it is not handed out then.
    paymentUrl:
      invoice.publicToken === null || invoice.status === "Void"
        ? null
        : publicInvoiceUrl(publicBaseUrl, invoice.publicToken),
    reminderOffsets: invoice.reminderOffsets,
    recurringScheduleId: invoice.recurringScheduleId,
    recurringOccurrenceNumber: invoice.recurringOccurrenceNumber,
    sentAt: invoice.sentAt?.toISOString() ?? null,
    voidedAt: invoice.voidedAt?.toISOString() ?? null,
    voidReason: invoice.voidReason,
    createdAt: invoice.createdAt.toISOString(),
    updatedAt: invoice.updatedAt.toISOString(),
  };
};
export type InvoiceJson = t.TypeOf<typeof InvoiceView>;

/** A recorded payment's JSON. */
export const paymentJson =
  (invoice: Invoice) =>
  (p: Invoice["payments"][number]): t.TypeOf<typeof InvoicePaymentView> => ({
    id: p.id,
    invoiceId: invoice.id,
    amount: wireAmount(p.amount, invoice.currency),
    currency: invoice.currency,
    paidAt: new Date(p.paidAt).toISOString(),
    notes: p.notes,
    method: p.method,
    reference: p.reference,
    createdAt: p.createdAt.toISOString(),
  });

/** A credit note's JSON. */
export const creditNoteJson = (note: CreditNote): CreditNoteJson => ({
  id: note.id,
  organisationId: note.organisationId,
  invoiceId: note.invoiceId,
  status: note.status,
  documentNumber: note.documentNumber,
  currency: note.currency,
  amount: wireAmount(note.amount, note.currency),
  reason: note.reason,
  invoiceLineItemId: note.invoiceLineItemId,
  amountOwedBack: wireAmount(note.amountOwedBack, note.currency),
  issuedAt: note.issuedAt?.toISOString() ?? null,
  createdAt: note.createdAt.toISOString(),
  updatedAt: note.updatedAt.toISOString(),
});
export type CreditNoteJson = t.TypeOf<typeof CreditNoteView>;
