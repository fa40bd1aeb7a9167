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
};

test("every (state, trigger) pair of the bill table moves as the spec says or is a 409 naming the state", (t) => {
  const flagged = { duplicateOfBillId: "01900000-0000-7000-8000-000000000000" };
  const clean = { duplicateOfBillId: null };
  const pairs = allPairs(BILL_MACHINE);
  t.is(pairs.length, 9 * 6);
  for (const { state, trigger } of pairs) {
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

test("the table names only its states and triggers; Voided is terminal; approval states await their rows", (t) => {
  t.deepEqual(tableProblems(BILL_MACHINE), [
    "state NeedsApproval cannot be reached",
    "state Approved cannot be reached",
    "state Rejected cannot be reached",
    "state Scheduled cannot be reached",
    "state Paid cannot be reached",
  ]);
  t.true(terminalStates(BILL_MACHINE).includes("Voided"));
  t.false(terminalStates(BILL_MACHINE).includes("ExtractionFailed"));
});
