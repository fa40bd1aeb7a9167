import * as E from "fp-ts/lib/Either.js";
import { type BillLifecycle, emptyLifecycle, withSettlement } from "../../approvals/model.js";
import type { BillEventType, BillMoveContext, BillTrigger } from "../../bills/bill-machine.js";
import { type BillJson, billJson } from "../../bills/bill-view.js";
import type { Bill } from "../../bills/model.js";
import type { DuplicateFound } from "../../duplicates/detect.js";
import type { Actor, OutboxEvent } from "../../events/envelope.js";
import type { Stores } from "../../ports/stores.js";
import type { DomainError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import { billEvents, type ManualPayment, type ReturnedToReview } from "./bill-events.js";
import { billTransition, canBillTrigger, loadBill } from "./bill-rules.js";
import type { BillDeps } from "./deps.js";

/** What a move changes besides the state, and the context its guards read. */
export interface Plan {
  readonly context?: Omit<BillMoveContext, "duplicateOfBillId">;
  /** Changes to the bill's lifecycle; when given (even `{}`), the lifecycle is saved. */
  readonly lifecycle?: Partial<BillLifecycle>;
  /** When a change of what was paid or credited counts (the bank's booking date); default `paidAt`, else now. */
  readonly settledAt?: string;
  readonly bill?: Partial<Bill>;
  /** Events recorded after the move's own (a reading's `bill.duplicate_detected`), and the duplicate it needs. */
  readonly events?: readonly BillEventType[];
  readonly duplicate?: DuplicateFound;
  /** For a bill marked paid by hand: why, and the payment's reference (carried by `bill.paid`). */
  readonly manualPayment?: ManualPayment;
  /** For a bill a person sent back to review: why (carried by `bill.pending_review`). */
  readonly returnedToReview?: ReturnedToReview;
  /** Events of other resources the move causes (a read account new to the supplier), recorded after the bill's. */
  readonly otherEvents?: readonly OutboxEvent[];
}

/** Plans a move from the bill, its lifecycle and the time (or refuses it). */
export type Planner = (
  s: Stores,
  bill: Bill,
  lifecycle: BillLifecycle,
  now: Date,
) => Promise<E.Either<DomainError, Plan>> | E.Either<DomainError, Plan>;

/** A hook run inside the move's unit of work once the bill has moved (jobs to enqueue, public approval links). */
export type AfterMove = (
  s: Stores,
  bill: Bill,
  lifecycle: BillLifecycle | undefined,
  from: Bill["state"],
  now: Date,
) => Promise<void>;

/** Who moves which bill by which trigger, what else changes, and what runs after. */
export interface BillMove {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly id: string;
  readonly trigger: BillTrigger;
  readonly plan?: Planner;
  readonly after?: AfterMove;
}

/**
 * The one place a bill moves, inside the caller's unit of work: lock the bill's row, load it, check the
 * trigger against the table (a wrong state answers its 409 before the plan's own checks), plan, take the
 * transition, save the bill (and its lifecycle when the plan changes it), record the events, end the public
 * approval links of a bill leaving NeedsApproval, then run `after`. Concurrent moves of one bill queue on the
 * lock and the later ones see the earlier one's state (of two racing moves one wins, the other gets 409).
 */
export const moveBill = async (
  deps: Pick<BillDeps, "ids" | "clock">,
  s: Stores,
  move: BillMove,
): Promise<E.Either<DomainError, BillJson>> => {
  await s.billLifecycles.lockBill(move.scope, move.id);
  const loaded = await loadBill(s, move.scope, move.id);
  if (E.isLeft(loaded)) return loaded;
  const bill = loaded.right;
  const refused = canBillTrigger(bill, move.trigger);
  if (E.isLeft(refused)) return refused;
  const now = deps.clock.now();
  const stored = (await s.billLifecycles.ofBill(move.scope, bill.id)) ?? undefined;
  const current = stored ?? emptyLifecycle(bill, bill.supplierId);
  const planned = move.plan === undefined ? E.right<DomainError, Plan>({}) : await move.plan(s, bill, current, now);
  if (E.isLeft(planned)) return planned;
  const plan = planned.right;
  const moved = billTransition(bill, move.trigger, plan.context ?? {});
  if (E.isLeft(moved)) return moved;
  const next: Bill = { ...bill, ...plan.bill, state: moved.right.to, updatedAt: now };
  // A payment or credit is dated by the bank's booking date when the plan gives one, else now.
  const lifecycle: BillLifecycle | undefined =
    plan.lifecycle === undefined
      ? stored
      : withSettlement(
          current,
          { ...current, ...plan.lifecycle, supplierId: next.supplierId },
          plan.settledAt ?? plan.lifecycle.paidAt ?? now.toISOString(),
        );
  await s.bills.update(next);
  if (plan.lifecycle !== undefined && lifecycle !== undefined) await s.billLifecycles.save(lifecycle);
  const types = [...moved.right.events, ...(plan.events ?? [])];
  await s.events.append([
    ...billEvents(deps, next, types, move.actor, plan.duplicate, lifecycle, {
      ...(plan.manualPayment === undefined ? {} : { manualPayment: plan.manualPayment }),
      ...(plan.returnedToReview === undefined ? {} : { returnedToReview: plan.returnedToReview }),
    }),
    ...(plan.otherEvents ?? []),
  ]);
  if (bill.state === "NeedsApproval" && next.state !== "NeedsApproval")
    await s.approvalLinks.revokeForBill(move.scope, bill.id, now);
  if (move.after !== undefined) await move.after(s, next, lifecycle, bill.state, now);
  return E.right(billJson(next, lifecycle));
};
