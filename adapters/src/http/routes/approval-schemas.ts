import { POLICY_ACTIONS, POLICY_MATCH_STATUSES, SUPPLIER_STANDINGS } from "@apar/core";
import type { JsonSchema } from "../route.js";

/** Who acted, as events and histories carry it. */
export const ACTOR_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    type: { type: "string", enum: ["user", "api_key", "system"] },
    id: { type: ["string", "null"] },
    via: { type: "string", enum: ["mcp", "agent"], description: "Present when an MCP client or an agent acted." },
  },
};

const uuid = { type: "string", format: "uuid" } as const;
const money = { type: ["string", "null"], pattern: "^-?\\d{1,20}(\\.\\d{1,10})?$" } as const;

/** The fields of POST and PUT /v1/approval-policies. */
const POLICY_FIELDS = {
  name: { type: "string", minLength: 1, maxLength: 200 },
  priorityOrder: { type: "integer", minimum: 0, maximum: 1000, description: "Lower is evaluated first." },
  active: { type: "boolean", default: true },
  supplierIds: { type: "array", items: uuid, description: "Empty: every supplier." },
  supplierStanding: {
    type: "string",
    enum: [...SUPPLIER_STANDINGS],
    default: "Any",
    description: "New: fewer than 3 approved bills from the supplier in the organisation (or no supplier record).",
  },
  amountGte: money,
  amountLte: money,
  currency: { type: ["string", "null"], pattern: "^[A-Z]{3}$" },
  minConfidence: { type: ["number", "null"], minimum: 0, maximum: 1 },
  duplicateFlagged: { type: ["boolean", "null"], description: "true: only flagged bills; false: only unflagged." },
  bankDetailsChanged: {
    type: ["boolean", "null"],
    description:
      "true: only bills whose bank account the supplier is not known by (a fraud signal); false: only others. A flagged bill is never auto-approved by a policy that leaves this null.",
  },
  matchStatuses: { type: "array", items: { type: "string", enum: [...POLICY_MATCH_STATUSES] } },
  action: { type: "string", enum: [...POLICY_ACTIONS] },
  approverUserIds: { type: "array", items: uuid, description: "AlwaysReview only; empty: the administrators." },
  approvalsRequired: { type: "integer", minimum: 1, maximum: 100, default: 1 },
} as const;

/** An approval policy as the API answers it. */
export const POLICY_SCHEMA: JsonSchema = {
  type: "object",
  required: ["id", "organisationId", "name", "priorityOrder", "action", "version"],
  properties: {
    id: uuid,
    organisationId: uuid,
    ...POLICY_FIELDS,
    version: { type: "integer", minimum: 1, description: "Grows with every change." },
    createdAt: { type: "string", format: "date-time" },
    updatedAt: { type: "string", format: "date-time" },
  },
};

/** The decision snapshot on a bill. */
export const DECISION_SCHEMA: JsonSchema = {
  type: ["object", "null"],
  properties: {
    policyId: { type: ["string", "null"], format: "uuid" },
    policyVersion: { type: ["integer", "null"] },
    policyName: { type: "string" },
    action: { type: "string", enum: [...POLICY_ACTIONS] },
    matchedConditions: {
      type: "array",
      items: {
        type: "object",
        properties: { condition: { type: "string" }, expected: { type: "string" }, actual: { type: "string" } },
      },
    },
    approverUserIds: { type: "array", items: uuid },
    approvalsRequired: { type: "integer" },
    explanation: { type: "string" },
    decidedAt: { type: "string", format: "date-time" },
  },
};

/** The members a bill gains after review. */
export const BILL_LIFECYCLE_PROPERTIES = {
  appliedPolicy: DECISION_SCHEMA,
  approvals: {
    type: "array",
    items: {
      type: "object",
      properties: {
        actor: ACTOR_SCHEMA,
        at: { type: "string", format: "date-time" },
      },
    },
  },
  rejectionReason: { type: ["string", "null"] },
  paymentDate: { type: ["string", "null"], format: "date" },
  paymentMethod: { type: ["string", "null"] },
  paidAt: { type: ["string", "null"], format: "date-time" },
  amountCredited: { type: "string" },
  amountPaid: { type: "string" },
  amountDue: money,
} as const;
