import {
  allPairs,
  RECURRING_SCHEDULE_MACHINE,
  reachableStates,
  type ScheduleStatus,
  type ScheduleTrigger,
  terminalStates,
  transition,
} from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

const expected = (state: ScheduleStatus, trigger: ScheduleTrigger): ScheduleStatus | undefined => {
  if (state === "Completed" || state === "Cancelled") return undefined;
  switch (trigger) {
    case "change":
      return state;
    case "pause":
      return state === "Active" ? "Paused" : undefined;
    case "resume":
      return state === "Paused" ? "Active" : undefined;
    case "cancel":
      return "Cancelled";
    case "complete":
      return "Completed";
  }
};

test("every (status, trigger) pair of the recurring invoice table moves as listed or is a 409 naming the status", (t) => {
  const pairs = allPairs(RECURRING_SCHEDULE_MACHINE);
  t.is(pairs.length, 4 * 5);
  let refused = 0;
  for (const { state, trigger } of pairs) {
    const moved = transition(RECURRING_SCHEDULE_MACHINE, state, trigger, undefined);
    const to = expected(state, trigger);
    if (to === undefined) {
      refused += 1;
      t.true(E.isLeft(moved), `${state} ${trigger} must be refused`);
      if (E.isLeft(moved)) {
        t.is(moved.left.code, "RecurringInvoice.InvalidTransition");
        t.is(moved.left.kind, "Conflict");
        t.true(moved.left.detail.startsWith(`A recurring invoice in state ${state} cannot `), moved.left.detail);
      }
    } else t.deepEqual(moved, E.right({ to, events: [] }), `${state} ${trigger}`);
  }
  t.is(refused, 12);
});

test("the recurring invoice's final states are Completed and Cancelled, and every status is reachable", (t) => {
  t.deepEqual([...terminalStates(RECURRING_SCHEDULE_MACHINE)].sort(), ["Cancelled", "Completed"]);
  t.deepEqual([...reachableStates(RECURRING_SCHEDULE_MACHINE)].sort(), ["Active", "Cancelled", "Completed", "Paused"]);
});
