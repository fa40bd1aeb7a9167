import type { Actor, OutboxEvent } from "../../events/envelope.js";
import { makeEvent } from "../../events/make-event.js";
import type { PaymentRun, PaymentRunItem } from "../../payments/payment-run.js";
import type { PaymentRunEventType } from "../../payments/payment-run-machine.js";
import type { CoreDeps } from "../deps.js";

/** A run as its events carry it: the summary and how far its approvals are, not its transfers. */
const summaryOf = (run: PaymentRun) => ({
  id: run.id,
  status: run.status,
  currency: run.currency,
  executionDate: run.executionDate,
  controlSum: run.controlSum,
  numberOfTransactions: run.items.length,
  approvalsRequired: run.approvalsRequired,
  approvalCount: run.approvals.length,
});

const transferOf = (item: PaymentRunItem) => ({
  billId: item.billId,
  endToEndId: item.endToEndId,
  amount: item.amount,
  status: item.status,
  ...(item.returnReason === null ? {} : { returnReason: item.returnReason }),
});

/** What some events say besides the run: a rejection's reason, the transfer the bank answered. */
export interface RunEventDetails {
  readonly reason?: string;
  readonly transfer?: PaymentRunItem;
}

/** The outbox events of a run's move, each naming its actor (the envelope records it). */
export const paymentRunEvents = (
  deps: Pick<CoreDeps, "ids" | "clock">,
  run: PaymentRun,
  types: readonly PaymentRunEventType[],
  actor: Actor,
  details: RunEventDetails = {},
): OutboxEvent[] => {
  const base = { ids: deps.ids, clock: deps.clock, clientId: run.clientId, organisationId: run.organisationId, actor };
  const paymentRun = summaryOf(run);
  return types.map((type) => {
    if (type === "payment_run.rejected") {
      if (details.reason === undefined) throw new Error("payment_run.rejected needs its reason");
      return makeEvent({ ...base, type, data: { paymentRun, reason: details.reason } });
    }
    if (type === "payment_run.transfer_confirmed" || type === "payment_run.transfer_returned") {
      if (details.transfer === undefined) throw new Error(`${type} needs its transfer`);
      return makeEvent({ ...base, type, data: { paymentRun, transfer: transferOf(details.transfer) } });
    }
    return makeEvent({ ...base, type, data: { paymentRun } });
  });
};
