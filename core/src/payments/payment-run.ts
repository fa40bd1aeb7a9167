import type { Actor } from "../events/envelope.js";
import type { Currency } from "../shared/currencies.js";
import type { CreditTransferBatch, PaymentAccount } from "./pain001.js";
import type { PaymentRunStatus } from "./payment-run-machine.js";

/**
 * A bill's transfer in a run: Pending while the run waits for its approvals and release, then in the file at the
 * bank (InProgress), confirmed Paid, or Returned (the bill is Scheduled again); Cancelled when the run is rejected.
 */
export const PAYMENT_ITEM_STATUSES = ["Pending", "InProgress", "Paid", "Returned", "Cancelled"] as const;
export type PaymentItemStatus = (typeof PAYMENT_ITEM_STATUSES)[number];

/** Where a bill was before a run held it, so that a rejected run gives it back as it was. */
export interface BillHold {
  readonly state: "Approved" | "Scheduled" | "PartiallyPaid";
  readonly paymentDate: string | null;
  readonly paymentMethod: string | null;
}

/** One bill paid by a run. */
export interface PaymentRunItem {
  readonly billId: string;
  /** The bill id without dashes (32 characters): it comes back on the bank statement, so the bill is found by it. */
  readonly endToEndId: string;
  readonly supplierName: string;
  /** A decimal string in the run's currency: what the bill owed when the run was made. */
  readonly amount: string;
  readonly creditor: PaymentAccount;
  /** The bill's payment reference (an RF creditor reference goes structured) or its invoice number. */
  readonly reference: string | null;
  readonly status: PaymentItemStatus;
  readonly returnReason: string | null;
  /** Where the bill was before the run (absent on runs made before proposals existed); not shown. */
  readonly held?: BillHold;
}

/** One person's approval of a run. */
export interface PaymentRunApproval {
  readonly actor: Actor;
  /** UTC ISO 8601 instant. */
  readonly at: string;
}

/** Who did something to a run, and when (UTC ISO 8601). */
export interface PaymentRunAct {
  readonly actor: Actor;
  readonly at: string;
}

/**
 * A payment run: the bills of one organisation paid from one of its accounts in one currency on one date, as one
 * ISO 20022 pain.001.001.09 file. Proposed, then Approved by as many people (other than the proposer) as it needs,
 * then InProgress from the first download of its file (the release) until every transfer is confirmed or
 * returned, then Completed. A proposed or approved run may be Rejected: its bills go back to where they were.
 */
export interface PaymentRun {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly status: PaymentRunStatus;
  readonly currency: Currency;
  /** YYYY-MM-DD: when the bank is asked to pay. */
  readonly executionDate: string;
  readonly debtor: PaymentAccount;
  /** The file's message id (the run id without dashes). */
  readonly messageId: string;
  /** The exact sum of the items' amounts (the file's control sum). */
  readonly controlSum: string;
  readonly items: readonly PaymentRunItem[];
  /** Who proposed the run (null for runs made before proposals existed). */
  readonly proposedBy: Actor | null;
  /** How many different people must approve it, from the organisation's settings when it was proposed. */
  readonly approvalsRequired: number;
  readonly approvals: readonly PaymentRunApproval[];
  /** The first download of the file (null until then, and for runs made before proposals existed). */
  readonly released: PaymentRunAct | null;
  readonly rejected: (PaymentRunAct & { readonly reason: string }) | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** True once a run's file is released (its transfers went to the bank; runs made before proposals always were). */
export const isReleased = (run: Pick<PaymentRun, "status">): boolean =>
  run.status === "InProgress" || run.status === "Completed";

/** True once no transfer of a released run is at the bank any more (the run is then Completed). */
export const allSettled = (items: readonly PaymentRunItem[]): boolean => !items.some((i) => i.status === "InProgress");

/** The pain.001 batch of a run (the file is written from the stored run, so it reads the same every time). */
export const batchOf = (run: PaymentRun, initiatingParty: string): CreditTransferBatch => ({
  messageId: run.messageId,
  createdAt: run.createdAt,
  initiatingParty,
  currency: run.currency,
  executionDate: run.executionDate,
  debtor: run.debtor,
  transfers: run.items.map((i) => ({
    endToEndId: i.endToEndId,
    amount: i.amount,
    creditor: i.creditor,
    reference: i.reference,
  })),
});

/** The id a statement's end-to-end id names, when it is one of ours (32 hex digits), else undefined. */
export const billIdOfEndToEndId = (endToEndId: string): string | undefined => {
  const hex = endToEndId.trim().toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
