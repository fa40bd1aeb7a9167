import type { MachineTable } from "../shared/state-machine.js";

/** Where a payment run is in its life (see `PaymentRun`). */
export const PAYMENT_RUN_STATUSES = ["Proposed", "Approved", "InProgress", "Completed", "Rejected"] as const;
export type PaymentRunStatus = (typeof PAYMENT_RUN_STATUSES)[number];

/** What moves a run: an approval, the first download of its file, a rejection, and the bank's answers. */
export const PAYMENT_RUN_TRIGGERS = ["approve", "release", "reject", "confirm-transfer", "return-transfer"] as const;
export type PaymentRunTrigger = (typeof PAYMENT_RUN_TRIGGERS)[number];

/** The events a run's moves record (payment_run.* of the catalog; `payment_run.proposed` starts a run). */
export type PaymentRunEventType =
  | "payment_run.proposed"
  | "payment_run.approval_recorded"
  | "payment_run.approved"
  | "payment_run.released"
  | "payment_run.rejected"
  | "payment_run.transfer_confirmed"
  | "payment_run.transfer_returned";

/** What the guards read: whether this approval reaches the quorum, whether this answer is the run's last. */
export interface PaymentRunMoveContext {
  readonly quorumReached?: boolean;
  readonly lastTransfer?: boolean;
}

const quorum = {
  name: "the approvals reach the quorum",
  holds: (c: PaymentRunMoveContext) => c.quorumReached === true,
};
const last = {
  name: "no other transfer is at the bank",
  holds: (c: PaymentRunMoveContext) => c.lastTransfer === true,
};

/**
 * The payment run machine as data (four eyes, as EBICS distributed signatures): a proposal collects approvals
 * until its quorum, its file is released by the first download, the bank answers each transfer. Every approval
 * is recorded, and the one reaching the quorum also records `payment_run.approved`.
 */
export const PAYMENT_RUN_MACHINE: MachineTable<
  PaymentRunStatus,
  PaymentRunTrigger,
  PaymentRunMoveContext,
  PaymentRunEventType
> = {
  name: "PaymentRun",
  states: PAYMENT_RUN_STATUSES,
  triggers: PAYMENT_RUN_TRIGGERS,
  initial: "Proposed",
  transitions: [
    {
      from: "Proposed",
      trigger: "approve",
      guard: quorum,
      to: "Approved",
      events: ["payment_run.approval_recorded", "payment_run.approved"],
    },
    { from: "Proposed", trigger: "approve", to: "Proposed", events: ["payment_run.approval_recorded"] },
    { from: "Approved", trigger: "release", to: "InProgress", events: ["payment_run.released"] },
    { from: ["Proposed", "Approved"], trigger: "reject", to: "Rejected", events: ["payment_run.rejected"] },
    {
      from: "InProgress",
      trigger: "confirm-transfer",
      guard: last,
      to: "Completed",
      events: ["payment_run.transfer_confirmed"],
    },
    { from: "InProgress", trigger: "confirm-transfer", to: "InProgress", events: ["payment_run.transfer_confirmed"] },
    {
      from: "InProgress",
      trigger: "return-transfer",
      guard: last,
      to: "Completed",
      events: ["payment_run.transfer_returned"],
    },
    { from: "InProgress", trigger: "return-transfer", to: "InProgress", events: ["payment_run.transfer_returned"] },
  ],
};
