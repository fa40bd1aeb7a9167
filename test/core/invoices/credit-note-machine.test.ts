import { allPairs, CREDIT_NOTE_MACHINE, terminalStates, transition } from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

test("every (status, trigger) pair of the customer credit note table: a Draft is issued with its event, an Issued note is a 409", (t) => {
  const pairs = allPairs(CREDIT_NOTE_MACHINE);
  t.deepEqual(pairs, [
    { state: "Draft", trigger: "issue" },
    { state: "Issued", trigger: "issue" },
  ]);
  t.deepEqual(
    transition(CREDIT_NOTE_MACHINE, "Draft", "issue", undefined),
    E.right({ to: "Issued", events: ["credit_note.issued"] }),
  );
  const again = transition(CREDIT_NOTE_MACHINE, "Issued", "issue", undefined);
  t.true(E.isLeft(again));
  if (E.isLeft(again)) {
    t.is(again.left.code, "CreditNote.InvalidTransition");
    t.is(again.left.detail, "A credit note in state Issued cannot be issued.");
  }
  t.deepEqual(terminalStates(CREDIT_NOTE_MACHINE), ["Issued"]);
});
