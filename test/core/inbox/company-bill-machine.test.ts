import {
  allPairs,
  COMPANY_BILL_MACHINE,
  type CompanyBillState,
  type CompanyBillTrigger,
  tableProblems,
  terminalStates,
  transition,
} from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

// Every (state, trigger) pair of a waiting bill and its next state; the others are refused.
const EXPECTED: Partial<Record<`${CompanyBillState} ${CompanyBillTrigger}`, CompanyBillState>> = {
  "Extracting read-succeeded": "PendingReview",
  "Extracting read-failed": "ExtractionFailed",
};

test("every (state, trigger) pair of the waiting-bill table moves as listed or is a 409 naming the state", (t) => {
  const pairs = allPairs(COMPANY_BILL_MACHINE);
  t.is(pairs.length, 3 * 2);
  for (const { state, trigger } of pairs) {
    const moved = transition(COMPANY_BILL_MACHINE, state, trigger, undefined);
    const expected = EXPECTED[`${state} ${trigger}`];
    if (expected === undefined) {
      t.true(E.isLeft(moved), `${state} ${trigger} must be refused`);
      if (E.isLeft(moved)) {
        t.is(moved.left.code, "CompanyBill.InvalidTransition");
        t.true(moved.left.detail.includes(state));
      }
    } else t.deepEqual(moved, E.right({ to: expected, events: [] }), `${state} ${trigger}`);
  }
});

test("the waiting-bill table reaches every state; a read bill waits for its organisation", (t) => {
  t.deepEqual(tableProblems(COMPANY_BILL_MACHINE), []);
  t.deepEqual([...terminalStates(COMPANY_BILL_MACHINE)].sort(), ["ExtractionFailed", "PendingReview"]);
});
