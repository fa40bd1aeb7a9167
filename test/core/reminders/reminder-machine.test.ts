import {
  allPairs,
  REMINDER_MACHINE,
  type ReminderStatus,
  type ReminderTrigger,
  terminalStates,
  transition,
} from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

const expected = (state: ReminderStatus, trigger: ReminderTrigger): ReminderStatus | undefined => {
  if (state === "Pending") return trigger === "send" ? "Sent" : trigger === "cancel" ? "Cancelled" : "Failed";
  if (state === "Sent" && trigger === "fail") return "Failed";
  return undefined;
};

test("every (status, trigger) pair of the reminder table moves as listed or is a 409 naming the status", (t) => {
  const pairs = allPairs(REMINDER_MACHINE);
  t.is(pairs.length, 4 * 3);
  let refused = 0;
  for (const { state, trigger } of pairs) {
    const moved = transition(REMINDER_MACHINE, state, trigger, undefined);
    const to = expected(state, trigger);
    if (to === undefined) {
      refused += 1;
      t.true(E.isLeft(moved), `${state} ${trigger}`);
      if (E.isLeft(moved)) {
        t.is(moved.left.code, "Reminder.InvalidTransition");
        t.true(moved.left.detail.startsWith(`A reminder in state ${state} cannot `), moved.left.detail);
      }
    } else t.deepEqual(moved, E.right({ to, events: [] }), `${state} ${trigger}`);
  }
  t.is(refused, 8);
  t.deepEqual([...terminalStates(REMINDER_MACHINE)].sort(), ["Cancelled", "Failed"]);
});
