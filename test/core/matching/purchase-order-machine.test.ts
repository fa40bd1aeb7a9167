import {
  allPairs,
  type DocumentStatus,
  PURCHASE_ORDER_MACHINE,
  type PurchaseOrderTrigger,
  terminalStates,
  transition,
} from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

const LIVE: readonly DocumentStatus[] = ["Draft", "Open", "PartiallyMatched", "FullyMatched"];
const expected = (state: DocumentStatus, trigger: PurchaseOrderTrigger): DocumentStatus | undefined => {
  if (!LIVE.includes(state)) return undefined;
  if (trigger === "close") return "Closed";
  if (trigger === "cancel") return "Cancelled";
  return state;
};

test("every (state, trigger) pair of the purchase order table moves as listed or is a 409 naming the state", (t) => {
  const pairs = allPairs(PURCHASE_ORDER_MACHINE);
  t.is(pairs.length, 6 * 3);
  for (const { state, trigger } of pairs) {
    const moved = transition(PURCHASE_ORDER_MACHINE, state, trigger, undefined);
    const to = expected(state, trigger);
    if (to === undefined) {
      t.true(E.isLeft(moved), `${state} ${trigger} must be refused`);
      if (E.isLeft(moved)) {
        t.is(moved.left.code, "PurchaseOrder.InvalidTransition");
        t.true(moved.left.detail.includes(state));
      }
    } else t.deepEqual(moved, E.right({ to, events: [] }), `${state} ${trigger}`);
  }
});

test("Closed and Cancelled are the purchase order's final states", (t) => {
  t.deepEqual([...terminalStates(PURCHASE_ORDER_MACHINE)].sort(), ["Cancelled", "Closed"]);
});
