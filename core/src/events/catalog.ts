import type * as t from "io-ts";
import * as P from "./payloads.js";

/** One event type: what it means, what it is about, and the codec of its `data`. */
export interface CatalogEntry<C extends t.Mixed = t.Mixed> {
  readonly description: string;
  /** The resource the event is about (the outbox's `subjectType`, the key of audit trails). */
  readonly subjectType: string;
  /** False for events that may have no organisation (`organisationId` null). */
  readonly organisationScoped: boolean;
  readonly codec: C;
  /** The subject's id, read from a valid payload. */
  readonly subjectIdOf: (data: t.TypeOf<C>) => string;
}

const entry = <C extends t.Mixed>(
  description: string,
  subjectType: string,
  codec: C,
  subjectIdOf: (data: t.TypeOf<C>) => string,
  organisationScoped = true,
): CatalogEntry<C> => ({ description, subjectType, organisationScoped, codec, subjectIdOf });

const bill = (description: string) => entry(description, "bill", P.BillEventData, (d) => d.bill.id);
const invoice = (description: string) => entry(description, "invoice", P.InvoiceEventData, (d) => d.invoice.id);
const matchGroup = (description: string) =>
  entry(description, "match_group", P.MatchGroupEventData, (d) => d.matchGroup.id);
const supplierCredit = (description: string) =>
  entry(description, "supplier_credit_note", P.SupplierCreditEventData, (d) => d.supplierCreditNote.id);

const paymentRun = (description: string) =>
  entry(description, "payment_run", P.PaymentRunEventData, (d) => d.paymentRun.id);
const runTransfer = (description: string) =>
  entry(description, "payment_run", P.PaymentRunTransferData, (d) => d.paymentRun.id);

/** Every event apar emits: the spec's Catalog table in its order with apar's own among them, plus `webhook.test`. */
export const EVENT_CATALOG = {
  "bill.created": bill("a bill is created (upload accepted)"),
  "bill.updated": bill("a bill's fields are corrected during review, with no state change"),
  "bill.pending_review": entry(
    "extraction finished and the bill is ready for review (or it is back in review; `returnedToReview` with the reason when a person sent an approved or scheduled bill back)",
    "bill",
    P.BillPendingReviewData,
    (d) => d.bill.id,
  ),
  "bill.ocr_failed": bill("the document could not be read; it can be retried"),
  "bill.duplicate_detected": entry(
    "the bill appears to duplicate an earlier one from the same supplier",
    "bill",
    P.BillDuplicateData,
    (d) => d.bill.id,
  ),
  "bill.needs_approval": bill("a bill needs approval"),
  "bill.approved": bill("a bill is approved"),
  "bill.rejected": bill("a bill is rejected"),
  "bill.scheduled": bill("a bill is scheduled for payment"),
  "bill.payment_in_progress": bill(
    "a bill is held by a payment run: proposed for payment, or its transfer at the bank",
  ),
  "bill.partially_paid": entry(
    "a bill is paid in part (what remains is its amountDue); `manualPayment` when a person marked it paid by hand",
    "bill",
    P.BillPaidData,
    (d) => d.bill.id,
  ),
  "bill.paid": entry(
    "a bill is paid (terminal); `manualPayment` when a person marked it paid by hand",
    "bill",
    P.BillPaidData,
    (d) => d.bill.id,
  ),
  "bill.voided": bill("a bill is voided"),
  "bill.credited": bill("a supplier credit note is applied against a bill"),
  "invoice.created": invoice("an invoice is created (draft)"),
  "invoice.updated": invoice("an invoice's fields are corrected while in draft"),
  "invoice.sent": invoice("an invoice is sent"),
  "invoice.partially_paid": invoice("an invoice is partially paid"),
  "invoice.paid": invoice("an invoice is paid in full (terminal)"),
  "invoice.voided": invoice("an invoice is voided (terminal)"),
  "invoice.credited": invoice("an invoice is credited"),
  "credit_note.issued": entry("a credit note is issued", "credit_note", P.CreditNoteEventData, (d) => d.creditNote.id),
  "recurring_invoice.generation_failed": entry(
    "a recurring-invoice occurrence failed to generate",
    "recurring_invoice",
    P.RecurringFailureData,
    (d) => d.schedule.id,
  ),
  "match_group.created": matchGroup("a match group is created"),
  "match_group.variance": matchGroup("a match group has a variance requiring attention"),
  "match_group.resolved": matchGroup("a match group is resolved"),
  "supplier_credit_note.issued": entry(
    "a supplier credit note is issued",
    "supplier_credit_note",
    P.SupplierCreditNoteEventData,
    (d) => d.supplierCreditNote.id,
  ),
  "supplier_credit.applied": supplierCredit("a supplier credit is applied"),
  "supplier_credit.reversed": supplierCredit("a supplier credit is reversed"),
  "supplier.bank_details_changed": entry(
    "a supplier's bank account changed: payments would go somewhere new (a fraud signal)",
    "supplier",
    P.SupplierBankDetailsChangedData,
    (d) => d.supplier.id,
  ),
  "supplier.bank_details_confirmed": entry(
    "a person other than its proposer confirmed a supplier's bank account: bills may now be paid to it",
    "supplier",
    P.SupplierBankDetailsConfirmedData,
    (d) => d.supplier.id,
  ),
  "payment_account.status_changed": entry(
    "an organisation's payment account changed status with the processor (onboarding done, restricted, ...)",
    "payment_account",
    P.PaymentAccountStatusData,
    (d) => d.paymentAccount.accountId,
  ),
  "payment.unapplied": entry(
    "the processor reported a payment apar could not apply to an invoice (kept for a person)",
    "payment",
    P.PaymentUnappliedData,
    (d) => d.payment.eventId,
  ),
  "payment_run.proposed": paymentRun("a payment run is proposed: its bills are held for it until it is approved"),
  "payment_run.approval_recorded": paymentRun("a person approved a payment run (one approval towards its quorum)"),
  "payment_run.approved": paymentRun("a payment run has all the approvals it needs: its file may be released"),
  "payment_run.released": paymentRun("a payment run's file was downloaded for the bank for the first time"),
  "payment_run.rejected": entry(
    "a payment run was rejected before its release: its bills are back where they were",
    "payment_run",
    P.PaymentRunRejectedData,
    (d) => d.paymentRun.id,
  ),
  "payment_run.transfer_confirmed": runTransfer("the bank paid one transfer of a payment run"),
  "payment_run.transfer_returned": runTransfer(
    "the bank returned one transfer of a payment run (the bill is Scheduled)",
  ),
  "company_bill.awaiting_organisation": entry(
    "a bill received against a company needs someone to choose the organisation it belongs to",
    "bill",
    P.CompanyBillData,
    (d) => d.billId,
    false,
  ),
  "webhook.test": entry(
    "a test event sent from the portal or API to one subscription",
    "webhook_subscription",
    P.WebhookTestData,
    (d) => d.subscriptionId,
    false,
  ),
} as const;

/** A known event type (`bill.pending_review`, ...). */
export type EventType = keyof typeof EVENT_CATALOG;

/** The `data` of an event of type K. */
export type EventData<K extends EventType> = t.TypeOf<(typeof EVENT_CATALOG)[K]["codec"]>;

/** Every event type, in catalog order. */
export const EVENT_TYPES = Object.keys(EVENT_CATALOG) as readonly EventType[];

/** Event types a webhook subscription may select (all but `webhook.test`, which goes only to its target). */
export const SUBSCRIBABLE_EVENT_TYPES: readonly EventType[] = EVENT_TYPES.filter((type) => type !== "webhook.test");

/** True when `u` is a known event type. */
export const isEventType = (u: unknown): u is EventType => typeof u === "string" && Object.hasOwn(EVENT_CATALOG, u);

/** The catalog entry of a known event type. */
export const catalogEntry = <K extends EventType>(type: K): (typeof EVENT_CATALOG)[K] => EVENT_CATALOG[type];
