import { actsAs, type BillJson, type DomainError, decode } from "@apar/core";
import {
  approveBill,
  createPolicy,
  deletePolicy,
  getPolicy,
  listPolicies,
  MarkPaidBody,
  markBillPaid,
  matchingReviewGate,
  PolicyBody,
  RejectBillBody,
  ReturnToReviewBody,
  rejectBill,
  reopenBill,
  replacePolicy,
  returnBillToReview,
  ScheduleBillBody,
  scheduleBillPayment,
  submitBill,
  unscheduleBill,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import type { TaskEither } from "fp-ts/lib/TaskEither.js";
import { type HttpReply, jsonBody, type RouteContext, type RouteDef } from "../route.js";
import { POLICY_SCHEMA } from "./approval-schemas.js";
import { BILL_SCHEMA } from "./bill-schemas.js";
import type { RouteDeps } from "./deps.js";
import { idOf, listSchema, orgScope, reply, wholeList } from "./support.js";

/** What the approval routes need. */
export type ApprovalRouteDeps = RouteDeps<"db" | "clock" | "ids">;

const ACCESS = { scope: "organisation", module: "ap" } as const;

const policyAnswer = { description: "The policy.", schema: POLICY_SCHEMA };
const policyMissing = { description: "`ApprovalPolicy.NotFound`." };

/** List, create, read, replace and delete an organisation's approval policies. */
export const approvalPolicyRoutes = (deps: ApprovalRouteDeps): RouteDef[] => [
  {
    method: "GET",
    path: "/v1/approval-policies",
    operationId: "listApprovalPolicies",
    summary: "The organisation's approval policies in evaluation order (priorityOrder, then oldest)",
    description: "Every policy in one page (priorityOrder is 0 to 1000): nextCursor is always null.",
    tags: ["approvals"],
    access: ACCESS,
    responses: {
      "200": {
        description: "The policies.",
        schema: listSchema(POLICY_SCHEMA),
      },
    },
    handler: async (ctx) => reply(listPolicies(deps())(orgScope(ctx).scope), 200, wholeList),
  },
  {
    method: "POST",
    path: "/v1/approval-policies",
    operationId: "createApprovalPolicy",
    summary: "Create an approval policy (version 1)",
    tags: ["approvals"],
    access: ACCESS,
    requestBody: jsonBody(PolicyBody),
    responses: { "201": policyAnswer, "400": { description: "`Request.Invalid` with the field errors." } },
    handler: async (ctx) => {
      const body = decode(PolicyBody, ctx.json);
      if (E.isLeft(body)) return body.left;
      return reply(createPolicy(deps())(orgScope(ctx).scope, body.right), 201, (p) => p, {});
    },
  },
  {
    method: "GET",
    path: "/v1/approval-policies/{id}",
    operationId: "getApprovalPolicy",
    summary: "Fetch an approval policy",
    tags: ["approvals"],
    access: ACCESS,
    responses: { "200": policyAnswer, "404": policyMissing },
    handler: async (ctx) => reply(getPolicy(deps())(orgScope(ctx).scope, idOf(ctx)), 200, (p) => p),
  },
  {
    method: "PUT",
    path: "/v1/approval-policies/{id}",
    operationId: "replaceApprovalPolicy",
    summary: "Replace an approval policy's fields (a new version; bills in flight keep their decision)",
    tags: ["approvals"],
    access: ACCESS,
    requestBody: jsonBody(PolicyBody),
    responses: { "200": policyAnswer, "400": { description: "`Request.Invalid`." }, "404": policyMissing },
    handler: async (ctx) => {
      const body = decode(PolicyBody, ctx.json);
      if (E.isLeft(body)) return body.left;
      return reply(replacePolicy(deps())(orgScope(ctx).scope, idOf(ctx), body.right), 200, (p) => p);
    },
  },
  {
    method: "DELETE",
    path: "/v1/approval-policies/{id}",
    operationId: "deleteApprovalPolicy",
    summary: "Delete an approval policy",
    tags: ["approvals"],
    access: ACCESS,
    responses: { "204": { description: "Deleted." }, "404": policyMissing },
    handler: async (ctx) => reply(deletePolicy(deps())(orgScope(ctx).scope, idOf(ctx)), 204, () => undefined),
  },
];

/** Submit, approve, reject, reopen, return to review, schedule, unschedule and mark paid. */
export const billLifecycleRoutes = (deps: ApprovalRouteDeps): RouteDef[] => {
  const action = (
    name: string,
    operationId: string,
    summary: string,
    run: (ctx: RouteContext) => Promise<HttpReply | DomainError>,
    body?: RouteDef["requestBody"],
    extra: RouteDef["responses"] = {},
  ): RouteDef => ({
    method: "POST",
    path: `/v1/bills/{id}/${name}`,
    operationId,
    summary,
    tags: ["bills"],
    access: ACCESS,
    ...(body === undefined ? {} : { requestBody: body }),
    responses: {
      "200": { description: "The bill.", schema: BILL_SCHEMA },
      "404": { description: "`Bill.NotFound`." },
      "409": { description: "`Bill.InvalidTransition`: the bill's state does not allow this (named in `detail`)." },
      ...extra,
    },
    handler: run,
  });
  const actor = (ctx: RouteContext) => {
    const { auth, scope } = orgScope(ctx);
    return { scope, actor: auth.actor, id: idOf(ctx), administrator: actsAs(auth, "Admin") };
  };
  /** An action whose body is a `reason` (reject, return to review). */
  const withReason = (
    name: string,
    operationId: string,
    summary: string,
    codec: typeof RejectBillBody | typeof ReturnToReviewBody,
    useCase: (
      d: ReturnType<typeof deps>,
    ) => (input: ReturnType<typeof actor> & { readonly reason: string }) => TaskEither<DomainError, BillJson>,
    extra: RouteDef["responses"],
  ): RouteDef =>
    action(
      name,
      operationId,
      summary,
      async (ctx) => {
        const body = decode(codec, ctx.json);
        if (E.isLeft(body)) return body.left;
        return reply(useCase(deps())({ ...actor(ctx), reason: body.right.reason }), 200, (b) => b);
      },
      jsonBody(codec),
      extra,
    );
  return [
    action(
      "submit",
      "submitBill",
      "Submit a reviewed bill: the approval policies decide (NeedsApproval, Approved or Voided)",
      async (ctx) => {
        return reply(submitBill(deps(), matchingReviewGate)(actor(ctx)), 200, (b) => b);
      },
    ),
    action(
      "approve",
      "approveBill",
      "Approve a bill in NeedsApproval (Approved once the quorum is reached)",
      (ctx) => reply(approveBill(deps())(actor(ctx)), 200, (b) => b),
      undefined,
      { "403": { description: "`Bill.NotApprover`: the caller is not an approver of the bill." } },
    ),
    withReason("reject", "rejectBill", "Reject a bill in NeedsApproval with a reason", RejectBillBody, rejectBill, {
      "403": { description: "`Bill.NotApprover`." },
    }),
    action("reopen", "reopenBill", "Reopen a Rejected bill for review", (ctx) =>
      reply(reopenBill(deps())(actor(ctx)), 200, (b) => b),
    ),
    withReason(
      "return-to-review",
      "returnBillToReview",
      "Send an Approved, Scheduled or PartiallyPaid bill back to review with a reason (not one held by a payment run); void it from there",
      ReturnToReviewBody,
      returnBillToReview,
      { "400": { description: "`Request.Invalid`: a reason is needed." } },
    ),
    action(
      "schedule-payment",
      "scheduleBillPayment",
      "Schedule an Approved bill for payment",
      async (ctx) => {
        const body = decode(ScheduleBillBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        return reply(scheduleBillPayment(deps())({ ...actor(ctx), ...body.right }), 200, (b) => b);
      },
      jsonBody(ScheduleBillBody),
    ),
    action("unschedule", "unscheduleBill", "Take a Scheduled bill back to Approved", (ctx) =>
      reply(unscheduleBill(deps())(actor(ctx)), 200, (b) => b),
    ),
    action(
      "mark-paid",
      "markBillPaid",
      "Mark an Approved, Scheduled or PartiallyPaid bill paid by hand: an administrator, with a reason and a reference; with an `amount` short of the amount due it is PartiallyPaid (`bill.partially_paid`), else Paid (terminal)",
      async (ctx) => {
        const body = decode(MarkPaidBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        return reply(markBillPaid(deps())({ ...actor(ctx), ...body.right }), 200, (b) => b);
      },
      jsonBody(MarkPaidBody),
      {
        "400": {
          description:
            "`Request.Invalid`: a reason and a reference are needed; an amount must be above zero, at most the amount due and in the currency's minor units.",
        },
        "403": { description: "`Bill.AdministratorRequired`: only an administrator marks a bill paid by hand." },
      },
    ),
  ];
};
