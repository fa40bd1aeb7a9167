import * as t from "io-ts";
import { ActorCodec } from "../events/actor-codec.js";
import { nullable, oneOf } from "../shared/codecs/combinators.js";
import { IsoDate } from "../shared/codecs/iso-date.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Integer } from "../shared/codecs/numbers.js";
import { Uuid } from "../shared/codecs/uuid.js";
import { MoneyAmount } from "../shared/money.js";
import { POLICY_ACTIONS } from "./model.js";

/** A condition of the matched policy, what it asked and what the bill had. */
export const MatchedConditionView = t.type(
  { condition: t.string, expected: t.string, actual: t.string },
  "MatchedCondition",
);

/** The decision snapshot on a bill, as views show it. */
export const DecisionView = t.type(
  {
    policyId: documented(nullable(Uuid), { description: "Null when no policy matched." }),
    policyVersion: nullable(Integer),
    policyName: t.string,
    action: oneOf(POLICY_ACTIONS, "PolicyAction"),
    matchedConditions: t.readonlyArray(MatchedConditionView),
    approverUserIds: t.readonlyArray(Uuid),
    approvalsRequired: Integer,
    explanation: t.string,
    decidedAt: IsoDateTime,
  },
  "Decision",
);

/** One approval given to a bill. */
export const ApprovalView = t.type({ actor: ActorCodec, at: IsoDateTime }, "Approval");

/** The members a bill gains after review (decision, approvals, rejection, payment and what it owes). */
export const BillLifecycleView = t.type({
  appliedPolicy: nullable(DecisionView),
  approvals: t.readonlyArray(ApprovalView),
  rejectionReason: nullable(t.string),
  paymentDate: nullable(IsoDate),
  paymentMethod: nullable(t.string),
  paidAt: nullable(IsoDateTime),
  amountCredited: documented(MoneyAmount, { description: "Supplier credit applied to the bill." }),
  amountPaid: documented(MoneyAmount, { description: "Paid so far (by hand or by a run's confirmed transfer)." }),
  amountDue: documented(nullable(MoneyAmount), {
    description:
      "The total less the credit applied and the amount paid (null while the total is unknown); a Paid or Voided bill owes 0.",
  }),
});
