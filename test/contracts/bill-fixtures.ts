import { type Bill, EMPTY_FIELDS, type Supplier } from "@apar/core";
import type { OrgScope } from "@apar/core/ports";
import { at, newId } from "./fixtures.js";

/** A fresh organisation scope. */
export const aScope = (): OrgScope => ({ clientId: newId(), organisationId: newId() });

export const aBill = (scope: OrgScope, over: Partial<Bill> = {}): Bill => ({
  id: newId(),
  ...scope,
  state: "PendingReview",
  document: { sha256: "a".repeat(64), mediaType: "application/pdf", filename: "bill.pdf", size: 1234 },
  fields: {
    ...EMPTY_FIELDS,
    supplierName: "Acme GmbH",
    invoiceNumber: "INV-0001",
    currency: "EUR",
    totalAmount: "1234.5",
    subTotal: "1000",
    taxAmount: "234.5",
    invoiceDate: "2026-03-01",
    lineItems: [{ description: "Widget", quantity: "2", unitPrice: "500", amount: "1000" }],
    bankDetails: {
      accountHolderName: "Acme",
      accountNumber: null,
      sortCode: null,
      routingNumber: null,
      iban: "DE89370400440532013000",
      bicSwift: null,
      country: "DE",
      currency: "EUR",
    },
  },
  confidence: 0.875,
  fieldConfidence: { supplierName: 0.9 },
  reader: "pdf-text",
  readFailure: null,
  supplierId: null,
  supplierEvidence: null,
  duplicateOfBillId: null,
  duplicateMatchBasis: null,
  duplicateSameFile: false,
  bankDetailsChanged: false,
  voidReason: null,
  createdAt: at(0),
  updatedAt: at(10),
  ...over,
});

export const aSupplier = (scope: OrgScope, over: Partial<Supplier> = {}): Supplier => ({
  id: newId(),
  ...scope,
  name: "Acme GmbH",
  taxNumber: "DE 123 456 789",
  email: "ap@acme.example",
  address: "1 Main St",
  bankDetails: null,
  bankDetailsProposed: null,
  bankDetailsConfirmed: null,
  createdAt: at(0),
  updatedAt: at(5),
  ...over,
});
