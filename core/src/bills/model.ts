import type { BankDetails, ExtractedFields, ReaderKind, ReadFailure } from "../extraction/model.js";

/**
 * Every state a bill can be in. Reading fills Extracting -> PendingReview / ExtractionFailed (the spec's
 * OcrFailed); the approval states are here so that the approvals part extends the table, not the type.
 */
export const BILL_STATES = [
  "Extracting",
  "PendingReview",
  "ExtractionFailed",
  "NeedsApproval",
  "Approved",
  "Rejected",
  "Scheduled",
  /** Paid in part (by hand, or by a run paying part): what remains is due, to be paid by hand or in a run. */
  "PartiallyPaid",
  /** In a payment run whose file went to the bank; Paid when the bank confirms, Scheduled again on a return. */
  "PaymentInProgress",
  "Paid",
  "Voided",
] as const;
export type BillState = (typeof BILL_STATES)[number];

/** How a possible duplicate was found: the matched supplier record (stronger) or the supplier's name (weaker). */
export const DUPLICATE_MATCH_BASES = ["SupplierId", "SupplierName"] as const;
export type DuplicateBasis = (typeof DUPLICATE_MATCH_BASES)[number];

/**
 * What named a bill's supplier record: its tax number (read as the supplier's, or a VAT number on the page), a
 * company registration, an IBAN, an e-mail address or web domain of the supplier on the page, its name as
 * printed, a name close to it, or a person's choice.
 */
export const SUPPLIER_EVIDENCE_BASES = [
  "taxNumber",
  "registration",
  "iban",
  "email",
  "domain",
  "name",
  "similarName",
  "person",
] as const;
export type SupplierEvidenceBasis = (typeof SUPPLIER_EVIDENCE_BASES)[number];
/** The evidence that decided a bill's supplier, and what on the page it was (null for a person's choice). */
export interface SupplierEvidence {
  readonly basis: SupplierEvidenceBasis;
  readonly value: string | null;
}

/** The uploaded file a bill was made from (the bytes live in the document files, by content hash). */
export interface BillDocument {
  /** Lower-case hex sha-256 of the bytes. */
  readonly sha256: string;
  readonly mediaType: string;
  readonly filename: string | null;
  readonly size: number;
}

/** A bill of an organisation. Extracted fields are null until reading has finished. */
export interface Bill {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly state: BillState;
  readonly document: BillDocument;
  readonly fields: ExtractedFields;
  readonly confidence: number | null;
  readonly fieldConfidence: Readonly<Record<string, number>> | null;
  readonly reader: ReaderKind | null;
  readonly readFailure: ReadFailure | null;
  /** The supplier record the extracted supplier matched (or a person chose). */
  readonly supplierId: string | null;
  /** What named that supplier; null without one. */
  readonly supplierEvidence: SupplierEvidence | null;
  readonly duplicateOfBillId: string | null;
  readonly duplicateMatchBasis: DuplicateBasis | null;
  readonly duplicateSameFile: boolean;
  /**
   * The bill sends money to an account its supplier has not been paid at before (neither the supplier's stored
   * account nor one its paid bills went to): the fraud signal. Set on reading, on a correction and when the
   * supplier's own account changes.
   */
  readonly bankDetailsChanged: boolean;
  readonly voidReason: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Fields of a bill nobody has read yet. */
export const EMPTY_FIELDS: ExtractedFields = {
  supplierName: null,
  invoiceNumber: null,
  currency: null,
  totalAmount: null,
  lineItems: [],
  invoiceDate: null,
  dueDate: null,
  subTotal: null,
  taxAmount: null,
  supplierTaxNumber: null,
  bankDetails: null,
  purchaseOrderNumber: null,
  paymentTerms: null,
  paymentRef: null,
};

/** Everything a new bill (or a company's waiting bill) has before its document is read. */
export const UNREAD_BILL = {
  state: "Extracting",
  fields: EMPTY_FIELDS,
  confidence: null,
  fieldConfidence: null,
  reader: null,
  readFailure: null,
  supplierId: null,
  supplierEvidence: null,
  duplicateOfBillId: null,
  duplicateMatchBasis: null,
  duplicateSameFile: false,
  bankDetailsChanged: false,
  voidReason: null,
} as const;

/** Bank details with every member present (null where not given). */
export const EMPTY_BANK_DETAILS: BankDetails = {
  accountHolderName: null,
  accountNumber: null,
  sortCode: null,
  routingNumber: null,
  iban: null,
  bicSwift: null,
  country: null,
  currency: null,
};

/** True while a bill is flagged as a possible duplicate (nobody dismissed it). */
export const isFlaggedDuplicate = (bill: Pick<Bill, "duplicateOfBillId">): boolean => bill.duplicateOfBillId !== null;
