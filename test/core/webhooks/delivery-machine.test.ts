import {
  allPairs,
  attemptTrigger,
  type DeliveryStatus,
  type DeliveryTrigger,
  deliveryStatusesFor,
  terminalStates,
  transition,
  WEBHOOK_DELIVERY_MACHINE,
} from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

const MOVES: Partial<Record<DeliveryStatus, Partial<Record<DeliveryTrigger, DeliveryStatus>>>> = {
  Pending: { claim: "Delivering" },
  Delivering: { succeed: "Succeeded", retry: "Pending", "give-up": "Failed", release: "Pending", expire: "Failed" },
  Succeeded: { redeliver: "Pending" },
  Failed: { redeliver: "Pending" },
};

test("every (status, trigger) pair of the webhook delivery table moves as listed or is a 409 naming the status", (t) => {
  const pairs = allPairs(WEBHOOK_DELIVERY_MACHINE);
  t.is(pairs.length, 4 * 7);
  let refused = 0;
  for (const { state, trigger } of pairs) {
    const moved = transition(WEBHOOK_DELIVERY_MACHINE, state, trigger, undefined);
    const to = MOVES[state]?.[trigger];
    if (to === undefined) {
      refused += 1;
      t.true(E.isLeft(moved), `${state} ${trigger}`);
      if (E.isLeft(moved)) {
        t.is(moved.left.code, "WebhookDelivery.InvalidTransition");
        t.true(moved.left.detail.startsWith(`A webhook delivery in state ${state} cannot `), moved.left.detail);
      }
    } else t.deepEqual(moved, E.right({ to, events: [] }), `${state} ${trigger}`);
  }
  t.is(refused, 28 - 8);
  t.deepEqual(terminalStates(WEBHOOK_DELIVERY_MACHINE), [], "a finished delivery can always be sent again");
});

test("an attempt's move: success, a failure with a retry due, a failure with none left; redelivery from finished ones", (t) => {
  t.is(attemptTrigger(true, undefined), "succeed");
  t.is(attemptTrigger(false, new Date(0)), "retry");
  t.is(attemptTrigger(false, undefined), "give-up");
  t.deepEqual(deliveryStatusesFor("redeliver"), ["Succeeded", "Failed"]);
  t.deepEqual(deliveryStatusesFor("claim"), ["Pending"]);
});
