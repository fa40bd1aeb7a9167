import * as E from "fp-ts/lib/Either.js";
import { BILL_MACHINE, type BillEventType, type BillMoveContext, type BillTrigger } from "../../bills/bill-machine.js";
import type { Bill, BillState } from "../../bills/model.js";
import type { Stores } from "../../ports/stores.js";
import { conflict, type DomainError, notFound } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import { cannotDetail, canTrigger, transition } from "../../shared/state-machine.js";

/** The answer for a missing bill (or another organisation's: tenancy answers the same). */
export const billNotFound = (): DomainError => notFound("Bill.NotFound", "The bill does not exist.");

/** A bill of the scope, or Bill.NotFound. */
export const loadBill = async (
  s: Pick<Stores, "bills">,
  scope: OrgScope,
  id: string,
): Promise<E.Either<DomainError, Bill>> => {
  const bill = await s.bills.ofId(scope, id);
  return bill === undefined ? E.left(billNotFound()) : E.right(bill);
};

/** A bill's transition by the table: its next state and the events to record, or a 409 naming its state. */
export const billTransition = (
  bill: Bill,
  trigger: BillTrigger,
  context: Omit<BillMoveContext, "duplicateOfBillId"> = {},
): E.Either<DomainError, { readonly to: BillState; readonly events: readonly BillEventType[] }> =>
  transition(BILL_MACHINE, bill.state, trigger, { ...context, duplicateOfBillId: bill.duplicateOfBillId });

/** The 409 of a trigger the table has no row for in the bill's state (guards are checked by the transition). */
export const canBillTrigger = (bill: Bill, trigger: BillTrigger): E.Either<DomainError, void> =>
  canTrigger(BILL_MACHINE, bill.state, trigger)
    ? E.right(undefined)
    : E.left(conflict("Bill.InvalidTransition", cannotDetail("Bill", bill.state, trigger)));
