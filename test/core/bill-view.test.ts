import {
  type BankDetails,
  type Bill,
  bankDetailsProblem,
  billJson,
  EMPTY_BANK_DETAILS,
  emptyLifecycle,
} from "@apar/core";
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

test("a bill's bank details problem: the first failing check, else no rail for the currency, else none", (t) => {
  const none = EMPTY_BANK_DETAILS;
  const code = (d: Partial<BankDetails>, currency: string | null) =>
    bankDetailsProblem({ ...none, ...d }, currency)?.code ?? null;
  t.is(bankDetailsProblem(null, "EUR"), null);
  t.is(code({}, "EUR"), null, "no account, nothing to pay wrongly");
  t.is(code({ iban: "DE89370400440532013001" }, "EUR"), "iban_checksum");
  t.is(code({ sortCode: "089999", accountNumber: "66374959" }, "GBP"), "modulus_check");
  t.is(code({ accountNumber: "12345678" }, "EUR"), "country_required");
  t.is(code({ iban: "DE89370400440532013000" }, "EUR"), null, "SEPA");
  t.is(code({ iban: "DE89370400440532013000" }, "USD"), "unroutable", "SWIFT without a BIC");
  t.is(code({ iban: "DE89370400440532013000", bicSwift: "COBADEFF" }, "USD"), null);
  t.is(code({ sortCode: "089999", accountNumber: "66374958" }, "GBP"), null, "Faster Payments by the sort code");
  t.is(code({ sortCode: "089999", accountNumber: "66374958" }, "EUR"), "unroutable");
  t.is(code({ routingNumber: "021000021", accountNumber: "123456789" }, "USD"), null, "ACH");
  t.is(code({ routingNumber: "021000021", accountNumber: "123456789" }, null), null, "no currency, no rail to ask");
  const flagged = aBill(scope, {});
  const json = billJson({
    ...flagged,
    fields: { ...flagged.fields, currency: "EUR", bankDetails: { ...none, iban: "DE89370400440532013001" } },
  });
  t.like(json.bankDetailsProblem, { code: "iban_checksum", field: "iban" });
});
