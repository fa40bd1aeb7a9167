import {
  allPairs,
  BILL_MACHINE,
  type BillState,
  type BillTrigger,
  tableProblems,
  terminalStates,
  transition,
} from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

// Every (state, trigger) pair and what it must do: the next state and events, or a 409 (undefined).
const EXPECTED: Partial<Record<`${BillState} ${BillTrigger}`, { to: BillState; events: string[] }>> = {
  "Extracting read-succeeded": { to: "PendingReview", events: ["bill.pending_review"] },
  "Extracting read-failed": { to: "ExtractionFailed", events: ["bill.ocr_failed"] },
  "ExtractionFailed retry-ocr": { to: "Extracting", events: [] },
  "ExtractionFailed void": { to: "Voided", events: ["bill.voided"] },
  "PendingReview update": { to: "PendingReview", events: ["bill.updated"] },
  "PendingReview void": { to: "Voided", events: ["bill.voided"] },
  "NeedsApproval void": { to: "Voided", events: ["bill.voided"] },
  "Rejected void": { to: "Voided", events: ["bill.voided"] },
  "NeedsApproval reject": { to: "Rejected", events: ["bill.rejected"] },
  "Rejected reopen": { to: "PendingReview", events: ["bill.pending_review"] },
  "Approved schedule-payment": { to: "Scheduled", events: ["bill.scheduled"] },
  "Scheduled unschedule": { to: "Approved", events: ["bill.updated"] },
  "PendingReview flag-bank-details": { to: "PendingReview", events: ["bill.updated"] },
  "NeedsApproval flag-bank-details": { to: "PendingReview", events: ["bill.pending_review"] },
  "Approved flag-bank-details": { to: "PendingReview", events: ["bill.pending_review"] },
  "Scheduled flag-bank-details": { to: "PendingReview", events: ["bill.pending_review"] },
  "Approved return-to-review": { to: "PendingReview", events: ["bill.pending_review"] },
  "Scheduled return-to-review": { to: "PendingReview", events: ["bill.pending_review"] },
  "PartiallyPaid return-to-review": { to: "PendingReview", events: ["bill.pending_review"] },
  "Approved mark-paid": { to: "Paid", events: ["bill.paid"] },
  "Scheduled mark-paid": { to: "Paid", events: ["bill.paid"] },
  "PartiallyPaid mark-paid": { to: "Paid", events: ["bill.paid"] },
  "PartiallyPaid schedule-payment": { to: "Scheduled", events: ["bill.scheduled"] },
  "PartiallyPaid start-payment": { to: "PaymentInProgress", events: ["bill.payment_in_progress"] },
  "PartiallyPaid credit": { to: "PartiallyPaid", events: ["bill.credited"] },
  "PartiallyPaid reverse-credit": { to: "PartiallyPaid", events: ["bill.updated"] },
  "Approved start-payment": { to: "PaymentInProgress", events: ["bill.payment_in_progress"] },
  "Scheduled start-payment": { to: "PaymentInProgress", events: ["bill.payment_in_progress"] },
  "PaymentInProgress confirm-payment": { to: "Paid", events: ["bill.paid"] },
  "PaymentInProgress return-payment": { to: "Scheduled", events: ["bill.scheduled"] },
  "PendingReview credit": { to: "PendingReview", events: ["bill.credited"] },
  "NeedsApproval credit": { to: "NeedsApproval", events: ["bill.credited"] },
  "Approved credit": { to: "Approved", events: ["bill.credited"] },
  "Scheduled credit": { to: "Scheduled", events: ["bill.credited"] },
  "PendingReview reverse-credit": { to: "PendingReview", events: ["bill.updated"] },
  "NeedsApproval reverse-credit": { to: "NeedsApproval", events: ["bill.updated"] },
  "Approved reverse-credit": { to: "Approved", events: ["bill.updated"] },
  "Scheduled reverse-credit": { to: "Scheduled", events: ["bill.updated"] },
};

// The same moves when part of the amount stays due (or was paid before).
const PARTIAL: Partial<Record<`${BillState} ${BillTrigger}`, { to: BillState; events: string[] }>> = {
  "Approved mark-paid": { to: "PartiallyPaid", events: ["bill.partially_paid"] },
  "Scheduled mark-paid": { to: "PartiallyPaid", events: ["bill.partially_paid"] },
  "PartiallyPaid mark-paid": { to: "PartiallyPaid", events: ["bill.partially_paid"] },
  "Scheduled unschedule": { to: "PartiallyPaid", events: ["bill.updated"] },
  "PaymentInProgress confirm-payment": { to: "PartiallyPaid", events: ["bill.partially_paid"] },
};

// Moves whose guards read the policy decision or the quorum: state -> (context -> outcome).
const SUBMIT: Record<string, { to: BillState; events: string[] }> = {
  AlwaysReview: { to: "NeedsApproval", events: ["bill.needs_approval"] },
  AutoApprove: { to: "Approved", events: ["bill.approved"] },
  AutoVoid: { to: "Voided", events: ["bill.voided"] },
};

test("every (state, trigger) pair of the bill table moves as the spec says or is a 409 naming the state", (t) => {
  const flagged = { duplicateOfBillId: "01900000-0000-7000-8000-000000000000" };
  const clean = { duplicateOfBillId: null };
  const pairs = allPairs(BILL_MACHINE);
  t.is(pairs.length, 11 * 21);
  for (const { state, trigger } of pairs) {
    if (trigger === "submit") {
      for (const [decision, expected] of Object.entries(SUBMIT)) {
        const ctx = { duplicateOfBillId: null, decision: decision as "AutoApprove" };
        const moved = transition(BILL_MACHINE, state, trigger, ctx);
        if (state === "PendingReview") t.deepEqual(moved, E.right(expected), `${state} submit ${decision}`);
        else t.true(E.isLeft(moved) && moved.left.detail.includes(state), `${state} submit`);
        const flagged = transition(BILL_MACHINE, state, trigger, { ...ctx, duplicateOfBillId: "x" });
        t.true(E.isLeft(flagged), `${state} submit while flagged`);
      }
      continue;
    }
    if (trigger === "approve") {
      const reached = transition(BILL_MACHINE, state, trigger, { duplicateOfBillId: null, quorumReached: true });
      const short = transition(BILL_MACHINE, state, trigger, { duplicateOfBillId: null, quorumReached: false });
      if (state === "NeedsApproval") {
        t.deepEqual(reached, E.right({ to: "Approved" as BillState, events: ["bill.approved"] }));
        t.deepEqual(short, E.right({ to: "NeedsApproval" as BillState, events: ["bill.updated"] }));
      } else t.true(E.isLeft(reached) && E.isLeft(short) && reached.left.detail.includes(state), `${state} approve`);
      continue;
    }
    if (trigger === "cancel-payment") {
      // A rejected payment run gives the bill back to where it was before the run.
      const fromScheduled = transition(BILL_MACHINE, state, trigger, { ...clean, heldFrom: "Scheduled" });
      const fromApproved = transition(BILL_MACHINE, state, trigger, { ...clean, heldFrom: "Approved" });
      const fromPartly = transition(BILL_MACHINE, state, trigger, { ...clean, heldFrom: "PartiallyPaid" });
      if (state === "PaymentInProgress") {
        t.deepEqual(fromScheduled, E.right({ to: "Scheduled" as BillState, events: ["bill.scheduled"] }));
        t.deepEqual(fromApproved, E.right({ to: "Approved" as BillState, events: ["bill.approved"] }));
        t.deepEqual(fromPartly, E.right({ to: "PartiallyPaid" as BillState, events: ["bill.updated"] }));
        t.true(E.isLeft(transition(BILL_MACHINE, state, trigger, clean)), "nowhere to go back to");
      } else t.true(E.isLeft(fromScheduled) && E.isLeft(fromApproved) && E.isLeft(fromPartly), `${state} ${trigger}`);
      continue;
    }
    if (trigger === "mark-paid" || trigger === "unschedule" || trigger === "confirm-payment") {
      // A payment of part of what is due leaves the bill PartiallyPaid; unscheduling a bill paid in part gives it back.
      const part = transition(BILL_MACHINE, state, trigger, { ...clean, partial: true });
      const expected = PARTIAL[`${state} ${trigger}`];
      if (expected === undefined) t.true(E.isLeft(part), `${state} ${trigger} in part`);
      else t.deepEqual(part, E.right(expected), `${state} ${trigger} in part`);
    }
    if (trigger === "dismiss-duplicate") {
      const moved = transition(BILL_MACHINE, state, trigger, flagged);
      if (state === "PendingReview") t.deepEqual(moved, E.right({ to: "PendingReview", events: ["bill.updated"] }));
      else t.true(E.isLeft(moved), `${state} ${trigger}`);
      const unflagged = transition(BILL_MACHINE, state, trigger, clean);
      t.true(E.isLeft(unflagged) && unflagged.left.kind === "Conflict", `${state} ${trigger} without a flag`);
      continue;
    }
    const moved = transition(BILL_MACHINE, state, trigger, clean);
    const expected = EXPECTED[`${state} ${trigger}`];
    if (expected === undefined) {
      t.true(E.isLeft(moved), `${state} ${trigger} must be refused`);
      if (E.isLeft(moved)) {
        t.is(moved.left.code, "Bill.InvalidTransition");
        t.true(moved.left.detail.includes(state));
      }
    } else t.deepEqual(moved, E.right(expected), `${state} ${trigger}`);
  }
});

test("the table names only its states and triggers, reaches every state; Voided and Paid are terminal", (t) => {
  t.deepEqual(tableProblems(BILL_MACHINE), []);
  t.deepEqual(terminalStates(BILL_MACHINE), ["Paid", "Voided"]);
  t.false(terminalStates(BILL_MACHINE).includes("ExtractionFailed"));
});
