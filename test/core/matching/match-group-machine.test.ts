import { allPairs, MATCH_GROUP_MACHINE, type MatchStatus, reachableStates, transition } from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

const EVALUATED = ["Open", "Variance", "Resolved"] as const;
const EVENTS: Record<string, string[]> = {
  Open: [],
  Variance: ["match_group.variance"],
  Resolved: ["match_group.resolved"],
};

test("every (status, trigger) pair of the match group table, under every evaluation outcome", (t) => {
  t.is(allPairs(MATCH_GROUP_MACHINE).length, 4 * 2);
  for (const { state, trigger } of allPairs(MATCH_GROUP_MACHINE)) {
    for (const found of EVALUATED) {
      const moved = transition(MATCH_GROUP_MACHINE, state, trigger, found);
      const label = `${state} ${trigger} (evaluated ${found})`;
      if (trigger === "evaluate") {
        const to: MatchStatus = state === "Synced" ? "Synced" : found;
        t.deepEqual(moved, E.right({ to, events: state === "Synced" ? [] : EVENTS[found] }), label);
      } else if (state === "Resolved" || state === "Open")
        t.deepEqual(moved, E.right({ to: "Synced", events: [] }), label);
      else {
        t.true(E.isLeft(moved), label);
        if (E.isLeft(moved)) {
          t.is(moved.left.code, "MatchGroup.InvalidTransition");
          t.true(moved.left.detail.startsWith(`A match group in state ${state} cannot be synced`), moved.left.detail);
        }
      }
    }
  }
  t.deepEqual([...reachableStates(MATCH_GROUP_MACHINE)].sort(), ["Open", "Resolved", "Synced", "Variance"]);
});
