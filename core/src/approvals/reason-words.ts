import { isCurrency } from "../shared/currencies.js";
import { formatAmount, isDecimalString } from "../shared/money.js";
import type { DecisionSnapshot, MatchedCondition } from "./model.js";

const amountWords = (value: string, currency: string | null) =>
  currency === null || !isCurrency(currency) || !isDecimalString(value)
    ? `${value}${currency === null ? "" : ` ${currency}`}`
    : `${formatAmount(value, currency)} ${currency}`;

/** One condition that held, as a person says it. */
const conditionWords = (m: MatchedCondition, currency: string | null): string => {
  switch (m.condition) {
    case "amountGte":
      return `the total (${amountWords(m.actual, currency)}) is at least ${amountWords(m.expected, currency)}`;
    case "amountLte":
      return `the total (${amountWords(m.actual, currency)}) is at most ${amountWords(m.expected, currency)}`;
    case "currency":
      return `the bill is in ${m.expected}`;
    case "supplierIds":
      return "the supplier is one the policy names";
    case "supplierStanding":
      return m.expected === "New" ? "the supplier is new" : "the supplier is an established one";
    case "minConfidence":
      return `the bill was read with at least ${Math.round(Number(m.expected) * 100)}% confidence`;
    case "duplicateFlagged":
      return m.expected === "true"
        ? "the bill is flagged as a possible duplicate"
        : "the bill is not flagged as a duplicate";
    case "bankDetailsChanged":
      return m.expected === "true"
        ? "its bank account is not one the supplier has been paid at before"
        : "its bank account is one the supplier is known by";
    case "matchStatuses":
      return `its match with the purchase order is ${m.actual}`;
    default:
      return `${m.condition} is ${m.expected}`;
  }
};

const joinWords = (parts: readonly string[]): string =>
  parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;

/**
 * Why a bill waits for someone's approval, in a sentence: the policy by name and each condition that held in
 * words ("the total (1,250.00 EUR) is at least 1000 EUR"), rather than the snapshot's log-like explanation.
 */
export const policyReasonInWords = (decision: DecisionSnapshot | null, currency: string | null): string => {
  if (decision === null || decision.policyId === null)
    return "No approval policy covers this bill, so the organisation's administrators review it.";
  const conditions = decision.matchedConditions.map((m) => conditionWords(m, currency));
  const because = conditions.length === 0 ? "it applies to every bill" : joinWords(conditions);
  const who =
    decision.approvalsRequired > 1 ? `${decision.approvalsRequired} approvals are needed` : "one approval is needed";
  return `The policy “${decision.policyName}” asks for approval because ${because}; ${who}.`;
};
