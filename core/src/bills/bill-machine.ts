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
] as const;
export type BillTrigger = (typeof BILL_TRIGGERS)[number];

/** The events a move records (bill.* of the catalog). */
export type BillEventType =
  | "bill.pending_review"
  | "bill.ocr_failed"
  | "bill.updated"
  | "bill.voided"
  | "bill.duplicate_detected";

/** The states from which a bill may be voided (the spec's rule; its OcrFailed is ExtractionFailed). */
export const VOIDABLE_STATES: readonly BillState[] = ["ExtractionFailed", "PendingReview", "NeedsApproval", "Rejected"];

/**
 * The bill state machine as data. The approvals part appends its rows (submit, approve, reject, schedule,
 * pay) here; until then NeedsApproval, Approved, Rejected, Scheduled and Paid are not reachable. `retry-ocr` records no event: the catalog has none for it, and the re-read's outcome is recorded.
 */
export const BILL_MACHINE: MachineTable<BillState, BillTrigger, Pick<Bill, "duplicateOfBillId">, BillEventType> = {
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
  ],
};
