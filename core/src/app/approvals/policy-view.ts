import type { ApprovalPolicy } from "../../approvals/model.js";

/** An approval policy as the API answers it. */
export type PolicyJson = Omit<ApprovalPolicy, "clientId" | "createdAt" | "updatedAt"> & {
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** The JSON of a policy. */
export const policyJson = (p: ApprovalPolicy): PolicyJson => {
  const { clientId: _client, createdAt, updatedAt, ...rest } = p;
  return { ...rest, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
};
