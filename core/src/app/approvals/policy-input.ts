import * as t from "io-ts";
import { POLICY_ACTIONS, POLICY_MATCH_STATUSES, SUPPLIER_STANDINGS } from "../../approvals/model.js";
import { intIn, nullable, oneOf } from "../../shared/codecs/combinators.js";
import { documented } from "../../shared/codecs/json-schema.js";
import { Fraction } from "../../shared/codecs/numbers.js";
import { NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import { CurrencyCode } from "../../shared/currencies.js";
import { MoneyAmount } from "../../shared/money.js";

/** The body of POST and PUT /v1/approval-policies: the hosted service's fields and ours. */
export const PolicyBody = t.intersection([
  t.type({
    name: NonEmptyTrimmedString(200),
    priorityOrder: documented(intIn(0, 1000, "PriorityOrder"), { description: "Lower is evaluated first." }),
    action: oneOf(POLICY_ACTIONS, "PolicyAction"),
  }),
  t.partial({
    active: documented(t.boolean, { default: true }),
    supplierIds: documented(t.readonlyArray(Uuid), { description: "Empty: every supplier." }),
    supplierStanding: documented(oneOf(SUPPLIER_STANDINGS, "SupplierStanding"), {
      default: "Any",
      description: "New: fewer than 3 approved bills from the supplier in the organisation (or no supplier record).",
    }),
    amountGte: nullable(MoneyAmount),
    amountLte: nullable(MoneyAmount),
    currency: nullable(CurrencyCode),
    minConfidence: nullable(Fraction),
    duplicateFlagged: documented(nullable(t.boolean), {
      description: "true: only flagged bills; false: only unflagged.",
    }),
    bankDetailsChanged: documented(nullable(t.boolean), {
      description:
        "true: only bills whose bank account the supplier is not known by (a fraud signal); false: only others. A flagged bill is never auto-approved by a policy that leaves this null.",
    }),
    matchStatuses: t.readonlyArray(oneOf(POLICY_MATCH_STATUSES, "MatchStatus")),
    approverUserIds: documented(t.readonlyArray(Uuid), {
      description: "AlwaysReview only; empty: the administrators.",
    }),
    approvalsRequired: documented(intIn(1, 100, "ApprovalsRequired"), { default: 1 }),
  }),
]);
export type PolicyBody = t.TypeOf<typeof PolicyBody>;
