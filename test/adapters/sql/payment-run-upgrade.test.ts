import { upgradedRunBody } from "@apar/adapters/sql/migrations/0024-payment-run-approvals";
import { isReleased, type PaymentRun, paymentRunJson } from "@apar/core";
import test from "ava";

// Migration 0024 gives runs made before proposals existed the members a run now has: they were released when made.

const legacy = {
  status: "InProgress",
  currency: "EUR",
  executionDate: "2026-03-05",
  debtor: { name: "Käufer", iban: "DE75512108001245126199", accountNumber: null, bic: null, country: "DE" },
  messageId: "0190f5a47c3b7fee9dccbbaa99887766",
  controlSum: "12.50",
  items: [],
};

test("a run made before proposals stays released, with no proposer, no approvals needed and no release recorded", (t) => {
  const upgraded = upgradedRunBody(legacy);
  t.like(upgraded, { status: "InProgress", proposedBy: null, approvalsRequired: 0, approvals: [], released: null });
  const run = {
    ...upgraded,
    id: "0190f5a4-7c3b-7fee-9dcc-bbaa99887766",
    clientId: "0190f5a4-0000-7000-8000-000000000001",
    organisationId: "0190f5a4-0000-7000-8000-000000000002",
    createdAt: new Date(0),
    updatedAt: new Date(0),
  } as PaymentRun;
  t.true(isReleased(run), "its file is served, its transfers confirmed as before");
  t.like(paymentRunJson(run), { status: "InProgress", rejected: null });
  t.is(upgradedRunBody(upgraded ?? {}), undefined, "a second run of the step changes nothing");
});
