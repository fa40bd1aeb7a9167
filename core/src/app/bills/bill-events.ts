import type { BillLifecycle } from "../../approvals/model.js";
import type { BillEventType } from "../../bills/bill-machine.js";
import { billJson } from "../../bills/bill-view.js";
import type { Bill } from "../../bills/model.js";
import type { DuplicateFound } from "../../duplicates/detect.js";
import type { Actor, OutboxEvent } from "../../events/envelope.js";
import { makeEvent } from "../../events/make-event.js";
import type { BillDeps } from "./deps.js";

/** Why and by what reference a person marked a bill paid by hand (carried by its `bill.paid`). */
export interface ManualPayment {
  readonly reason: string;
  readonly reference: string;
}

/** Why a person sent an approved or scheduled bill back to review (carried by its `bill.pending_review`). */
export interface ReturnedToReview {
  readonly reason: string;
}

/** What some events carry beyond the bill: a payment by hand's reason and reference, a return to review's reason. */
export interface BillEventExtras {
  readonly manualPayment?: ManualPayment;
  readonly returnedToReview?: ReturnedToReview;
}

/** The outbox events for a bill's move: each carries the bill as GET answers it. */
export const billEvents = (
  deps: Pick<BillDeps, "ids" | "clock">,
  bill: Bill,
  types: readonly (BillEventType | "bill.created")[],
  actor: Actor,
  duplicate?: DuplicateFound,
  lifecycle?: BillLifecycle | null,
  extras: BillEventExtras = {},
): OutboxEvent[] => {
  const { manualPayment, returnedToReview } = extras;
  const json = billJson(bill, lifecycle);
  return types.map((type) => {
    const base = {
      ids: deps.ids,
      clock: deps.clock,
      clientId: bill.clientId,
      organisationId: bill.organisationId,
      actor,
    };
    if (type === "bill.duplicate_detected") {
      if (duplicate === undefined) throw new Error("bill.duplicate_detected needs the duplicate found");
      return makeEvent({
        ...base,
        type,
        data: {
          bill: json,
          duplicateOfBillId: duplicate.duplicateOfBillId,
          matchBasis: duplicate.matchBasis,
          ...(duplicate.sameFile ? { sameFile: true as const } : {}),
        },
      });
    }
    if ((type === "bill.paid" || type === "bill.partially_paid") && manualPayment !== undefined)
      return makeEvent({ ...base, type, data: { bill: json, manualPayment } });
    if (type === "bill.pending_review" && returnedToReview !== undefined)
      return makeEvent({ ...base, type, data: { bill: json, returnedToReview } });
    return makeEvent({ ...base, type, data: { bill: json } });
  });
};
