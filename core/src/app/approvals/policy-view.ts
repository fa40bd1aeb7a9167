import type { ApprovalPolicy } from "../../approvals/model.js";
import { wireAmount } from "../../shared/money.js";

/** An approval policy as the API answers it. */
export type PolicyJson = Omit<ApprovalPolicy, "clientId" | "createdAt" | "updatedAt"> & {
  readonly createdAt: string;
  readonly updatedAt: string;
};

/**
 * The JSON of a policy: its bounds in the wire form of the policy's currency (`"500"` EUR is `"500.00"`); a policy
 * for any currency has no minor unit to pad to, so its bounds are written as given, in canonical form (`"500"`).
 */
export const policyJson = (p: ApprovalPolicy): PolicyJson => {
  const { clientId: _client, createdAt, updatedAt, ...rest } = p;
  return {
    ...rest,
    amountGte: wireAmount(p.amountGte, p.currency),
    amountLte: wireAmount(p.amountLte, p.currency),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
};
