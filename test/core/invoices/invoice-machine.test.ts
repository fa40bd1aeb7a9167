import {
  allPairs,
  INVOICE_MACHINE,
  type InvoiceStatus,
  type InvoiceTrigger,
  tableProblems,
  terminalStates,
  transition,
} from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

type Outcome = { to: InvoiceStatus; events: string[] };
// Every (state, trigger) pair, with and without `settles`: the move, or undefined for a 409.
const EXPECTED: Record<string, { settles?: Outcome; partial?: Outcome }> = {
  "Draft update": {
    settles: { to: "Draft", events: ["invoice.updated"] },
    partial: { to: "Draft", events: ["invoice.updated"] },
  },
  "Draft send": {
    settles: { to: "Sent", events: ["invoice.sent"] },
    partial: { to: "Sent", events: ["invoice.sent"] },
  },
  "Draft void": {
    settles: { to: "Void", events: ["invoice.voided"] },
    partial: { to: "Void", events: ["invoice.voided"] },
  },
  "Sent void": {
    settles: { to: "Void", events: ["invoice.voided"] },
    partial: { to: "Void", events: ["invoice.voided"] },
  },
  "Sent record-payment": {
    settles: { to: "Paid", events: ["invoice.paid"] },
    partial: { to: "PartiallyPaid", events: ["invoice.partially_paid"] },
  },
  "PartiallyPaid record-payment": {
    settles: { to: "Paid", events: ["invoice.paid"] },
    partial: { to: "PartiallyPaid", events: ["invoice.partially_paid"] },
  },
  "Sent credit": {
    settles: { to: "Credited", events: ["invoice.credited"] },
    partial: { to: "Sent", events: ["invoice.credited"] },
  },
  "PartiallyPaid credit": {
    settles: { to: "Credited", events: ["invoice.credited"] },
    partial: { to: "PartiallyPaid", events: ["invoice.credited"] },
  },
};

test("every (state, trigger) pair of the invoice table moves as expected or is a 409 naming the state", (t) => {
  const pairs = allPairs(INVOICE_MACHINE);
  t.is(pairs.length, 6 * 5);
  for (const { state, trigger } of pairs) {
    const expected = EXPECTED[`${state} ${trigger}`];
    for (const settles of [true, false]) {
      const moved = transition(INVOICE_MACHINE, state as InvoiceStatus, trigger as InvoiceTrigger, { settles });
      const want = settles ? expected?.settles : expected?.partial;
      if (want === undefined) {
        t.true(E.isLeft(moved), `${state} ${trigger} must be refused`);
        if (E.isLeft(moved)) {
          t.is(moved.left.code, "Invoice.InvalidTransition");
          t.is(moved.left.kind, "Conflict");
          t.true(moved.left.detail.includes(state));
        }
      } else {
        t.deepEqual(moved, E.right(want), `${state} ${trigger} settles=${settles}`);
      }
    }
  }
});

test("the invoice table is well formed: every state reachable; Paid, Void and Credited terminal", (t) => {
  t.deepEqual(tableProblems(INVOICE_MACHINE), []);
  t.deepEqual(terminalStates(INVOICE_MACHINE).sort(), ["Credited", "Paid", "Void"]);
});
