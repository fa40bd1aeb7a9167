import type { MachineTable } from "../shared/state-machine.js";
import { BILL_STATES, type Bill, type BillState, isFlaggedDuplicate } from "./model.js";

/** What moves a bill in the reading and review part of its life. */
export const BILL_TRIGGERS = [
  "read-succeeded",
  "read-failed",
  "retry-ocr",
  "update",
  "dismiss-duplicate",
  "void",
  "submit",
  "approve",
  "reject",
  "reopen",
  "schedule-payment",
  "unschedule",
  "mark-paid",
  "start-payment",
  "confirm-payment",
  "return-payment",
  "cancel-payment",
  "credit",
  "reverse-credit",
  "flag-bank-details",
  "return-to-review",
] as const;
export type BillTrigger = (typeof BILL_TRIGGERS)[number];

/** The events a move records (bill.* of the catalog). */
export type BillEventType =
  | "bill.pending_review"
  | "bill.ocr_failed"
  | "bill.updated"
  | "bill.voided"
  | "bill.duplicate_detected"
  | "bill.needs_approval"
  | "bill.approved"
  | "bill.rejected"
  | "bill.scheduled"
  | "bill.payment_in_progress"
  | "bill.partially_paid"
  | "bill.paid"
  | "bill.credited";

/**
 * What guards of the table read: the duplicate flag, and for the approval rows the policy decision taken at
 * submit and whether the approvals reached the quorum (absent outside those moves).
 */
export interface BillMoveContext extends Pick<Bill, "duplicateOfBillId"> {
  readonly decision?: "AutoApprove" | "AlwaysReview" | "AutoVoid";
  readonly quorumReached?: boolean;
  /** For `cancel-payment`: where the bill was before the payment run that held it. */
  readonly heldFrom?: "Approved" | "Scheduled" | "PartiallyPaid";
  /** For `mark-paid` and `unschedule`: the payment leaves part of the amount due, or part was paid before. */
  readonly partial?: boolean;
}

const notFlagged = {
  name: "not flagged as a possible duplicate",
  holds: (c: BillMoveContext) => !isFlaggedDuplicate(c),
};
const decided = (action: NonNullable<BillMoveContext["decision"]>) => ({
  name: `not flagged as a possible duplicate and the policy decision is ${action}`,
  holds: (c: BillMoveContext) => notFlagged.holds(c) && c.decision === action,
});

/** The states in which supplier credit may be applied to a bill or reversed (it still owes something). */
export const CREDITABLE_STATES = ["PendingReview", "NeedsApproval", "Approved", "Scheduled", "PartiallyPaid"] as const;

/** The states a bill is paid from (by hand or by a run): approved, scheduled, or paid in part. */
const PAYABLE_STATES: readonly BillState[] = ["Approved", "Scheduled", "PartiallyPaid"];

const partial = { name: "part of the amount stays due", holds: (c: BillMoveContext) => c.partial === true };

/** The states from which a bill may be voided (the spec's rule; its OcrFailed is ExtractionFailed). */
export const VOIDABLE_STATES: readonly BillState[] = ["ExtractionFailed", "PendingReview", "NeedsApproval", "Rejected"];

/**
 * The bill state machine as data: reading and review, then the approval rows (submit, approve, reject,
 * reopen, schedule, unschedule, pay). `retry-ocr` records no event: the catalog has none for it, and the
 * re-read's outcome is recorded. An approval short of the quorum and unscheduling record `bill.updated`:
 * the catalog has no event of their own.
 */
export const BILL_MACHINE: MachineTable<BillState, BillTrigger, BillMoveContext, BillEventType> = {
  name: "Bill",
  states: BILL_STATES,
  triggers: BILL_TRIGGERS,
  initial: "Extracting",
  transitions: [
    { from: "Extracting", trigger: "read-succeeded", to: "PendingReview", events: ["bill.pending_review"] },
    { from: "Extracting", trigger: "read-failed", to: "ExtractionFailed", events: ["bill.ocr_failed"] },
    { from: "ExtractionFailed", trigger: "retry-ocr", to: "Extracting", events: [] },
    { from: "PendingReview", trigger: "update", to: "PendingReview", events: ["bill.updated"] },
    {
      // Flagged at the end of reading, and a flagged bill cannot be submitted: only PendingReview has flags.
      from: "PendingReview",
      trigger: "dismiss-duplicate",
      guard: { name: "flagged as a possible duplicate", holds: isFlaggedDuplicate },
      to: "PendingReview",
      events: ["bill.updated"],
    },
    { from: VOIDABLE_STATES, trigger: "void", to: "Voided", events: ["bill.voided"] },
    {
      from: "PendingReview",
      trigger: "submit",
      guard: decided("AlwaysReview"),
      to: "NeedsApproval",
      events: ["bill.needs_approval"],
    },
    {
      from: "PendingReview",
      trigger: "submit",
      guard: decided("AutoApprove"),
      to: "Approved",
      events: ["bill.approved"],
    },
    { from: "PendingReview", trigger: "submit", guard: decided("AutoVoid"), to: "Voided", events: ["bill.voided"] },
    {
      from: "NeedsApproval",
      trigger: "approve",
      guard: { name: "the quorum is reached", holds: (c) => c.quorumReached === true },
      to: "Approved",
      events: ["bill.approved"],
    },
    { from: "NeedsApproval", trigger: "approve", to: "NeedsApproval", events: ["bill.updated"] },
    { from: "NeedsApproval", trigger: "reject", to: "Rejected", events: ["bill.rejected"] },
    { from: "Rejected", trigger: "reopen", to: "PendingReview", events: ["bill.pending_review"] },
    { from: ["Approved", "PartiallyPaid"], trigger: "schedule-payment", to: "Scheduled", events: ["bill.scheduled"] },
    // A bill paid in part before it was scheduled goes back to PartiallyPaid (what remains is still approved).
    { from: "Scheduled", trigger: "unschedule", guard: partial, to: "PartiallyPaid", events: ["bill.updated"] },
    { from: "Scheduled", trigger: "unschedule", to: "Approved", events: ["bill.updated"] },
    // Paid by hand: in part (PartiallyPaid, what remains due) or the whole remainder (Paid).
    {
      from: PAYABLE_STATES,
      trigger: "mark-paid",
      guard: partial,
      to: "PartiallyPaid",
      events: ["bill.partially_paid"],
    },
    { from: PAYABLE_STATES, trigger: "mark-paid", to: "Paid", events: ["bill.paid"] },
    // Payment runs: a proposed run holds the bill (no other run, nor a hand, can pay it), its file goes to the bank
    // once approved; the bank confirms it (a statement debit) or returns it (back to Scheduled, to be paid again).
    // A run rejected before its release gives the bill back as it was.
    {
      from: PAYABLE_STATES,
      trigger: "start-payment",
      to: "PaymentInProgress",
      events: ["bill.payment_in_progress"],
    },
    // The bank paid the run's transfer: the whole amount due, or part of it (a run may pay part of a bill).
    {
      from: "PaymentInProgress",
      trigger: "confirm-payment",
      guard: partial,
      to: "PartiallyPaid",
      events: ["bill.partially_paid"],
    },
    { from: "PaymentInProgress", trigger: "confirm-payment", to: "Paid", events: ["bill.paid"] },
    { from: "PaymentInProgress", trigger: "return-payment", to: "Scheduled", events: ["bill.scheduled"] },
    {
      from: "PaymentInProgress",
      trigger: "cancel-payment",
      guard: { name: "it was Scheduled before the run", holds: (c) => c.heldFrom === "Scheduled" },
      to: "Scheduled",
      events: ["bill.scheduled"],
    },
    {
      from: "PaymentInProgress",
      trigger: "cancel-payment",
      guard: { name: "it was Approved before the run", holds: (c) => c.heldFrom === "Approved" },
      to: "Approved",
      events: ["bill.approved"],
    },
    {
      from: "PaymentInProgress",
      trigger: "cancel-payment",
      guard: { name: "it was PartiallyPaid before the run", holds: (c) => c.heldFrom === "PartiallyPaid" },
      to: "PartiallyPaid",
      events: ["bill.updated"],
    },
    // Bank details that changed (the fraud signal) send a bill back to review: its decision, approvals and payment
    // date are taken again. A bill already in review only gets the flag.
    { from: "PendingReview", trigger: "flag-bank-details", to: "PendingReview", events: ["bill.updated"] },
    {
      from: ["NeedsApproval", "Approved", "Scheduled"],
      trigger: "flag-bank-details",
      to: "PendingReview",
      events: ["bill.pending_review"],
    },
    // A person sends an approved, scheduled or part-paid bill back to review, with a reason: its decision, approvals
    // and payment date are taken again (what was paid stays paid). A bill held by a payment run is not: the run is
    // rejected first (which gives it back). Voiding such a bill is this, then void (the spec's void states).
    {
      from: ["Approved", "Scheduled", "PartiallyPaid"],
      trigger: "return-to-review",
      to: "PendingReview",
      events: ["bill.pending_review"],
    },
    // Supplier credit lowers what a bill owes without moving it; a reversal raises it again (bill.updated).
    ...CREDITABLE_STATES.map((state) => ({
      from: state,
      trigger: "credit" as const,
      to: state,
      events: ["bill.credited" as const],
    })),
    ...CREDITABLE_STATES.map((state) => ({
      from: state,
      trigger: "reverse-credit" as const,
      to: state,
      events: ["bill.updated" as const],
    })),
  ],
};
