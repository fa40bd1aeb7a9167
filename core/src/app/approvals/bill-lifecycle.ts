import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { evaluatePolicies } from "../../approvals/evaluate.js";
import {
  type BillFacts,
  type BillLifecycle,
  emptyLifecycle,
  NEW_SUPPLIER_APPROVED_BILLS,
} from "../../approvals/model.js";
import { BILL_MACHINE, type BillMoveContext, type BillTrigger } from "../../bills/bill-machine.js";
import { type BillJson, billJson } from "../../bills/bill-view.js";
import type { Bill } from "../../bills/model.js";
import type { Actor } from "../../events/envelope.js";
import type { OrgScope } from "../../ports/scope.js";
import type { Stores } from "../../ports/stores.js";
import { conflict, type DomainError, domainError } from "../../shared/errors.js";
import { cannotDetail, canTrigger } from "../../shared/state-machine.js";
import { billEvents } from "../bills/bill-events.js";
import { loadBill, moveBill } from "../bills/bill-rules.js";
import { type ApprovalDeps, type ApprovalLinksJob, SEND_APPROVAL_LINKS_JOB } from "./deps.js";

/** Who acts on which bill. */
export interface LifecycleAction {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly id: string;
}

/** An approver acting: `administrator` when the caller is a client or organisation administrator. */
export interface ApproverAction extends LifecycleAction {
  readonly administrator: boolean;
}

/** What a move changes besides the state, and the context its guards read. */
export interface Plan {
  readonly context?: Omit<BillMoveContext, "duplicateOfBillId">;
  readonly lifecycle?: Partial<BillLifecycle>;
  readonly bill?: Partial<Bill>;
}

/** Plans a move from the bill, its lifecycle and the time (or refuses it). */
export type Planner = (
  s: Stores,
  bill: Bill,
  lifecycle: BillLifecycle,
  now: Date,
) => Promise<E.Either<DomainError, Plan>> | E.Either<DomainError, Plan>;

/** A hook run inside the move's unit of work once the bill has moved (public approval links use it). */
export type AfterMove = (s: Stores, bill: Bill, lifecycle: BillLifecycle, from: Bill["state"]) => Promise<void>;

/**
 * Moves a bill by the table inside a unit of work, holding its row lock: concurrent moves of one bill queue,
 * and the later ones see the earlier one's state (exactly one of two racing moves wins; the other gets 409).
 * A bill leaving NeedsApproval ends its public approval links.
 */
export const moveWithin = async (
  deps: ApprovalDeps,
  s: Stores,
  trigger: BillTrigger,
  plan: Planner,
  input: LifecycleAction,
  after?: AfterMove,
): Promise<E.Either<DomainError, BillJson>> => {
  await s.billLifecycles.lockBill(input.scope, input.id);
  const loaded = await loadBill(s, input.scope, input.id);
  if (E.isLeft(loaded)) return loaded;
  const bill = loaded.right;
  // The state is checked before the plan, so that a wrong state answers its 409 before any other check.
  if (!canTrigger(BILL_MACHINE, bill.state, trigger))
    return E.left(conflict("Bill.InvalidTransition", cannotDetail("Bill", bill.state, trigger)));
  const now = deps.clock.now();
  const current = (await s.billLifecycles.ofBill(input.scope, bill.id)) ?? emptyLifecycle(bill, bill.supplierId);
  const planned = await plan(s, bill, current, now);
  if (E.isLeft(planned)) return planned;
  const moved = moveBill(bill, trigger, planned.right.context ?? {});
  if (E.isLeft(moved)) return moved;
  const next: Bill = { ...bill, ...planned.right.bill, state: moved.right.to, updatedAt: now };
  const lifecycle: BillLifecycle = { ...current, ...planned.right.lifecycle, supplierId: next.supplierId };
  await s.bills.update(next);
  await s.billLifecycles.save(lifecycle);
  await s.events.append(billEvents(deps, next, moved.right.events, input.actor, undefined, lifecycle));
  if (bill.state === "NeedsApproval" && next.state !== "NeedsApproval")
    await s.approvalLinks.revokeForBill(input.scope, bill.id, now);
  if (next.state === "NeedsApproval" && bill.state !== "NeedsApproval") {
    const job: ApprovalLinksJob = { ...input.scope, billId: bill.id };
    await s.jobs.enqueue(
      { type: SEND_APPROVAL_LINKS_JOB, payload: job, key: `approval-links:${bill.id}:${now.getTime()}` },
      now,
    );
  }
  if (after !== undefined) await after(s, next, lifecycle, bill.state);
  return E.right(billJson(next, lifecycle));
};

const move =
  (deps: ApprovalDeps, trigger: BillTrigger, plan: Planner, after?: AfterMove) =>
  (input: LifecycleAction): TE.TaskEither<DomainError, BillJson> =>
  () =>
    deps.db.run((s) => moveWithin(deps, s, trigger, plan, input, after));

/** What the policies are checked against: the bill's supplier standing, total, currency, confidence, flags. */
export const factsOf = async (s: Stores, scope: OrgScope, bill: Bill): Promise<BillFacts> => {
  const approved = bill.supplierId === null ? 0 : await s.billLifecycles.approvedCount(scope, bill.supplierId);
  return {
    supplierId: bill.supplierId,
    supplierStanding: approved < NEW_SUPPLIER_APPROVED_BILLS ? "New" : "Established",
    amount: bill.fields.totalAmount,
    currency: bill.fields.currency,
    confidence: bill.confidence,
    duplicateFlagged: bill.duplicateOfBillId !== null,
    matchStatus: "None",
  };
};

/** Extra checks before a bill leaves review (three-way matching adds its variance gate here). */
export type ReviewGate = (
  s: Stores,
  scope: OrgScope,
  bill: Bill,
) => Promise<E.Either<DomainError, BillFacts["matchStatus"]>>;

const noGate: ReviewGate = async () => E.right("None");

/**
 * Submits a bill in PendingReview: the organisation's active policies are evaluated in priority order and the
 * decision snapshotted on the bill; the bill moves to NeedsApproval, Approved or Voided. A bill flagged as a
 * possible duplicate cannot be submitted (409) until the flag is dismissed.
 */
export const submitBill = (deps: ApprovalDeps, gate: ReviewGate = noGate, after?: AfterMove) =>
  move(
    deps,
    "submit",
    async (s, bill, _lifecycle, now) => {
      if (bill.state === "PendingReview" && bill.duplicateOfBillId !== null)
        return E.left(
          conflict(
            "Bill.InvalidTransition",
            `A bill in state PendingReview cannot be submitted while flagged as a possible duplicate of bill ${bill.duplicateOfBillId}: dismiss the flag or void the bill.`,
          ),
        );
      const scope = { clientId: bill.clientId, organisationId: bill.organisationId };
      const gated = await gate(s, scope, bill);
      if (E.isLeft(gated)) return gated;
      const facts = { ...(await factsOf(s, scope, bill)), matchStatus: gated.right };
      const decision = evaluatePolicies(await s.approvalPolicies.list(scope), facts, now);
      return E.right({
        context: { decision: decision.action },
        lifecycle: {
          decision,
          approvals: [],
          rejectionReason: null,
          approvedAt: decision.action === "AutoApprove" ? now.toISOString() : null,
        },
        bill: decision.action === "AutoVoid" ? { voidReason: decision.explanation } : {},
      });
    },
    after,
  );

/** True when the actor may approve or reject a bill whose decision is `lifecycle.decision`. */
export const mayDecide = (lifecycle: BillLifecycle, actor: Actor, administrator: boolean): boolean => {
  const listed = lifecycle.decision?.approverUserIds ?? [];
  if (listed.length === 0) return administrator;
  return actor.type === "user" && actor.id !== null && listed.includes(actor.id);
};

const notApprover = (): DomainError =>
  domainError("Forbidden", "Bill.NotApprover", "You are not an approver of this bill.");

/**
 * Approves a bill in NeedsApproval: one approval per approver; with the quorum reached the bill is Approved
 * (`bill.approved`), before it an approval is recorded (`bill.updated`).
 */
export const approveBill = (deps: ApprovalDeps, after?: AfterMove) => (input: ApproverAction) =>
  move(deps, "approve", planApproval(input), after)(input);

/** The plan of an approval by `input`'s actor (shared with the public approval links). */
export const planApproval =
  (input: ApproverAction): Planner =>
  (_s, _bill, lifecycle, now) => {
    if (!mayDecide(lifecycle, input.actor, input.administrator)) return E.left(notApprover());
    const same = (a: Actor) => a.type === input.actor.type && a.id === input.actor.id;
    if (lifecycle.approvals.some((a) => same(a.actor)))
      return E.left(conflict("Bill.AlreadyApproved", "You have already approved this bill."));
    const approvals = [...lifecycle.approvals, { actor: input.actor, at: now.toISOString() }];
    const quorumReached = approvals.length >= (lifecycle.decision?.approvalsRequired ?? 1);
    return E.right({
      context: { quorumReached },
      lifecycle: { approvals, ...(quorumReached ? { approvedAt: now.toISOString() } : {}) },
    });
  };

/** Rejects a bill in NeedsApproval with a reason (`bill.rejected`). */
export const rejectBill =
  (deps: ApprovalDeps, after?: AfterMove) => (input: ApproverAction & { readonly reason: string }) =>
    move(deps, "reject", planRejection(input), after)(input);

/** The plan of a rejection by `input`'s actor (shared with the public approval links). */
export const planRejection =
  (input: ApproverAction & { readonly reason: string }): Planner =>
  (_s, _bill, lifecycle) =>
    mayDecide(lifecycle, input.actor, input.administrator)
      ? E.right({ lifecycle: { rejectionReason: input.reason } })
      : E.left(notApprover());

/** Reopens a Rejected bill for review (PendingReview, `bill.pending_review`); it is submitted again later. */
export const reopenBill = (deps: ApprovalDeps) => move(deps, "reopen", () => E.right({}));

/** Schedules an Approved bill for payment (`bill.scheduled`). */
export const scheduleBillPayment =
  (deps: ApprovalDeps) => (input: LifecycleAction & { readonly paymentDate: string; readonly paymentMethod: string }) =>
    move(deps, "schedule-payment", () =>
      E.right({ lifecycle: { paymentDate: input.paymentDate, paymentMethod: input.paymentMethod } }),
    )(input);

/** Takes a Scheduled bill back to Approved (`bill.updated`). */
export const unscheduleBill = (deps: ApprovalDeps) =>
  move(deps, "unschedule", () => E.right({ lifecycle: { paymentDate: null, paymentMethod: null } }));

/** Marks an Approved or Scheduled bill paid (terminal, `bill.paid`). */
export const markBillPaid = (deps: ApprovalDeps) =>
  move(deps, "mark-paid", (_s, _b, _l, now) => E.right({ lifecycle: { paidAt: now.toISOString() } }));
