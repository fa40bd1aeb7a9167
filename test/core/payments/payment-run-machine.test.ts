import {
  allPairs,
  approvalsRequiredFor,
  DEFAULT_PAYMENT_RUN_SETTINGS,
  PAYMENT_RUN_MACHINE,
  type PaymentRunStatus,
  type PaymentRunTrigger,
  tableProblems,
  terminalStates,
  transition,
} from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

// Every (status, trigger) pair of the run table with both answers of its guards: the next status and events, or a
// 409 naming the status.
const EXPECTED: Partial<Record<`${PaymentRunStatus} ${PaymentRunTrigger}`, [string, string[]][]>> = {
  "Proposed approve": [
    ["Approved", ["payment_run.approval_recorded", "payment_run.approved"]],
    ["Proposed", ["payment_run.approval_recorded"]],
  ],
  "Approved release": [
    ["InProgress", ["payment_run.released"]],
    ["InProgress", ["payment_run.released"]],
  ],
  "Proposed reject": [
    ["Rejected", ["payment_run.rejected"]],
    ["Rejected", ["payment_run.rejected"]],
  ],
  "Approved reject": [
    ["Rejected", ["payment_run.rejected"]],
    ["Rejected", ["payment_run.rejected"]],
  ],
  "InProgress confirm-transfer": [
    ["Completed", ["payment_run.transfer_confirmed"]],
    ["InProgress", ["payment_run.transfer_confirmed"]],
  ],
  "InProgress return-transfer": [
    ["Completed", ["payment_run.transfer_returned"]],
    ["InProgress", ["payment_run.transfer_returned"]],
  ],
};

test("every (status, trigger) pair of the payment run table moves as designed or is a 409 naming the status", (t) => {
  const pairs = allPairs(PAYMENT_RUN_MACHINE);
  t.is(pairs.length, 5 * 5);
  for (const { state, trigger } of pairs) {
    const yes = transition(PAYMENT_RUN_MACHINE, state, trigger, { quorumReached: true, lastTransfer: true });
    const no = transition(PAYMENT_RUN_MACHINE, state, trigger, { quorumReached: false, lastTransfer: false });
    const expected = EXPECTED[`${state} ${trigger}`];
    if (expected === undefined) {
      for (const moved of [yes, no]) {
        t.true(E.isLeft(moved), `${state} ${trigger} must be refused`);
        if (E.isLeft(moved)) {
          t.is(moved.left.code, "PaymentRun.InvalidTransition");
          t.true(moved.left.detail.includes(state));
        }
      }
      continue;
    }
    const [whenYes, whenNo] = expected.map(([to, events]) => E.right({ to, events }));
    t.deepEqual(yes, whenYes, `${state} ${trigger} (guard holds)`);
    t.deepEqual(no, whenNo, `${state} ${trigger} (guard does not hold)`);
  }
});

test("the run table reaches every status; Completed and Rejected are terminal; a released run is never rejected", (t) => {
  t.deepEqual(tableProblems(PAYMENT_RUN_MACHINE), []);
  t.deepEqual(terminalStates(PAYMENT_RUN_MACHINE), ["Completed", "Rejected"]);
  const refused = transition(PAYMENT_RUN_MACHINE, "InProgress", "reject", {});
  t.true(E.isLeft(refused) && refused.left.detail === "A payment run in state InProgress cannot be rejected.");
});

test("approvals a run needs: the organisation's number, raised by the bands of its currency it reaches", (t) => {
  const settings = {
    approvalsRequired: 1,
    bands: [
      { currency: "EUR", minControlSum: "10000", approvalsRequired: 2 },
      { currency: "EUR", minControlSum: "100000.00", approvalsRequired: 3 },
      { currency: "GBP", minControlSum: "0", approvalsRequired: 2 },
    ],
  };
  t.is(approvalsRequiredFor(DEFAULT_PAYMENT_RUN_SETTINGS, "EUR", "99999999.99"), 1);
  t.is(approvalsRequiredFor(settings, "EUR", "9999.99"), 1);
  t.is(approvalsRequiredFor(settings, "EUR", "10000.00"), 2, "the band's bound is inclusive");
  t.is(approvalsRequiredFor(settings, "EUR", "250000.00"), 3);
  t.is(approvalsRequiredFor(settings, "GBP", "0.01"), 2);
  t.is(approvalsRequiredFor(settings, "USD", "250000.00"), 1, "another currency's bands do not apply");
  t.is(approvalsRequiredFor({ ...settings, approvalsRequired: 4 }, "EUR", "250000.00"), 4, "bands only raise");
});
