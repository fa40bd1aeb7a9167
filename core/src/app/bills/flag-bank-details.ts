import * as E from "fp-ts/lib/Either.js";
import type { BillState } from "../../bills/model.js";
import type { Actor } from "../../events/envelope.js";
import type { Stores } from "../../ports/stores.js";
import type { OrgScope } from "../../shared/scope.js";
import type { BillDeps } from "./deps.js";
import { moveBill } from "./move-bill.js";

/**
 * The states of a bill that a supplier's new account would still pay: review, approval, approved and scheduled.
 * A bill in PaymentInProgress is in a file the bank already has; a paid, rejected or voided one pays nothing.
 */
const OPEN_STATES: readonly BillState[] = ["PendingReview", "NeedsApproval", "Approved", "Scheduled"];

/**
 * After a supplier's bank account changed, each of its open bills is flagged (`bankDetailsChanged`) and those
 * past review go back to PendingReview, their decision, approvals and payment date to be taken again: a payment
 * run pays the supplier's stored account, so an approval given for the old account no longer holds. Runs in the
 * caller's unit of work, beside the supplier's change and its event. Answers the bills moved, in id order.
 */
export const flagOpenBills = async (
  deps: Pick<BillDeps, "ids" | "clock">,
  s: Stores,
  scope: OrgScope,
  actor: Actor,
  supplierId: string,
): Promise<readonly string[]> => {
  const ids: string[] = [];
  for (const state of OPEN_STATES) {
    let after: string | undefined;
    for (;;) {
      const page = await s.bills.list(scope, { state, supplierId }, { limit: 100, ...(after ? { after } : {}) });
      ids.push(...page.items.map((b) => b.id));
      if (!page.hasMore || page.items.length === 0) break;
      after = page.items.at(-1)?.id;
    }
  }
  ids.sort();
  for (const id of ids) {
    const moved = await moveBill(deps, s, {
      scope,
      actor,
      id,
      trigger: "flag-bank-details",
      plan: (_s, bill) =>
        E.right({
          bill: { bankDetailsChanged: true },
          ...(bill.state === "PendingReview"
            ? {}
            : {
                lifecycle: {
                  decision: null,
                  approvals: [],
                  approvedAt: null,
                  paymentDate: null,
                  paymentMethod: null,
                },
              }),
        }),
    });
    if (E.isLeft(moved)) throw new Error(`flagging bill ${id}: ${moved.left.detail}`);
  }
  return ids;
};
