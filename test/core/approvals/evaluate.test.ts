import { type ApprovalPolicy, type BillFacts, DEFAULT_POLICY_NAME, evaluatePolicies } from "@apar/core";
import test from "ava";

const AT = new Date("2026-01-02T03:04:05.000Z");
const SUP = "01900000-0000-7000-8000-0000000000aa";
let n = 0;
const policy = (p: Partial<ApprovalPolicy>): ApprovalPolicy => ({
  id: `01900000-0000-7000-8000-${String(++n).padStart(12, "0")}`,
  clientId: "c",
  organisationId: "o",
  name: `P${n}`,
  priorityOrder: 100,
  active: true,
  action: "AutoApprove",
  supplierIds: [],
  supplierStanding: "Any",
  amountGte: null,
  amountLte: null,
  currency: null,
  minConfidence: null,
  duplicateFlagged: null,
  bankDetailsChanged: null,
  matchStatuses: [],
  approverUserIds: [],
  approvalsRequired: 1,
  version: 1,
  createdAt: AT,
  updatedAt: AT,
  ...p,
});
const facts = (f: Partial<BillFacts> = {}): BillFacts => ({
  supplierId: SUP,
  supplierStanding: "Established",
  amount: "100.00",
  currency: "EUR",
  confidence: 0.9,
  duplicateFlagged: false,
  bankDetailsChanged: false,
  bankDetailsConfirmed: true,
  matchStatus: "None",
  ...f,
});

// Each row: one policy's conditions, the bill's facts, and whether the policy matches.
const ROWS: [string, Partial<ApprovalPolicy>, Partial<BillFacts>, boolean][] = [
  ["no conditions", {}, {}, true],
  ["supplier listed", { supplierIds: [SUP] }, {}, true],
  ["supplier not listed", { supplierIds: ["01900000-0000-7000-8000-0000000000bb"] }, {}, false],
  ["supplier listed, bill has none", { supplierIds: [SUP] }, { supplierId: null }, false],
  ["standing New, supplier New", { supplierStanding: "New" }, { supplierStanding: "New" }, true],
  ["standing New, supplier Established", { supplierStanding: "New" }, {}, false],
  ["standing Established", { supplierStanding: "Established" }, {}, true],
  ["amountGte equal", { amountGte: "100" }, {}, true],
  ["amountGte above", { amountGte: "100.01" }, {}, false],
  ["amountLte equal (exact decimals)", { amountLte: "100.000" }, {}, true],
  ["amountLte below", { amountLte: "99.99" }, {}, false],
  ["amount bound, bill has no total", { amountLte: "1000" }, { amount: null }, false],
  ["range holds", { amountGte: "50", amountLte: "150" }, {}, true],
  ["currency same, any case", { currency: "eur" }, {}, true],
  ["currency differs", { currency: "USD" }, {}, false],
  ["currency, bill has none", { currency: "EUR" }, { currency: null }, false],
  ["minConfidence met", { minConfidence: 0.9 }, {}, true],
  ["minConfidence not met", { minConfidence: 0.95 }, {}, false],
  ["minConfidence, no confidence", { minConfidence: 0.1 }, { confidence: null }, false],
  ["duplicateFlagged true on flagged", { duplicateFlagged: true }, { duplicateFlagged: true }, true],
  ["duplicateFlagged true on clean", { duplicateFlagged: true }, {}, false],
  ["duplicateFlagged false on clean", { duplicateFlagged: false }, {}, true],
  ["match status listed", { matchStatuses: ["Resolved", "None"] }, {}, true],
  ["match status not listed", { matchStatuses: ["Resolved"] }, { matchStatus: "Variance" }, false],
];

for (const [name, conditions, f, matches] of ROWS) {
  test(`condition: ${name}`, (t) => {
    const p = policy({ ...conditions, action: "AutoVoid" });
    const d = evaluatePolicies([p], facts(f), AT);
    t.is(d.policyId, matches ? p.id : null);
    t.is(d.action, matches ? "AutoVoid" : "AlwaysReview");
  });
}

test("first match in priority order wins; inactive policies are skipped; ties go to the older policy", (t) => {
  const late = policy({ priorityOrder: 500, action: "AutoApprove" });
  const inactive = policy({ priorityOrder: 1, action: "AutoVoid", active: false });
  const older = policy({
    priorityOrder: 10,
    action: "AlwaysReview",
    approverUserIds: ["u1", "u2"],
    approvalsRequired: 2,
  });
  const younger = policy({ priorityOrder: 10, action: "AutoVoid" });
  const d = evaluatePolicies([late, younger, inactive, older], facts(), AT);
  t.is(d.policyId, older.id);
  t.is(d.action, "AlwaysReview");
  t.deepEqual(d.approverUserIds, ["u1", "u2"]);
  t.is(d.approvalsRequired, 2);
  t.is(d.decidedAt, AT.toISOString());
});

test("the snapshot names the matched conditions with the values seen, the version and an explanation", (t) => {
  const p = policy({
    name: "Small EUR",
    version: 4,
    amountLte: "500",
    currency: "EUR",
    supplierStanding: "Established",
  });
  const d = evaluatePolicies([p], facts(), AT);
  t.is(d.policyVersion, 4);
  t.is(d.policyName, "Small EUR");
  t.deepEqual(d.matchedConditions, [
    { condition: "supplierStanding", expected: "Established", actual: "Established" },
    { condition: "currency", expected: "EUR", actual: "EUR" },
    { condition: "amountLte", expected: "500.00", actual: "100.00" },
  ]);
  t.true(d.explanation.includes("Small EUR") && d.explanation.includes("version 4"));
  t.deepEqual(d.approverUserIds, [], "approvers only for AlwaysReview");
});

test("no policy (or none matching) is review by the administrators with one approval", (t) => {
  for (const policies of [[], [policy({ currency: "USD" })]]) {
    const d = evaluatePolicies(policies, facts(), AT);
    t.like(d, {
      policyId: null,
      policyVersion: null,
      policyName: DEFAULT_POLICY_NAME,
      action: "AlwaysReview",
      approvalsRequired: 1,
    });
    t.deepEqual(d.approverUserIds, []);
  }
});

test("bankDetailsChanged: a policy asking for it matches only flagged bills and names the condition", (t) => {
  const second = policy({
    action: "AlwaysReview",
    bankDetailsChanged: true,
    approverUserIds: ["u2"],
    priorityOrder: 1,
  });
  const flagged = evaluatePolicies([second], facts({ bankDetailsChanged: true }), AT);
  t.is(flagged.policyId, second.id);
  t.deepEqual(flagged.approverUserIds, ["u2"]);
  t.deepEqual(flagged.matchedConditions, [{ condition: "bankDetailsChanged", expected: "true", actual: "true" }]);
  t.is(evaluatePolicies([second], facts(), AT).policyId, null);
});

test("a flagged bill is never auto-approved by a policy that does not ask about bank details", (t) => {
  const auto = policy({ action: "AutoApprove", priorityOrder: 1 });
  const review = policy({ action: "AlwaysReview", priorityOrder: 2 });
  // Unflagged, the auto-approving policy decides; flagged, it is passed over for the next one.
  t.is(evaluatePolicies([auto, review], facts(), AT).policyId, auto.id);
  t.is(evaluatePolicies([auto, review], facts({ bankDetailsChanged: true }), AT).policyId, review.id);
  // With nothing after it, the default review by administrators decides.
  t.is(evaluatePolicies([auto], facts({ bankDetailsChanged: true }), AT).action, "AlwaysReview");
  // A policy that says it auto-approves flagged bills is taken at its word.
  const trusting = policy({ action: "AutoApprove", bankDetailsChanged: true, priorityOrder: 1 });
  t.is(evaluatePolicies([trusting], facts({ bankDetailsChanged: true }), AT).policyId, trusting.id);
});

test("a bill not paid to a confirmed account is never auto-approved, whatever the policy says; review policies still decide", (t) => {
  const trusting = policy({ name: "Trust all", action: "AutoApprove", bankDetailsChanged: true, priorityOrder: 0 });
  const plain = policy({ action: "AutoApprove", priorityOrder: 1 });
  const review = policy({ action: "AlwaysReview", approverUserIds: ["u3"], priorityOrder: 2 });
  const unconfirmed = facts({ bankDetailsChanged: true, bankDetailsConfirmed: false });
  t.is(evaluatePolicies([trusting, plain], facts({ bankDetailsChanged: true }), AT).policyId, trusting.id);
  const d = evaluatePolicies([trusting, plain], unconfirmed, AT);
  t.like(d, { policyId: null, action: "AlwaysReview", approvalsRequired: 1 });
  t.true(d.explanation.includes('Policy "Trust all" would approve it automatically'), d.explanation);
  t.like(evaluatePolicies([trusting, plain, review], unconfirmed, AT), { policyId: review.id, action: "AlwaysReview" });
  t.is(evaluatePolicies([plain], facts({ bankDetailsConfirmed: false }), AT).action, "AlwaysReview");
});
