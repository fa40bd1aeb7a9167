import type { Currency } from "../shared/currencies.js";
import type { CreditTransferBatch, PaymentAccount } from "./pain001.js";

/** A bill's transfer in a run: in the file at the bank, confirmed paid, or returned (the bill is Scheduled again). */
export const PAYMENT_ITEM_STATUSES = ["InProgress", "Paid", "Returned"] as const;
export type PaymentItemStatus = (typeof PAYMENT_ITEM_STATUSES)[number];

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
}

/**
 * A payment run: the bills of one organisation paid from one of its accounts in one currency on one date, as one
 * ISO 20022 pain.001.001.09 file. InProgress until every transfer is confirmed or returned, then Completed.
 */
export interface PaymentRun {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly status: "InProgress" | "Completed";
  readonly currency: Currency;
  /** YYYY-MM-DD: when the bank is asked to pay. */
  readonly executionDate: string;
  readonly debtor: PaymentAccount;
  /** The file's message id (the run id without dashes). */
  readonly messageId: string;
  /** The exact sum of the items' amounts (the file's control sum). */
  readonly controlSum: string;
  readonly items: readonly PaymentRunItem[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A run's status from its items: Completed once none is at the bank any more. */
export const runStatusOf = (items: readonly PaymentRunItem[]): PaymentRun["status"] =>
  items.some((i) => i.status === "InProgress") ? "InProgress" : "Completed";

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

/** A run's JSON view (amounts are decimal strings at the currency's minor unit). */
export const paymentRunJson = (run: PaymentRun) => ({
  id: run.id,
  organisationId: run.organisationId,
  status: run.status,
  currency: run.currency,
  executionDate: run.executionDate,
  debtorAccount: run.debtor,
  messageId: run.messageId,
  numberOfTransactions: run.items.length,
  controlSum: run.controlSum,
  items: run.items,
  createdAt: run.createdAt.toISOString(),
  updatedAt: run.updatedAt.toISOString(),
});
export type PaymentRunJson = ReturnType<typeof paymentRunJson>;
