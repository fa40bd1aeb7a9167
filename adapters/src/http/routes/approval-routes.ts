import { decode } from "@apar/core";
import {
  createPolicy,
  deletePolicy,
  getPolicy,
  listPolicies,
  PolicyBody,
  PolicyView,
  replacePolicy,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { jsonBody, type RouteDef } from "../route.js";
import { POLICY_SCHEMA } from "./approval-schemas.js";
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
        schema: listSchema(PolicyView),
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
