import { type Actor, actsAs, type BillJson, type DomainError, decode } from "@apar/core";
import {
  approveBill,
  dismissDuplicate,
  MarkPaidBody,
  markBillPaid,
  matchingReviewGate,
  RejectBillBody,
  ReturnToReviewBody,
  rejectBill,
  reopenBill,
  retryBillReading,
  returnBillToReview,
  ScheduleBillBody,
  scheduleBillPayment,
  submitBill,
  unscheduleBill,
  VoidBillBody,
  voidBill,
} from "@apar/core/app";
import type { OrgScope } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import type { TaskEither } from "fp-ts/lib/TaskEither.js";
import type * as t from "io-ts";
import { jsonBody, type RouteContext, type RouteDef } from "../route.js";
import { BILL_SCHEMA } from "./bill-schemas.js";
import type { RouteDeps } from "./deps.js";
import { idOf, orgScope, reply } from "./support.js";

/** What the bill action routes need. */
export type BillActionRouteDeps = RouteDeps<"db" | "clock" | "ids" | "files">;

type Services = ReturnType<BillActionRouteDeps>;

/** Who acts on which bill: every action's input. */
interface Acting {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly id: string;
  /** The caller is a client or organisation administrator (some actions are theirs alone). */
  readonly administrator: boolean;
}

/** One action on a bill: `POST /v1/bills/{id}/<name>`, answering the bill. */
interface BillAction<B> {
  readonly name: string;
  readonly operationId: string;
  readonly summary: string;
  /** The body's codec; `optional` when the body may be left out (it is then decoded as `{}`). */
  readonly body?: { readonly codec: t.Type<B, unknown>; readonly optional?: true };
  /** Answers beyond 200, 404 and 409. */
  readonly answers?: RouteDef["responses"];
  readonly run: (deps: Services, acting: Acting, body: B) => TaskEither<DomainError, BillJson>;
}

const ACCESS = { scope: "organisation", module: "ap" } as const;

/** The route of one action: the body decoded, the use case run, the bill answered. */
const actionRoute =
  (deps: BillActionRouteDeps) =>
  <B>(action: BillAction<B>): RouteDef => ({
    method: "POST",
    path: `/v1/bills/{id}/${action.name}`,
    operationId: action.operationId,
    summary: action.summary,
    tags: ["bills"],
    access: ACCESS,
    ...(action.body === undefined
      ? {}
      : { requestBody: jsonBody(action.body.codec, action.body.optional ? { required: false } : {}) }),
    responses: {
      "200": { description: "The bill.", schema: BILL_SCHEMA },
      "404": { description: "`Bill.NotFound`: no such bill in the organisation." },
      "409": { description: "`Bill.InvalidTransition`: the bill's state does not allow this (named in `detail`)." },
      ...action.answers,
    },
    handler: async (ctx: RouteContext) => {
      const body = action.body === undefined ? E.right(undefined as B) : decodeBody(action.body, ctx);
      if (E.isLeft(body)) return body.left;
      const { auth, scope } = orgScope(ctx);
      const acting = { scope, actor: auth.actor, id: idOf(ctx), administrator: actsAs(auth, "Admin") };
      return reply(action.run(deps(), acting, body.right), 200, (b) => b);
    },
  });

const decodeBody = <B>(body: NonNullable<BillAction<B>["body"]>, ctx: RouteContext) =>
  decode(body.codec, body.optional ? (ctx.json ?? {}) : ctx.json);

/** What the bill's use cases of reading, review, approval and payment take: who acts on which bill. */
const who = ({ scope, actor, id }: Acting) => ({ scope, actor, id });

/** Every action on a bill: retry reading, void, dismiss a duplicate, and its way through approval to payment. */
export const billActionRoutes = (deps: BillActionRouteDeps): RouteDef[] => {
  const route = actionRoute(deps);
  return [
    route({
      name: "retry-ocr",
      operationId: "retryBillReading",
      summary: "Read a bill that failed extraction again",
      run: (d, acting) => retryBillReading(d)(who(acting)),
    }),
    route({
      name: "void",
      operationId: "voidBill",
      summary: "Void a bill (terminal), with an optional reason",
      body: { codec: VoidBillBody, optional: true },
      run: (d, acting, body) => voidBill(d)({ ...who(acting), reason: body.reason?.trim().slice(0, 1000) || null }),
    }),
    route({
      name: "dismiss-duplicate",
      operationId: "dismissBillDuplicate",
      summary: "Resolve a bill's duplicate flag",
      run: (d, acting) => dismissDuplicate(d)(who(acting)),
    }),
    route({
      name: "submit",
      operationId: "submitBill",
      summary: "Submit a reviewed bill: the approval policies decide (NeedsApproval, Approved or Voided)",
      run: (d, acting) => submitBill(d, matchingReviewGate)(acting),
    }),
    route({
      name: "approve",
      operationId: "approveBill",
      summary: "Approve a bill in NeedsApproval (Approved once the quorum is reached)",
      answers: { "403": { description: "`Bill.NotApprover`: the caller is not an approver of the bill." } },
      run: (d, acting) => approveBill(d)(acting),
    }),
    route({
      name: "reject",
      operationId: "rejectBill",
      summary: "Reject a bill in NeedsApproval with a reason",
      body: { codec: RejectBillBody },
      answers: { "403": { description: "`Bill.NotApprover`." } },
      run: (d, acting, body) => rejectBill(d)({ ...acting, reason: body.reason }),
    }),
    route({
      name: "reopen",
      operationId: "reopenBill",
      summary: "Reopen a Rejected bill for review",
      run: (d, acting) => reopenBill(d)(acting),
    }),
    route({
      name: "return-to-review",
      operationId: "returnBillToReview",
      summary:
        "Send an Approved, Scheduled or PartiallyPaid bill back to review with a reason (not one held by a payment run); void it from there",
      body: { codec: ReturnToReviewBody },
      answers: { "400": { description: "`Request.Invalid`: a reason is needed." } },
      run: (d, acting, body) => returnBillToReview(d)({ ...acting, reason: body.reason }),
    }),
    route({
      name: "schedule-payment",
      operationId: "scheduleBillPayment",
      summary: "Schedule an Approved bill for payment",
      body: { codec: ScheduleBillBody },
      run: (d, acting, body) => scheduleBillPayment(d)({ ...acting, ...body }),
    }),
    route({
      name: "unschedule",
      operationId: "unscheduleBill",
      summary: "Take a Scheduled bill back to Approved",
      run: (d, acting) => unscheduleBill(d)(acting),
    }),
    route({
      name: "mark-paid",
      operationId: "markBillPaid",
      summary:
        "Mark an Approved, Scheduled or PartiallyPaid bill paid by hand: an administrator, with a reason and a reference; with an `amount` short of the amount due it is PartiallyPaid (`bill.partially_paid`), else Paid (terminal)",
      body: { codec: MarkPaidBody },
      answers: {
        "400": {
          description:
            "`Request.Invalid`: a reason and a reference are needed; an amount must be above zero, at most the amount due and in the currency's minor units.",
        },
        "403": { description: "`Bill.AdministratorRequired`: only an administrator marks a bill paid by hand." },
      },
      run: (d, acting, body) => markBillPaid(d)({ ...acting, ...body }),
    }),
  ];
};
