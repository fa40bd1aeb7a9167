import * as t from "io-ts";
import { POLICY_ACTIONS, POLICY_MATCH_STATUSES, SUPPLIER_STANDINGS } from "../../approvals/model.js";
import { codec } from "../../shared/codecs/failure.js";
import { NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import { CurrencyCode } from "../../shared/currencies.js";
import { MoneyAmount } from "../../shared/money.js";

const oneOf = <S extends string>(values: readonly S[], name: string) =>
  t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<S, null>, name);
const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);
const intIn = (min: number, max: number, name: string) => {
  const is = (u: unknown): u is number => Number.isInteger(u) && (u as number) >= min && (u as number) <= max;
  return codec<number>(name, is, (u) =>
    is(u) ? { ok: u } : { code: "range", message: `must be an integer from ${min} to ${max}` },
  );
};
const isFraction = (u: unknown): u is number => typeof u === "number" && u >= 0 && u <= 1;
const Fraction = codec<number>("Confidence", isFraction, (u) =>
  isFraction(u) ? { ok: u } : { code: "range", message: "must be a number from 0 to 1" },
);

/** The body of POST and PUT /v1/approval-policies: the hosted service's fields and ours. */
export const PolicyBody = t.intersection([
  t.type({
    name: NonEmptyTrimmedString(200),
    priorityOrder: intIn(0, 1000, "PriorityOrder"),
    action: oneOf(POLICY_ACTIONS, "PolicyAction"),
  }),
  t.partial({
    active: t.boolean,
    supplierIds: t.readonlyArray(Uuid),
    supplierStanding: oneOf(SUPPLIER_STANDINGS, "SupplierStanding"),
    amountGte: nullable(MoneyAmount),
    amountLte: nullable(MoneyAmount),
    currency: nullable(CurrencyCode),
    minConfidence: nullable(Fraction),
    duplicateFlagged: nullable(t.boolean),
    matchStatuses: t.readonlyArray(oneOf(POLICY_MATCH_STATUSES, "MatchStatus")),
    approverUserIds: t.readonlyArray(Uuid),
    approvalsRequired: intIn(1, 100, "ApprovalsRequired"),
  }),
]);
export type PolicyBody = t.TypeOf<typeof PolicyBody>;
