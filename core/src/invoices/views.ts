import * as t from "io-ts";
import { ActorCodec } from "../events/actor-codec.js";
import { nullable, oneOf } from "../shared/codecs/combinators.js";
import { IsoDate } from "../shared/codecs/iso-date.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Integer } from "../shared/codecs/numbers.js";
import { Uuid } from "../shared/codecs/uuid.js";
import { CurrencyCode } from "../shared/currencies.js";
import { MoneyAmount } from "../shared/money.js";
import { CREDIT_NOTE_STATUSES, INVOICE_STATUSES, REMINDER_OFFSETS, TAX_CATEGORIES } from "./model.js";

const text = nullable(t.string);
const amount = documented(MoneyAmount, { description: "Decimal amount with the currency's scale" });
const TaxCategory = documented(oneOf(TAX_CATEGORIES, "TaxCategory"), {
  description:
    "EN 16931 VAT category: S standard, Z zero rated, E exempt, AE reverse charge, K intra-community, G export, O out of scope",
});

/** Who an invoice is addressed to, as it was when the invoice was last edited or sent. */
export const PartyView = t.type(
  { name: t.string, email: text, address: text, taxNumber: text, country: text },
  "Party",
);

/** One line of an invoice as views show it. */
export const InvoiceLineView = t.type(
  {
    id: Uuid,
    productId: nullable(Uuid),
    description: t.string,
    quantity: t.string,
    unitPrice: t.string,
    discountPercent: t.string,
    taxRate: t.string,
    taxCategory: TaxCategory,
    taxExemptionReason: text,
    netAmount: amount,
  },
  "InvoiceLine",
);

/** The tax of one rate as views show it. */
export const TaxSubtotalView = t.type(
  { rate: t.string, category: TaxCategory, exemptionReason: text, taxableAmount: amount, taxAmount: amount },
  "TaxSubtotal",
);

/** An invoice as GET answers it and events carry it. Amounts have the currency's scale. */
export const InvoiceView = t.type(
  {
    id: Uuid,
    organisationId: Uuid,
    status: oneOf(INVOICE_STATUSES, "InvoiceStatus"),
    documentNumber: documented(text, { description: "Given when the invoice is sent" }),
    creditorReference: documented(text, {
      description: "ISO 11649 RF creditor reference made from the number (on the PDF, e-invoice and public page)",
    }),
    customerId: Uuid,
    customerName: t.string,
    customer: PartyView,
    currency: CurrencyCode,
    issueDate: IsoDate,
    dueDate: IsoDate,
    memo: text,
    lineItems: t.readonlyArray(InvoiceLineView),
    subTotal: amount,
    taxAmount: amount,
    totalAmount: amount,
    taxBreakdown: t.readonlyArray(TaxSubtotalView),
    amountPaid: amount,
    amountCredited: amount,
    amountOwedBack: amount,
    outstanding: amount,
    paymentUrl: documented(text, { description: "The public page; null for drafts and voided invoices" }),
    reminderOffsets: nullable(t.readonlyArray(oneOf(REMINDER_OFFSETS, "ReminderOffset"))),
    recurringScheduleId: nullable(Uuid),
    recurringOccurrenceNumber: nullable(Integer),
    sentAt: nullable(IsoDateTime),
    voidedAt: nullable(IsoDateTime),
    voidReason: text,
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  "Invoice",
);

/** A payment recorded against an invoice. */
export const InvoicePaymentView = t.type(
  {
    id: Uuid,
    invoiceId: Uuid,
    amount,
    currency: CurrencyCode,
    paidAt: documented(IsoDateTime, {
      description:
        "Sent as a date or a date-time; answered as ISO-8601 UTC with milliseconds (a date is its midnight UTC).",
    }),
    notes: text,
    method: text,
    reference: text,
    createdAt: IsoDateTime,
  },
  "InvoicePayment",
);

/** A credit note of an invoice. */
export const CreditNoteView = t.type(
  {
    id: Uuid,
    organisationId: Uuid,
    invoiceId: Uuid,
    status: oneOf(CREDIT_NOTE_STATUSES, "CreditNoteStatus"),
    documentNumber: text,
    currency: CurrencyCode,
    amount,
    reason: text,
    invoiceLineItemId: nullable(Uuid),
    amountOwedBack: documented(MoneyAmount, { description: "The part beyond what was outstanding at issue" }),
    issuedAt: nullable(IsoDateTime),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  "CreditNote",
);

/** One entry of an invoice's audit trail. */
export const InvoiceHistoryEntryView = t.type(
  {
    id: Uuid,
    type: t.string,
    occurredAt: IsoDateTime,
    actor: ActorCodec,
    status: text,
    changes: documented(t.readonlyArray(t.type({ field: t.string, from: t.unknown, to: t.unknown })), {
      description: "The fields whose values differ from the invoice in the event before (none for the first).",
    }),
  },
  "InvoiceHistoryEntry",
);
