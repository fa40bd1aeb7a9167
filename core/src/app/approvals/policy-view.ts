import * as t from "io-ts";
import type { ApprovalPolicy } from "../../approvals/model.js";
import { intIn } from "../../shared/codecs/combinators.js";
import { IsoDateTime } from "../../shared/codecs/iso-date-time.js";
import { documented } from "../../shared/codecs/json-schema.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import { isCurrency } from "../../shared/currencies.js";
import { wireAmount } from "../../shared/money.js";
import { PolicyBody } from "./policy-input.js";

/** An approval policy as the API answers it: every field of its body, given or defaulted. */
export const PolicyView = t.type(
  {
    id: Uuid,
    organisationId: Uuid,
    ...PolicyBody.types[0].props,
    ...PolicyBody.types[1].props,
    version: documented(intIn(1, Number.MAX_SAFE_INTEGER, "PolicyVersion"), {
      description: "Grows with every change.",
    }),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  "ApprovalPolicy",
);
/** An approval policy as the API answers it. */
export type PolicyJson = t.TypeOf<typeof PolicyView>;

/**
 * The JSON of a policy: its bounds in the wire form of the policy's currency (`"500"` EUR is `"500.00"`); a policy
 * for any currency has no minor unit to pad to, so its bounds are written as given, in canonical form (`"500"`).
 */
export const policyJson = (p: ApprovalPolicy): PolicyJson => {
  const { clientId: _client, createdAt, updatedAt, ...rest } = p;
  return {
    ...rest,
    // Stored only once decoded as a currency code.
    currency: p.currency !== null && isCurrency(p.currency) ? p.currency : null,
    amountGte: wireAmount(p.amountGte, p.currency),
    amountLte: wireAmount(p.amountLte, p.currency),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
};
