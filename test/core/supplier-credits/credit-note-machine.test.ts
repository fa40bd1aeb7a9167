import {
  allPairs,
  SUPPLIER_CREDIT_MACHINE,
  SUPPLIER_CREDIT_STATUSES,
  type SupplierCreditStatus,
  type SupplierCreditTrigger,
  tableProblems,
  transition,
} from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

// For every (state, trigger) pair and every status the applications may give: the next status, or refused.
const allowed = (
  state: SupplierCreditStatus,
  trigger: SupplierCreditTrigger,
  applied: SupplierCreditStatus,
): SupplierCreditStatus | undefined => {
  if (state === "Draft" && trigger === "issue") return "Issued";
  if (state === "Draft" && trigger === "delete") return "Draft";
  if (trigger === "apply" && state !== "Draft" && (applied === "PartiallyApplied" || applied === "Applied"))
    return applied;
  if (
    trigger === "reverse" &&
    (state === "PartiallyApplied" || state === "Applied") &&
    (applied === "Issued" || applied === "PartiallyApplied")
  )
    return applied;
  return undefined;
};

test("every (state, trigger) pair of the supplier credit note table moves as listed or is a 409 naming the state", (t) => {
  const pairs = allPairs(SUPPLIER_CREDIT_MACHINE);
  t.is(pairs.length, 4 * 4);
  for (const { state, trigger } of pairs) {
    for (const applied of SUPPLIER_CREDIT_STATUSES) {
      const moved = transition(SUPPLIER_CREDIT_MACHINE, state, trigger, { applied });
      const expected = allowed(state, trigger, applied);
      if (expected === undefined) {
        t.true(E.isLeft(moved), `${state} ${trigger} (${applied}) must be refused`);
        if (E.isLeft(moved)) {
          t.is(moved.left.code, "SupplierCreditNote.InvalidTransition");
          t.true(moved.left.detail.includes(state));
        }
      } else t.deepEqual(moved, E.right({ to: expected, events: [] }), `${state} ${trigger} (${applied})`);
    }
  }
});

test("the supplier credit note table names only its states and triggers and reaches every state", (t) => {
  t.deepEqual(tableProblems(SUPPLIER_CREDIT_MACHINE), []);
});
