import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { evaluatePolicies } from "../../approvals/evaluate.js";
import { type BillFacts, type BillLifecycle, NEW_SUPPLIER_APPROVED_BILLS } from "../../approvals/model.js";
import type { BillTrigger } from "../../bills/bill-machine.js";
import { type BillJson, billJson } from "../../bills/bill-view.js";
import { billAmountErrors } from "../../bills/field-limits.js";
import type { Bill } from "../../bills/model.js";
import type { Actor } from "../../events/envelope.js";
import type { Stores } from "../../ports/stores.js";
import { currencyAmountError } from "../../shared/currency-amounts.js";
import { conflict, type DomainError, domainError, validationError } from "../../shared/errors.js";
import { addAmounts, compareAmounts, isPositiveAmount, normalizeAmount } from "../../shared/money.js";
import type { OrgScope } from "../../shared/scope.js";
import { type AfterMove, moveBill, type Planner } from "../bills/move-bill.js";
import { confirmedPayee } from "../suppliers/bank-account.js";
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

export type { AfterMove, Plan, Planner } from "../bills/move-bill.js";

const enqueueApprovalLinks = async (
  s: Pick<Stores, "jobs">,
  bill: Bill,
  from: Bill["state"],
  now: Date,
): Promise<void> => {
  if (bill.state !== "NeedsApproval" || from === "NeedsApproval") return;
  const job: ApprovalLinksJob = { clientId: bill.clientId, organisationId: bill.organisationId, billId: bill.id };
  await s.jobs.enqueue(
    { type: SEND_APPROVAL_LINKS_JOB, payload: job, key: `approval-links:${bill.id}:${now.getTime()}` },
    now,
  );
};

/**
 * An approval move through `moveBill` (the one place a bill moves): the lifecycle is always saved, and a bill
 * entering NeedsApproval gets its public approval links sent.
 */
export const moveWithin = (
  deps: ApprovalDeps<never>,
  s: Stores,
  trigger: BillTrigger,
  plan: Planner,
  input: LifecycleAction,
  after?: AfterMove,
): Promise<E.Either<DomainError, BillJson>> =>
  moveBill(deps, s, {
    ...input,
    trigger,
    plan: async (st, bill, lifecycle, now) => {
      const planned = await plan(st, bill, lifecycle, now);
      return E.isLeft(planned) ? planned : E.right({ ...planned.right, lifecycle: planned.right.lifecycle ?? {} });
    },
    after: async (st, bill, lifecycle, from, now) => {
      await enqueueApprovalLinks(st, bill, from, now);
      if (after !== undefined) await after(st, bill, lifecycle, from, now);
    },
  });

const move =
  (deps: ApprovalDeps, trigger: BillTrigger, plan: Planner, after?: AfterMove) =>
  (input: LifecycleAction): TE.TaskEither<DomainError, BillJson> =>
  () =>
    deps.db.run((s) => moveWithin(deps, s, trigger, plan, input, after));

/**
 * What the policies are checked against: the bill's supplier standing, total, currency, confidence, flags, and
 * whether it would be paid to a confirmed account.
 */
export const factsOf = async (
  s: Pick<Stores, "billLifecycles" | "suppliers">,
  scope: OrgScope,
  bill: Bill,
): Promise<BillFacts> => {
  const approved = bill.supplierId === null ? 0 : await s.billLifecycles.approvedCount(scope, bill.supplierId);
  return {
    supplierId: bill.supplierId,
    supplierStanding: approved < NEW_SUPPLIER_APPROVED_BILLS ? "New" : "Established",
    amount: bill.fields.totalAmount,
    currency: bill.fields.currency,
    confidence: bill.confidence,
    duplicateFlagged: bill.duplicateOfBillId !== null,
    bankDetailsChanged: bill.bankDetailsChanged,
    bankDetailsConfirmed: E.isRight(await confirmedPayee(s, scope, bill)),
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
      // An amount its currency refuses (read as JPY 1000.50) is corrected first: never approved, never rounded.
      const refused = bill.state === "PendingReview" ? billAmountErrors(bill.fields) : [];
      if (refused.length > 0) return E.left(validationError(refused));
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

/**
 * The plan of an approval by `input`'s actor (shared with the public approval links). The approval that reaches
 * the quorum makes the bill payable, so it needs the supplier's confirmed account (409 `BankDetails.Unconfirmed`).
 */
export const planApproval =
  (input: ApproverAction): Planner =>
  async (s, bill, lifecycle, now) => {
    if (!mayDecide(lifecycle, input.actor, input.administrator)) return E.left(notApprover());
    const same = (a: Actor) => a.type === input.actor.type && a.id === input.actor.id;
    if (lifecycle.approvals.some((a) => same(a.actor)))
      return E.left(conflict("Bill.AlreadyApproved", "You have already approved this bill."));
    const approvals = [...lifecycle.approvals, { actor: input.actor, at: now.toISOString() }];
    const quorumReached = approvals.length >= (lifecycle.decision?.approvalsRequired ?? 1);
    if (quorumReached) {
      const payee = await confirmedPayee(s, input.scope, bill);
      if (E.isLeft(payee)) return payee;
    }
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

/**
 * Sends an Approved, Scheduled or PartiallyPaid bill back to review with a person's reason (PendingReview,
 * `bill.pending_review` carrying `returnedToReview`): its decision, approvals and payment date are taken again when
 * it is submitted again; what was paid stays paid (the bill owes the rest). From review it may be voided. A bill held
 * by a payment run answers 409 (the run is rejected first, which gives the bill back).
 */
export const returnBillToReview = (deps: ApprovalDeps) => (input: LifecycleAction & { readonly reason: string }) =>
  move(deps, "return-to-review", () =>
    E.right({
      lifecycle: { decision: null, approvals: [], approvedAt: null, paymentDate: null, paymentMethod: null },
      returnedToReview: { reason: input.reason },
    }),
  )(input);

/** Refuses a move that pays a bill unless its supplier's account is confirmed (409 `BankDetails.Unconfirmed`). */
const paidToConfirmed =
  (plan: Planner): Planner =>
  async (s, bill, lifecycle, now) => {
    const payee = await confirmedPayee(s, { clientId: bill.clientId, organisationId: bill.organisationId }, bill);
    return E.isLeft(payee) ? payee : plan(s, bill, lifecycle, now);
  };

/** Schedules an Approved bill for payment (`bill.scheduled`) to its supplier's confirmed account. */
export const scheduleBillPayment =
  (deps: ApprovalDeps) => (input: LifecycleAction & { readonly paymentDate: string; readonly paymentMethod: string }) =>
    move(
      deps,
      "schedule-payment",
      paidToConfirmed(() =>
        E.right({ lifecycle: { paymentDate: input.paymentDate, paymentMethod: input.paymentMethod } }),
      ),
    )(input);

/** Takes a Scheduled bill back to Approved, or to PartiallyPaid when part of it was paid (`bill.updated`). */
export const unscheduleBill = (deps: ApprovalDeps) =>
  move(deps, "unschedule", (_s, _bill, lifecycle) =>
    E.right({
      context: { partial: isPositiveAmount(lifecycle.amountPaid ?? "0") },
      lifecycle: { paymentDate: null, paymentMethod: null },
    }),
  );

/** What a payment by hand of `amount` (absent: all of it) does to a bill owing `due`, or the field error. */
const manualAmount = (
  bill: Bill,
  due: string | null,
  amount: string | undefined,
): E.Either<DomainError, { readonly paid: string; readonly partial: boolean }> => {
  if (due === null)
    return E.left(validationError([{ field: "amount", code: "total", message: "the bill has no total" }]));
  if (amount === undefined) return E.right({ paid: due, partial: false });
  const refuse = (code: string, message: string) => E.left(validationError([{ field: "amount", code, message }]));
  if (!isPositiveAmount(amount)) return refuse("range", "amount must be above zero");
  const precision = currencyAmountError("amount", amount, bill.fields.currency);
  if (precision !== undefined) return E.left(validationError([precision]));
  const owed = compareAmounts(amount, due);
  if (owed > 0) return refuse("over_payment", `amount ${amount} is more than the amount due (${due})`);
  return E.right({ paid: normalizeAmount(amount), partial: owed < 0 });
};

/**
 * Marks an Approved, Scheduled or PartiallyPaid bill paid by hand, `bill.paid` (terminal) or with an `amount`
 * short of the amount due `bill.partially_paid` (PartiallyPaid, the rest still due), each carrying the reason and
 * reference: money that left outside apar's payment runs, so only an administrator may say so, and only to a
 * supplier's confirmed account.
 */
export const markBillPaid =
  (deps: ApprovalDeps) =>
  (input: ApproverAction & { readonly reason: string; readonly reference: string; readonly amount?: string }) =>
    move(
      deps,
      "mark-paid",
      // Who first (an administrator), then where to (the supplier's confirmed account), then how much.
      input.administrator
        ? paidToConfirmed((_s, bill, lifecycle, now) => {
            const payment = manualAmount(bill, billJson(bill, lifecycle).amountDue, input.amount);
            if (E.isLeft(payment)) return payment;
            const { paid, partial } = payment.right;
            return E.right({
              context: { partial },
              lifecycle: {
                amountPaid: addAmounts(lifecycle.amountPaid ?? "0", paid),
                ...(partial ? {} : { paidAt: now.toISOString() }),
              },
              manualPayment: { reason: input.reason, reference: input.reference },
            });
          })
        : () =>
            E.left(
              domainError(
                "Forbidden",
                "Bill.AdministratorRequired",
                "Only an administrator (of the organisation or the client) marks a bill paid by hand.",
              ),
            ),
    )(input);
