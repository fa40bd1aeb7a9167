import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { ApprovalPolicy } from "../../approvals/model.js";
import type { Stores } from "../../ports/stores.js";
import { type DomainError, type FieldError, notFound, validationError } from "../../shared/errors.js";
import { compareAmounts } from "../../shared/money.js";
import type { OrgScope } from "../../shared/scope.js";
import type { ApprovalDeps } from "./deps.js";
import type { PolicyBody } from "./policy-input.js";
import { type PolicyJson, policyJson } from "./policy-view.js";

const policyNotFound = (): DomainError => notFound("ApprovalPolicy.NotFound", "The approval policy does not exist.");

/** The checks a decoded body cannot make alone: bounds in order, approvers that exist, a reachable quorum. */
const check = async (s: Pick<Stores, "users">, scope: OrgScope, body: PolicyBody): Promise<FieldError[]> => {
  const errors: FieldError[] = [];
  if (
    body.amountGte !== undefined &&
    body.amountGte !== null &&
    body.amountLte !== undefined &&
    body.amountLte !== null &&
    compareAmounts(body.amountGte, body.amountLte) > 0
  )
    errors.push({ field: "amountLte", code: "range", message: "amountLte must not be below amountGte" });
  const approvers = body.approverUserIds ?? [];
  if (approvers.length > 0 && body.action !== "AlwaysReview")
    errors.push({ field: "approverUserIds", code: "action", message: "approverUserIds only apply to AlwaysReview" });
  for (const [i, id] of approvers.entries())
    if ((await s.users.ofId(scope.clientId, id.toLowerCase())) === undefined)
      errors.push({ field: `approverUserIds[${i}]`, code: "not_found", message: "is not a user of this client" });
  const required = body.approvalsRequired ?? 1;
  if (approvers.length > 0 && required > new Set(approvers).size)
    errors.push({
      field: "approvalsRequired",
      code: "range",
      message: "approvalsRequired must not exceed the number of approvers",
    });
  return errors;
};

/** The policy's fields from a body (absent optional members take their defaults, as PUT replaces). */
const fieldsOf = (body: PolicyBody) => ({
  name: body.name,
  priorityOrder: body.priorityOrder,
  action: body.action,
  active: body.active ?? true,
  supplierIds: [...new Set((body.supplierIds ?? []).map((id) => id.toLowerCase()))],
  supplierStanding: body.supplierStanding ?? "Any",
  amountGte: body.amountGte ?? null,
  amountLte: body.amountLte ?? null,
  currency: body.currency ?? null,
  minConfidence: body.minConfidence ?? null,
  duplicateFlagged: body.duplicateFlagged ?? null,
  bankDetailsChanged: body.bankDetailsChanged ?? null,
  matchStatuses: [...new Set(body.matchStatuses ?? [])],
  approverUserIds: [...new Set((body.approverUserIds ?? []).map((id) => id.toLowerCase()))],
  approvalsRequired: body.action === "AlwaysReview" ? (body.approvalsRequired ?? 1) : 1,
});

/** Creates an approval policy (version 1). */
export const createPolicy =
  (deps: ApprovalDeps<"approvalPolicies" | "users">) =>
  (scope: OrgScope, body: PolicyBody): TE.TaskEither<DomainError, PolicyJson> =>
  () =>
    deps.db.run(async (s) => {
      const errors = await check(s, scope, body);
      if (errors.length > 0) return E.left(validationError(errors));
      const now = deps.clock.now();
      const policy: ApprovalPolicy = {
        id: deps.ids.next(),
        ...scope,
        ...fieldsOf(body),
        version: 1,
        createdAt: now,
        updatedAt: now,
      };
      await s.approvalPolicies.add(policy);
      return E.right(policyJson(policy));
    });

/** Replaces an approval policy's fields: a new version. Bills already decided keep their snapshot. */
export const replacePolicy =
  (deps: ApprovalDeps<"approvalPolicies" | "users">) =>
  (scope: OrgScope, id: string, body: PolicyBody): TE.TaskEither<DomainError, PolicyJson> =>
  () =>
    deps.db.run(async (s) => {
      const current = await s.approvalPolicies.ofId(scope, id);
      if (current === undefined) return E.left(policyNotFound());
      const errors = await check(s, scope, body);
      if (errors.length > 0) return E.left(validationError(errors));
      const policy: ApprovalPolicy = {
        ...current,
        ...fieldsOf(body),
        version: current.version + 1,
        updatedAt: deps.clock.now(),
      };
      await s.approvalPolicies.update(policy);
      return E.right(policyJson(policy));
    });

/** Deletes an approval policy. */
export const deletePolicy =
  (deps: ApprovalDeps<"approvalPolicies">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, void> =>
  () =>
    deps.db.run(async (s) =>
      (await s.approvalPolicies.remove(scope, id)) ? E.right(undefined) : E.left(policyNotFound()),
    );

/** An approval policy of the organisation. */
export const getPolicy =
  (deps: ApprovalDeps<"approvalPolicies">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, PolicyJson> =>
  async () => {
    const policy = await deps.db.stores.approvalPolicies.ofId(scope, id);
    return policy === undefined ? E.left(policyNotFound()) : E.right(policyJson(policy));
  };

/** Every policy of the organisation in evaluation order (priorityOrder, then oldest first). */
export const listPolicies =
  (deps: ApprovalDeps<"approvalPolicies">) =>
  (scope: OrgScope): TE.TaskEither<DomainError, PolicyJson[]> =>
  async () =>
    E.right((await deps.db.stores.approvalPolicies.list(scope)).map(policyJson));
