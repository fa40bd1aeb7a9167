import { INVOICE_STATUSES, REMINDER_OFFSETS, TAX_CATEGORIES } from "@apar/core";
import type { JsonSchema } from "../route.js";
import { ACTOR_SCHEMA } from "./approval-schemas.js";
import { listSchema, S } from "./support.js";

const TAX_CATEGORY = {
  type: "string",
  enum: [...TAX_CATEGORIES],
  description:
    "EN 16931 VAT category: S standard, Z zero rated, E exempt, AE reverse charge, K intra-community, G export, O out of scope",
} as const;

const amount = { type: "string", description: "Decimal amount with the currency's scale" } as const;

export const LINE_ITEM_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    id: S.uuid,
    productId: { type: ["string", "null"], format: "uuid" },
    description: S.string,
    quantity: { type: "string" },
    unitPrice: { type: "string" },
    discountPercent: { type: "string" },
    taxRate: { type: "string" },
    taxCategory: TAX_CATEGORY,
    taxExemptionReason: { type: ["string", "null"] },
    netAmount: amount,
  },
};

export const INVOICE_SCHEMA: JsonSchema = {
  type: "object",
  required: [
    "id",
    "status",
    "customerId",
    "currency",
    "issueDate",
    "dueDate",
    "lineItems",
    "totalAmount",
    "outstanding",
  ],
  properties: {
    id: S.uuid,
    organisationId: S.uuid,
    status: { type: "string", enum: [...INVOICE_STATUSES] },
    documentNumber: { type: ["string", "null"], description: "Given when the invoice is sent" },
    creditorReference: {
      type: ["string", "null"],
      description: "ISO 11649 RF creditor reference made from the number (on the PDF, e-invoice and public page)",
    },
    customerId: S.uuid,
    customerName: S.string,
    customer: { type: "object" },
    currency: S.string,
    issueDate: { type: "string", format: "date" },
    dueDate: { type: "string", format: "date" },
    memo: S.nullableString,
    lineItems: { type: "array", items: LINE_ITEM_SCHEMA },
    subTotal: amount,
    taxAmount: amount,
    totalAmount: amount,
    taxBreakdown: {
      type: "array",
      items: {
        type: "object",
        properties: {
          rate: S.string,
          category: TAX_CATEGORY,
          exemptionReason: { type: ["string", "null"] },
          taxableAmount: amount,
          taxAmount: amount,
        },
      },
    },
    amountPaid: amount,
    amountCredited: amount,
    amountOwedBack: amount,
    outstanding: amount,
    paymentUrl: { type: ["string", "null"], description: "The public page; null for drafts and voided invoices" },
    reminderOffsets: { type: ["array", "null"], items: { type: "string", enum: [...REMINDER_OFFSETS] } },
    recurringScheduleId: { type: ["string", "null"], format: "uuid" },
    recurringOccurrenceNumber: { type: ["integer", "null"] },
    sentAt: S.nullableDateTime,
    voidedAt: S.nullableDateTime,
    voidReason: S.nullableString,
    createdAt: S.dateTime,
    updatedAt: S.dateTime,
  },
};

export const PAYMENT_SCHEMA: JsonSchema = {
  type: "object",
  required: ["id", "invoiceId", "amount", "currency", "paidAt"],
  properties: {
    id: S.uuid,
    invoiceId: S.uuid,
    amount,
    currency: S.string,
    paidAt: {
      type: "string",
      format: "date-time",
      description:
        "Sent as a date or a date-time; answered as ISO-8601 UTC with milliseconds (a date is its midnight UTC).",
    },
    notes: S.nullableString,
    method: S.nullableString,
    reference: S.nullableString,
    createdAt: S.dateTime,
  },
};

export const CREDIT_NOTE_SCHEMA: JsonSchema = {
  type: "object",
  required: ["id", "invoiceId", "status", "amount", "currency"],
  properties: {
    id: S.uuid,
    organisationId: S.uuid,
    invoiceId: S.uuid,
    status: { type: "string", enum: ["Draft", "Issued"] },
    documentNumber: S.nullableString,
    currency: S.string,
    amount,
    reason: S.nullableString,
    invoiceLineItemId: { type: ["string", "null"], format: "uuid" },
    amountOwedBack: { ...amount, description: "The part beyond what was outstanding at issue" },
    issuedAt: S.nullableDateTime,
    createdAt: S.dateTime,
    updatedAt: S.dateTime,
  },
};

export const INVOICE_HISTORY_SCHEMA: JsonSchema = listSchema({
  type: "object",
  properties: {
    id: S.uuid,
    type: S.string,
    occurredAt: S.dateTime,
    actor: ACTOR_SCHEMA,
    status: S.nullableString,
    changes: { type: "array", items: { type: "object" } },
  },
});
