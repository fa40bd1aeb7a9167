import * as t from "io-ts";
import { closedType } from "../shared/codecs/closed-type.js";
import { codec } from "../shared/codecs/failure.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { NonEmptyTrimmedString } from "../shared/codecs/strings.js";
import { Uuid } from "../shared/codecs/uuid.js";
import { CurrencyCode } from "../shared/currencies.js";
import { MoneyAmount } from "../shared/money.js";
import { ActorCodec } from "./actor-codec.js";

/** Payload codecs, one per shape in the spec's "Payload (data) by event" table. */

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);

const Confidence = codec(
  "Confidence",
  (u): u is number => typeof u === "number" && u >= 0 && u <= 1,
  (u) =>
    typeof u === "number" && u >= 0 && u <= 1 ? { ok: u } : { code: "range", message: "must be between 0 and 1" },
);

const Code = NonEmptyTrimmedString(200);

/**
 * The spec's Bill as carried in events (and returned by GET /v1/bills/{id}). Fields read by extraction are
 * null until it finishes; `confidence` appears once it has. Other bill fields are allowed (the spec leaves
 * them open); the bills part of apar tightens this codec.
 */
export const BillPayload = t.intersection(
  [
    t.type({
      id: Uuid,
      state: Code,
      supplierName: nullable(t.string),
      invoiceNumber: nullable(t.string),
      currency: nullable(CurrencyCode),
      totalAmount: nullable(MoneyAmount),
      lineItems: t.readonlyArray(t.UnknownRecord),
    }),
    t.partial({ confidence: nullable(Confidence) }),
  ],
  "Bill",
);

// Resources whose fields the spec does not show: an object with an id until their own parts tighten them.
const resource = (name: string) => t.type({ id: Uuid }, name);

/** An invoice as carried in events (open: fields beyond `id` are allowed). */
export const InvoicePayload = resource("Invoice");
/** A credit note as carried in events (open). */
export const CreditNotePayload = resource("CreditNote");
/** A supplier credit note as carried in events (open). */
export const SupplierCreditNotePayload = resource("SupplierCreditNote");
/** A recurring-invoice schedule as carried in events (open). */
export const RecurringSchedulePayload = resource("RecurringInvoiceSchedule");

/** A match group as carried in events: `id`, `billId`, `status` and nothing more. */
export const MatchGroupPayload = closedType({ id: Uuid, billId: Uuid, status: Code }, {}, "MatchGroup");

/** `data` of bill.* (except bill.duplicate_detected). */
export const BillEventData = closedType({ bill: BillPayload });

/** Why a person sent an approved or scheduled bill back to review. */
export const ReturnedToReview = closedType({ reason: NonEmptyTrimmedString(1000) }, {}, "ReturnedToReview");

/** `data` of bill.pending_review: `returnedToReview` when a person sent an approved or scheduled bill back. */
export const BillPendingReviewData = closedType({ bill: BillPayload }, { returnedToReview: ReturnedToReview });

/** Why and by what a person marked a bill paid outside a payment run (their bank's reference for the payment). */
export const ManualPayment = closedType(
  { reason: NonEmptyTrimmedString(500), reference: NonEmptyTrimmedString(200) },
  {},
  "ManualPayment",
);

/** `data` of bill.paid: `manualPayment` when a person marked it paid by hand rather than a bank confirming it. */
export const BillPaidData = closedType({ bill: BillPayload }, { manualPayment: ManualPayment });

/** `data` of bill.duplicate_detected; `sameFile` marks an upload of the very same file. */
export const BillDuplicateData = closedType(
  {
    bill: BillPayload,
    duplicateOfBillId: Uuid,
    matchBasis: t.keyof({ SupplierId: null, SupplierName: null }),
  },
  { sameFile: t.literal(true) },
);

/** `data` of invoice.*. */
export const InvoiceEventData = closedType({ invoice: InvoicePayload });

/** `data` of credit_note.issued. */
export const CreditNoteEventData = closedType({ creditNote: CreditNotePayload });

/** `data` of supplier_credit_note.issued. */
export const SupplierCreditNoteEventData = closedType({ supplierCreditNote: SupplierCreditNotePayload });

/** `data` of supplier_credit.applied and supplier_credit.reversed. */
export const SupplierCreditEventData = closedType({
  supplierCreditNote: SupplierCreditNotePayload,
  billId: Uuid,
  amount: MoneyAmount,
  currency: CurrencyCode,
});

const OccurrenceNumber = codec(
  "OccurrenceNumber",
  (u): u is number => Number.isInteger(u) && (u as number) >= 1,
  (u) =>
    Number.isInteger(u) && (u as number) >= 1 ? { ok: u as number } : { code: "range", message: "must be 1 or more" },
);

/** `data` of recurring_invoice.generation_failed. */
export const RecurringFailureData = closedType({
  schedule: RecurringSchedulePayload,
  occurrenceNumber: OccurrenceNumber,
  errorCode: Code,
  errorMessage: t.string,
});

/** `data` of match_group.*. */
export const MatchGroupEventData = closedType({ matchGroup: MatchGroupPayload });

/** `data` of company_bill.awaiting_organisation: the bill id only. */
export const CompanyBillData = closedType({ billId: Uuid });

/** `data` of webhook.test (apar's own event, sent only to the subscription being tested). */
export const WebhookTestData = closedType({ subscriptionId: Uuid, message: t.string });

/** Where a supplier's money goes, shown without the full number: country and the account's last four characters. */
export const BankDestination = closedType(
  { country: t.union([t.string, t.null]), accountEnding: t.union([t.string, t.null]) },
  {},
  "BankDestination",
);

/**
 * `data` of supplier.bank_details_changed: the supplier and its destination before and after; `bill` when a bill
 * (read or corrected) names the new account rather than an edit of the supplier.
 */
export const SupplierBankDetailsChangedData = closedType(
  {
    supplier: closedType({ id: Uuid, name: t.string }, {}, "Supplier"),
    previous: BankDestination,
    current: BankDestination,
  },
  { bill: closedType({ id: Uuid }, {}, "BillReference") },
);

/**
 * `data` of supplier.bank_details_confirmed: the supplier, the account confirmed (masked), and who proposed it and
 * when (null for an account stored before dual control). The confirmer is the event's actor.
 */
export const SupplierBankDetailsConfirmedData = closedType({
  supplier: closedType({ id: Uuid, name: t.string }, {}, "Supplier"),
  account: BankDestination,
  proposedBy: nullable(ActorCodec),
  proposedAt: nullable(IsoDateTime),
});

const AccountStatus = t.keyof(
  {
    NotStarted: null,
    OnboardingInProgress: null,
    Active: null,
    Restricted: null,
    Rejected: null,
    Disconnected: null,
  },
  "PaymentAccountStatus",
);

/** `payment_account.status_changed`: an organisation's account with the processor moved, and what it may do now. */
export const PaymentAccountStatusData = closedType({
  paymentAccount: closedType(
    {
      provider: NonEmptyTrimmedString(32),
      accountId: NonEmptyTrimmedString(255),
      status: AccountStatus,
      previousStatus: AccountStatus,
      chargesEnabled: t.boolean,
      payoutsEnabled: t.boolean,
    },
    {},
    "PaymentAccount",
  ),
});

/** `payment.unapplied`: the processor says money arrived that apar could not put against an invoice. */
export const PaymentUnappliedData = closedType({
  payment: closedType(
    {
      provider: NonEmptyTrimmedString(32),
      eventId: NonEmptyTrimmedString(255),
      invoiceId: nullable(Uuid),
      amount: MoneyAmount,
      currency: NonEmptyTrimmedString(3),
      reason: NonEmptyTrimmedString(500),
    },
    {},
    "UnappliedPayment",
  ),
});

const Count = codec(
  "Count",
  (u): u is number => Number.isInteger(u) && (u as number) >= 0,
  (u) =>
    Number.isInteger(u) && (u as number) >= 0 ? { ok: u as number } : { code: "range", message: "must be 0 or more" },
);

/** A payment run as carried in events: its summary and approvals, not its transfers (one run pays up to 500). */
export const PaymentRunPayload = closedType(
  {
    id: Uuid,
    status: Code,
    currency: CurrencyCode,
    executionDate: Code,
    controlSum: MoneyAmount,
    numberOfTransactions: Count,
    approvalsRequired: Count,
    approvalCount: Count,
  },
  {},
  "PaymentRun",
);

/** `data` of payment_run.proposed, .approval_recorded, .approved and .released. */
export const PaymentRunEventData = closedType({ paymentRun: PaymentRunPayload });

/** `data` of payment_run.rejected: the run and why. */
export const PaymentRunRejectedData = closedType({ paymentRun: PaymentRunPayload, reason: NonEmptyTrimmedString(500) });

/** One transfer of a run as the bank answered it. */
export const PaymentRunTransfer = closedType(
  { billId: Uuid, endToEndId: Code, amount: MoneyAmount, status: Code },
  { returnReason: NonEmptyTrimmedString(500) },
  "PaymentRunTransfer",
);

/** `data` of payment_run.transfer_confirmed and .transfer_returned: the run and the transfer the bank answered. */
export const PaymentRunTransferData = closedType({ paymentRun: PaymentRunPayload, transfer: PaymentRunTransfer });
