import { compareAmounts, wireAmount } from "../shared/money.js";
import type { ApprovalPolicy, BillFacts, DecisionSnapshot, MatchedCondition, PolicyConditions } from "./model.js";

/** The name of the decision taken when no active policy matches. */
export const DEFAULT_POLICY_NAME = "Default: review by the organisation's administrators";

/** Policies in evaluation order: active only, lower priorityOrder first, then the older policy. */
export const evaluationOrder = (policies: readonly ApprovalPolicy[]): ApprovalPolicy[] =>
  policies
    .filter((p) => p.active)
    .sort((a, b) => a.priorityOrder - b.priorityOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/**
 * The conditions of a policy that hold for the facts, or undefined when one does not. Unset conditions are
 * not listed: the snapshot names what the policy actually asked.
 */
export const matchConditions = (c: PolicyConditions, f: BillFacts): MatchedCondition[] | undefined => {
  const held: MatchedCondition[] = [];
  const check = (condition: string, expected: string, actual: string, holds: boolean): boolean => {
    if (holds) held.push({ condition, expected, actual });
    return holds;
  };
  const text = (v: string | number | null) => (v === null ? "none" : String(v));
  if (
    c.supplierIds.length > 0 &&
    !check(
      "supplierIds",
      c.supplierIds.join(", "),
      text(f.supplierId),
      f.supplierId !== null && c.supplierIds.includes(f.supplierId),
    )
  )
    return undefined;
  if (
    c.supplierStanding !== "Any" &&
    !check("supplierStanding", c.supplierStanding, f.supplierStanding, c.supplierStanding === f.supplierStanding)
  )
    return undefined;
  if (c.currency !== null) {
    const ok = f.currency !== null && f.currency.toUpperCase() === c.currency.toUpperCase();
    if (!check("currency", c.currency.toUpperCase(), text(f.currency), ok)) return undefined;
  }
  // Amounts in the snapshot are in the bill's currency's wire form (`"500.00"`, as the bill writes its total).
  const money = (v: string | null) => text(wireAmount(v, f.currency));
  if (c.amountGte !== null) {
    const ok = f.amount !== null && compareAmounts(f.amount, c.amountGte) >= 0;
    if (!check("amountGte", money(c.amountGte), money(f.amount), ok)) return undefined;
  }
  if (c.amountLte !== null) {
    const ok = f.amount !== null && compareAmounts(f.amount, c.amountLte) <= 0;
    if (!check("amountLte", money(c.amountLte), money(f.amount), ok)) return undefined;
  }
  if (c.minConfidence !== null) {
    const ok = f.confidence !== null && f.confidence >= c.minConfidence;
    if (!check("minConfidence", String(c.minConfidence), text(f.confidence), ok)) return undefined;
  }
  // A yes/no condition: unset holds; set, the bill's flag must equal it.
  const flag = (condition: string, expected: boolean | null, actual: boolean): boolean =>
    expected === null || check(condition, String(expected), String(actual), actual === expected);
  if (!flag("duplicateFlagged", c.duplicateFlagged, f.duplicateFlagged)) return undefined;
  if (!flag("bankDetailsChanged", c.bankDetailsChanged, f.bankDetailsChanged)) return undefined;
  if (
    c.matchStatuses.length > 0 &&
    !check("matchStatuses", c.matchStatuses.join(", "), f.matchStatus, c.matchStatuses.includes(f.matchStatus))
  )
    return undefined;
  return held;
};

/**
 * Whether a policy may decide for a bill: an auto-approving one is passed over for a bill that would not be paid
 * to its supplier's confirmed account (whatever the policy says), and for one whose bank details changed (the
 * fraud signal) unless it asks about them (`bankDetailsChanged` true); such bills are approved by people.
 */
const mayDecide = (policy: ApprovalPolicy, facts: BillFacts): boolean =>
  policy.action !== "AutoApprove" ||
  (facts.bankDetailsConfirmed && !(facts.bankDetailsChanged && policy.bankDetailsChanged === null));

/**
 * Evaluates the policies for a bill: the first active policy in priority order whose conditions all hold
 * decides (an auto-approving one only if it may, see `mayDecide`); none means manual review by the
 * organisation's administrators. Pure: the same input, the same decision.
 */
export const evaluatePolicies = (
  policies: readonly ApprovalPolicy[],
  facts: BillFacts,
  decidedAt: Date,
): DecisionSnapshot => {
  let passedOver = "";
  for (const policy of evaluationOrder(policies)) {
    const matched = matchConditions(policy, facts);
    if (!mayDecide(policy, facts)) {
      if (matched !== undefined && !facts.bankDetailsConfirmed && passedOver === "")
        passedOver = ` Policy "${policy.name}" would approve it automatically, but the bill would not be paid to its supplier's confirmed bank account: people approve it.`;
      continue;
    }
    if (matched === undefined) continue;
    const review = policy.action === "AlwaysReview";
    const because =
      matched.length === 0
        ? "it has no conditions"
        : matched.map((m) => `${m.condition} ${m.expected} (bill: ${m.actual})`).join("; ");
    return {
      policyId: policy.id,
      policyVersion: policy.version,
      policyName: policy.name,
      action: policy.action,
      matchedConditions: matched,
      approverUserIds: review ? [...policy.approverUserIds] : [],
      approvalsRequired: review ? policy.approvalsRequired : 0,
      explanation: `Policy "${policy.name}" (version ${policy.version}, priority ${policy.priorityOrder}) matched: ${because}. Action: ${policy.action}.${passedOver}`,
      decidedAt: decidedAt.toISOString(),
    };
  }
  return {
    policyId: null,
    policyVersion: null,
    policyName: DEFAULT_POLICY_NAME,
    action: "AlwaysReview",
    matchedConditions: [],
    approverUserIds: [],
    approvalsRequired: 1,
    explanation: `No active policy matched: the organisation's administrators review the bill.${passedOver}`,
    decidedAt: decidedAt.toISOString(),
  };
};
