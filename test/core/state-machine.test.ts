import {
  allPairs,
  BILL_MACHINE,
  cannotDetail,
  canTrigger,
  INVOICE_MACHINE,
  type MachineTable,
  reachableStates,
  tableProblems,
  terminalStates,
  transition,
} from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

// A small door: open/close, lock only with a key, and a broken state nothing leads to (for reachability).
type State = "Open" | "Closed" | "Locked" | "Gone";
type Trigger = "open" | "close" | "lock" | "unlock" | "remove";
interface Ctx {
  readonly hasKey: boolean;
}

const door: MachineTable<State, Trigger, Ctx> = {
  name: "Door",
  states: ["Open", "Closed", "Locked", "Gone"],
  triggers: ["open", "close", "lock", "unlock", "remove"],
  initial: "Closed",
  transitions: [
    { from: "Closed", trigger: "open", to: "Open", events: ["door.opened"] },
    { from: "Open", trigger: "close", to: "Closed", events: ["door.closed"] },
    {
      from: "Closed",
      trigger: "lock",
      guard: { name: "has key", holds: (c) => c.hasKey },
      to: "Locked",
      events: ["door.locked"],
    },
    { from: "Locked", trigger: "unlock", guard: { name: "has key", holds: (c) => c.hasKey }, to: "Closed", events: [] },
    { from: ["Open", "Closed"], trigger: "remove", to: "Gone", events: ["door.removed", "door.closed"] },
  ],
};

test("a move answers the next state and its events", (t) => {
  t.deepEqual(transition(door, "Closed", "open", { hasKey: false }), E.right({ to: "Open", events: ["door.opened"] }));
  t.deepEqual(
    transition(door, "Open", "remove", { hasKey: false }),
    E.right({ to: "Gone", events: ["door.removed", "door.closed"] }),
  );
});

test("a move the table does not have is a Conflict naming state and trigger", (t) => {
  const result = transition(door, "Open", "lock", { hasKey: true });
  if (E.isRight(result)) return t.fail("moved");
  t.is(result.left.kind, "Conflict");
  t.is(result.left.code, "Door.InvalidTransition");
  t.regex(result.left.detail, /Open/);
  t.regex(result.left.detail, /lock/);
});

test("a failed guard is a Conflict naming the guard", (t) => {
  const result = transition(door, "Closed", "lock", { hasKey: false });
  if (E.isRight(result)) return t.fail("moved");
  t.is(result.left.kind, "Conflict");
  t.regex(result.left.detail, /has key/);
  t.deepEqual(transition(door, "Closed", "lock", { hasKey: true }), E.right({ to: "Locked", events: ["door.locked"] }));
});

test("the first matching row whose guard holds wins", (t) => {
  const table: MachineTable<"A" | "B" | "C", "go", { fast: boolean }> = {
    name: "Thing",
    states: ["A", "B", "C"],
    triggers: ["go"],
    initial: "A",
    transitions: [
      { from: "A", trigger: "go", guard: { name: "fast", holds: (c) => c.fast }, to: "C", events: ["skipped"] },
      { from: "A", trigger: "go", to: "B", events: ["stepped"] },
    ],
  };
  t.deepEqual(transition(table, "A", "go", { fast: true }), E.right({ to: "C", events: ["skipped"] }));
  t.deepEqual(transition(table, "A", "go", { fast: false }), E.right({ to: "B", events: ["stepped"] }));
});

test("every (state, trigger) pair either moves or is a Conflict, never a throw", (t) => {
  const pairs = allPairs(door);
  t.is(pairs.length, door.states.length * door.triggers.length);
  const moves = pairs.filter(({ state, trigger }) =>
    [true, false].some((hasKey) => E.isRight(transition(door, state, trigger, { hasKey }))),
  );
  t.deepEqual(
    moves.map(({ state, trigger }) => `${state}.${trigger}`),
    ["Open.close", "Open.remove", "Closed.open", "Closed.lock", "Closed.remove", "Locked.unlock"],
  );
  for (const { state, trigger } of pairs)
    t.is(
      canTrigger(door, state, trigger),
      moves.some((m) => m.state === state && m.trigger === trigger),
    );
});

test("reachability and terminal states", (t) => {
  t.deepEqual(reachableStates(door), ["Closed", "Open", "Locked", "Gone"]);
  t.deepEqual(terminalStates(door), ["Gone"]);
  t.deepEqual(tableProblems(door), []);
});

test("tableProblems finds unreachable states and unknown names", (t) => {
  const broken: MachineTable<string, string> = {
    name: "Broken",
    states: ["A", "B", "Island"],
    triggers: ["go"],
    initial: "A",
    transitions: [
      { from: "A", trigger: "go", to: "B", events: [] },
      { from: "B", trigger: "jump", to: "Nowhere", events: [] },
    ],
  };
  t.deepEqual(tableProblems(broken), [
    "row 1 names unknown state Nowhere",
    "row 1 names unknown trigger jump",
    "state Island cannot be reached",
  ]);
});

test("a refused move reads as a sentence: article, the thing in words, a passive verb", (t) => {
  t.is(cannotDetail("Invoice", "Sent", "update"), "An invoice in state Sent cannot be updated.");
  t.is(cannotDetail("PurchaseOrder", "Closed", "close"), "A purchase order in state Closed cannot be closed.");
  t.is(
    cannotDetail("Bill", "PendingReview", "submit", "not flagged"),
    "A bill in state PendingReview cannot be submitted now: not flagged does not hold.",
  );
  t.is(
    cannotDetail("SupplierCreditNote", "Draft", "be applied before it is issued"),
    "A supplier credit note in state Draft cannot be applied before it is issued.",
  );
  // Every trigger of the real tables has its phrase: no raw trigger name reaches a person.
  for (const table of [BILL_MACHINE, INVOICE_MACHINE] as const)
    for (const trigger of table.triggers)
      t.regex(cannotDetail(table.name, "X", trigger), /cannot (be|have|take|fail) [a-z ]+\.$/, trigger);
});
