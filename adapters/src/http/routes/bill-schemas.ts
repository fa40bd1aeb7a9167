import { BILL_STATES } from "@apar/core";
import type { JsonSchema } from "../route.js";
import { ACTOR_SCHEMA, BILL_LIFECYCLE_PROPERTIES } from "./approval-schemas.js";

const str = { type: ["string", "null"] } as const;
const money = { type: ["string", "null"], description: "Decimal amount written as a string." } as const;
const date = { type: ["string", "null"], format: "date" } as const;

/** The bank details object (suppliers, bills). */
export const BANK_DETAILS_SCHEMA: JsonSchema = {
  type: ["object", "null"],
  properties: {
    accountHolderName: str,
    accountNumber: str,
    sortCode: str,
    routingNumber: str,
    iban: str,
    bicSwift: str,
    country: str,
    currency: str,
  },
};

const LINE_ITEM_SCHEMA: JsonSchema = {
  type: "object",
  required: ["description", "quantity", "unitPrice", "amount"],
  properties: { description: { type: "string" }, quantity: money, unitPrice: money, amount: money },
};

/** A bill as GET /v1/bills/{id} answers it and bill.* events carry it. */
export const BILL_SCHEMA: JsonSchema = {
  type: "object",
  required: ["id", "state", "supplierName", "invoiceNumber", "currency", "totalAmount", "lineItems", "confidence"],
  properties: {
    id: { type: "string", format: "uuid" },
    organisationId: { type: "string", format: "uuid" },
    state: { type: "string", enum: [...BILL_STATES] },
    supplierId: { type: ["string", "null"], format: "uuid" },
    supplierName: str,
    invoiceNumber: str,
    currency: str,
    totalAmount: money,
    lineItems: { type: "array", items: LINE_ITEM_SCHEMA },
    confidence: { type: ["number", "null"], minimum: 0, maximum: 1 },
    fieldConfidence: { type: ["object", "null"], additionalProperties: { type: "number" } },
    reader: { type: ["string", "null"], enum: ["einvoice", "pdf-text", "ocr", "llm", null] },
    invoiceDate: date,
    dueDate: date,
    subTotal: money,
    taxAmount: money,
    supplierTaxNumber: str,
    bankDetails: BANK_DETAILS_SCHEMA,
    purchaseOrderNumber: str,
    paymentTerms: str,
    paymentRef: str,
    duplicateOfBillId: { type: ["string", "null"], format: "uuid" },
    duplicateMatchBasis: { type: ["string", "null"], enum: ["SupplierId", "SupplierName", null] },
    bankDetailsChanged: {
      type: "boolean",
      description:
        "The bank details name an account the supplier is not known by (neither its stored account nor one its paid bills went to): a fraud signal, for review.",
    },
    bankDetailsProblem: {
      type: ["object", "null"],
      description:
        "Why the bill's bank details cannot be paid as they are, checked whenever the bill is shown: a failing check (`code` as in POST /bank-details/validate, with its `field`) or `unroutable` (no payment rail apar writes for the account in the bill's currency, e.g. a SWIFT transfer without the BIC). Null when nothing is wrong or there is no account.",
      required: ["code", "field", "message"],
      additionalProperties: false,
      properties: { code: { type: "string" }, field: { type: ["string", "null"] }, message: { type: "string" } },
    },
    voidReason: str,
    readFailure: {
      type: ["object", "null"],
      properties: { reason: { type: "string" }, detail: { type: "string" } },
    },
    document: {
      type: "object",
      properties: { filename: str, mediaType: { type: "string" }, size: { type: "integer" } },
    },
    ...BILL_LIFECYCLE_PROPERTIES,
    createdAt: { type: "string", format: "date-time" },
    updatedAt: { type: "string", format: "date-time" },
  },
};

/** One entry of a bill's history. */
export const HISTORY_ENTRY_SCHEMA: JsonSchema = {
  type: "object",
  required: ["id", "type", "occurredAt", "actor", "changes"],
  properties: {
    id: { type: "string", format: "uuid" },
    type: { type: "string" },
    occurredAt: { type: "string", format: "date-time" },
    actor: ACTOR_SCHEMA,
    changes: {
      type: "array",
      items: { type: "object", properties: { field: { type: "string" }, from: {}, to: {} } },
    },
    details: { type: ["object", "null"] },
  },
};

/** A supplier. */
export const SUPPLIER_SCHEMA: JsonSchema = {
  type: "object",
  required: [
    "id",
    "name",
    "taxNumber",
    "email",
    "address",
    "bankDetails",
    "bankDetailsStatus",
    "bankDetailsProposedBy",
    "bankDetailsProposedAt",
    "bankDetailsConfirmedBy",
    "bankDetailsConfirmedAt",
    "createdAt",
    "updatedAt",
  ],
  properties: {
    id: { type: "string", format: "uuid" },
    organisationId: { type: "string", format: "uuid" },
    name: { type: "string" },
    taxNumber: str,
    email: str,
    address: str,
    bankDetails: BANK_DETAILS_SCHEMA,
    bankDetailsStatus: {
      type: ["string", "null"],
      enum: ["Confirmed", "Unconfirmed", null],
      description: "Null without an account; only a Confirmed account is paid (dual control).",
    },
    bankDetailsProposedBy: { ...ACTOR_SCHEMA, type: ["object", "null"] },
    bankDetailsProposedAt: { type: ["string", "null"], format: "date-time" },
    bankDetailsConfirmedBy: { ...ACTOR_SCHEMA, type: ["object", "null"] },
    bankDetailsConfirmedAt: { type: ["string", "null"], format: "date-time" },
    createdAt: { type: "string", format: "date-time" },
    updatedAt: { type: "string", format: "date-time" },
  },
};

/** One entry of a supplier's history (GET /v1/suppliers/{id}/history). */
export const SUPPLIER_HISTORY_ENTRY_SCHEMA: JsonSchema = {
  type: "object",
  required: ["id", "type", "occurredAt", "actor", "details"],
  properties: {
    id: { type: "string", format: "uuid" },
    type: { type: "string", description: "`supplier.bank_details_changed` or `supplier.bank_details_confirmed`." },
    occurredAt: { type: "string", format: "date-time" },
    actor: ACTOR_SCHEMA,
    details: { type: "object", description: "The event's data beyond the supplier." },
  },
};
