import { type Bill, billJson, emptyLifecycle } from "@apar/core";
import test from "ava";
import { aBill } from "../contracts/bill-fixtures.js";

const scope = {
  clientId: "7f0c2a56-1d0e-4c8e-9a51-0b8f6f0b2a01",
  organisationId: "7f0c2a56-1d0e-4c8e-9a51-0b8f6f0b2a02",
};

const due = (totalAmount: string | null, amountCredited: string, state: Bill["state"] = "Approved") => {
  const base = aBill(scope, { state });
  const bill: Bill = { ...base, fields: { ...base.fields, currency: "EUR", totalAmount } };
  return billJson(bill, { ...emptyLifecycle(bill, null), amountCredited }).amountDue;
};

test("amountDue is the total less the credit, never below zero, in the currency's digits", (t) => {
  t.is(due("1234.5", "0"), "1234.50", "no credit: the total");
  t.is(due("1234.50", "0.00"), "1234.50", "a credit written with zeros is none");
  t.is(due("100", "30.25"), "69.75");
  t.is(due("100", "100"), "0.00");
  t.is(due("100", "150"), "0.00", "a credit above the total owes nothing");
  t.is(due("-20", "0"), "0.00", "a negative total owes nothing");
  t.is(due(null, "0"), null, "no total read: unknown");
  t.is(due("100", "30", "Paid"), "0.00", "a paid bill owes nothing");
});
