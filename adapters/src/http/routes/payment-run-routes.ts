import { createHash } from "node:crypto";
import {
  actsAs,
  listEnvelope,
  type PaymentRun,
  PaymentRunSettingsView,
  PaymentRunView,
  paymentRunJson,
  toJsonSchema,
} from "@apar/core";
import {
  approvePaymentRun,
  CreatePaymentRunBody,
  createPaymentRuns,
  getPaymentRun,
  getPaymentRunSettings,
  listPaymentRuns,
  PaymentRunSettingsBody,
  paymentRunFile,
  putPaymentRunSettings,
  RejectPaymentRunBody,
  ReturnPaymentBody,
  rejectPaymentRun,
  settleTransfer,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { jsonBody, type RouteContext, type RouteDef } from "../route.js";
import type { RouteDeps } from "./deps.js";
import {
  decodeBody,
  IDEMPOTENCY_KEY_PARAMETER,
  idempotencyKeyOf,
  idOf,
  LIST_PARAMETERS,
  listSchema,
  orgScope,
  pageOf,
  reply,
} from "./support.js";

/** What the payment run routes use: every store (a bill's move may touch any), the clock and ids. */
export type PaymentRunRouteDeps = RouteDeps<"db" | "clock" | "ids">;

const TAG = "payments";
const ACCESS = { scope: "organisation", module: "payments" } as const;
// The schemas of the run views, generated from their codecs (core/src/payments/payment-run-views.ts).
const RUN = toJsonSchema(PaymentRunView);

const view = (run: PaymentRun) => paymentRunJson(run);
const answer = { description: "The payment run.", schema: RUN };
const missing = { description: "`PaymentRun.NotFound`: no such run in the organisation." };
const SETTINGS = toJsonSchema(PaymentRunSettingsView);
const notAdministrator = {
  description: "`PaymentRunSettings.AdministratorRequired`: only administrators read or change the settings.",
};
/** The idempotency scope of proposals (keys are unique per operation and organisation). */
const PROPOSE_OPERATION = "POST /v1/payment-runs";

/**
 * Payment runs: bills into ISO 20022 pain.001.001.09 files (one run per currency), the runs and their files, and
 * the bank's answer for one bill (paid, or returned) where no statement brings it.
 */
export const paymentRunRoutes = (deps: PaymentRunRouteDeps): RouteDef[] => {
  const who = (ctx: RouteContext) => {
    const { auth, scope } = orgScope(ctx);
    return { scope, actor: auth.actor, runId: idOf(ctx), billId: idOf(ctx, "billId") };
  };
  return [
    {
      method: "POST",
      path: "/v1/payment-runs",
      operationId: "createPaymentRuns",
      summary: "Propose paying Approved or Scheduled bills: one run (one pain.001 file) per currency",
      description:
        "Name the bills (`billIds`, each for its amount due), name them with the amount to pay of each (`bills`: a " +
        "bill paid in part is PartiallyPaid once the bank confirms it) or take every one due by a date (`dueBy`). " +
        "Each bill is paid to its supplier's " +
        "bank details (else the bill's own, when they validate) from one of the organisation's accounts (its seller " +
        "identity's) and moves to PaymentInProgress (`bill.payment_in_progress`): the run holds it. Each run is " +
        "Proposed (`payment_run.proposed`) and needs `approvalsRequired` approvals by other people before its file is " +
        "released. All or nothing: a bill that cannot be paid refuses the whole request.",
      tags: [TAG],
      access: ACCESS,
      parameters: [IDEMPOTENCY_KEY_PARAMETER],
      requestBody: jsonBody(CreatePaymentRunBody),
      responses: {
        "201": { description: "The runs proposed, one per currency.", schema: listSchema(PaymentRunView) },
        "400": {
          description:
            "`Request.Invalid`: billIds, bills or dueBy (one of them), dates, amounts, at most 500 bills, the key.",
        },
        "404": { description: "`Bill.NotFound`: a named bill is not in the organisation." },
        "409": {
          description:
            "`Bill.InvalidTransition` (a bill is not Approved or Scheduled), `PaymentRun.NoDebtorAccount`, " +
            "`PaymentRun.NothingToPay`, `PaymentRun.CannotPay` (errors name each bill: no bank details, no currency, " +
            "nothing due), `Idempotency.KeyReused`.",
        },
      },
      handler: async (ctx) => {
        const key = idempotencyKeyOf(ctx);
        if (E.isLeft(key)) return key.left;
        const body = decodeBody(CreatePaymentRunBody, ctx);
        if (E.isLeft(body)) return body.left;
        const { scope, auth } = orgScope(ctx);
        const requestHash = createHash("sha256").update(JSON.stringify(body.right)).digest("hex");
        const proposed = await createPaymentRuns(deps())({
          scope,
          actor: auth.actor,
          body: body.right,
          ...(key.right === undefined
            ? {}
            : { idempotency: { key: key.right, requestHash, operation: PROPOSE_OPERATION, status: 201 } }),
        })();
        if (E.isLeft(proposed)) return proposed.left;
        return {
          status: 201,
          body: listEnvelope({ items: proposed.right.runs, hasMore: false }, (r) => r),
          headers: proposed.right.replayed ? { "Idempotent-Replayed": "true" } : ({} as Record<string, string>),
        };
      },
    },
    {
      method: "GET",
      path: "/v1/payment-runs",
      operationId: "listPaymentRuns",
      summary: "List the organisation's payment runs (oldest first)",
      tags: [TAG],
      access: ACCESS,
      parameters: LIST_PARAMETERS,
      responses: { "200": { description: "A page.", schema: listSchema(PaymentRunView) } },
      handler: async (ctx) => {
        const page = pageOf(ctx);
        if (E.isLeft(page)) return page.left;
        return reply(listPaymentRuns(deps())(orgScope(ctx).scope, page.right), 200, (p) => listEnvelope(p, view));
      },
    },
    {
      method: "GET",
      path: "/v1/payment-runs/{id}",
      operationId: "getPaymentRun",
      summary: "Get a payment run with its transfers",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": answer, "404": missing },
      handler: async (ctx) => reply(getPaymentRun(deps())(orgScope(ctx).scope, idOf(ctx)), 200, view),
    },
    {
      method: "GET",
      path: "/v1/payment-runs/{id}/file",
      operationId: "getPaymentRunFile",
      summary: "The run's ISO 20022 pain.001.001.09 credit transfer file, for the bank (once the run is approved)",
      description:
        "The first download releases the run (`payment_run.released`, naming who downloaded it): its transfers are " +
        "at the bank from then on (InProgress). Later downloads answer the same bytes.",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": { description: "The file.", mediaType: "application/xml", schema: { type: "string", format: "binary" } },
        "404": missing,
        "409": { description: "`PaymentRun.NotApproved`: the run lacks approvals, or was rejected." },
      },
      handler: async (ctx) => {
        const { auth, scope } = orgScope(ctx);
        const file = await paymentRunFile(deps())(scope, auth.actor, idOf(ctx))();
        if (E.isLeft(file)) return file.left;
        return {
          status: 200,
          body: Buffer.from(file.right.xml, "utf8"),
          contentType: "application/xml; charset=utf-8",
          headers: {
            "Content-Disposition": `attachment; filename="${file.right.filename}"`,
            "X-Content-Type-Options": "nosniff",
          },
        };
      },
    },
    {
      method: "POST",
      path: "/v1/payment-runs/{id}/bills/{billId}/confirm",
      operationId: "confirmPaymentRunBill",
      summary: "Record that the bank paid one bill of the run (Paid, `bill.paid`)",
      description: "For banks whose statements do not come to apar; an imported statement's debit does the same.",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": answer,
        "404": { description: "`PaymentRun.NotFound`, or `PaymentRun.BillNotFound` (the run does not pay it)." },
        "409": {
          description:
            "`PaymentRun.NotReleased` (the file was never released), `PaymentRun.NotInProgress` (the transfer was " +
            "already confirmed or returned).",
        },
      },
      handler: async (ctx) => reply(settleTransfer(deps())({ ...who(ctx), outcome: "paid" }), 200, view),
    },
    {
      method: "POST",
      path: "/v1/payment-runs/{id}/bills/{billId}/return",
      operationId: "returnPaymentRunBill",
      summary: "Record that the bank returned one bill's transfer (the bill is Scheduled again, `bill.scheduled`)",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(ReturnPaymentBody),
      responses: {
        "200": answer,
        "400": { description: "`Request.Invalid`: a reason is needed." },
        "404": { description: "`PaymentRun.NotFound`, or `PaymentRun.BillNotFound` (the run does not pay it)." },
        "409": {
          description:
            "`PaymentRun.NotReleased` (the file was never released), `PaymentRun.NotInProgress` (the transfer was " +
            "already confirmed or returned).",
        },
      },
      handler: async (ctx) => {
        const body = decodeBody(ReturnPaymentBody, ctx);
        if (E.isLeft(body)) return body.left;
        return reply(
          settleTransfer(deps())({ ...who(ctx), outcome: "returned", reason: body.right.reason }),
          200,
          view,
        );
      },
    },
    {
      method: "POST",
      path: "/v1/payment-runs/{id}/approve",
      operationId: "approvePaymentRun",
      summary: "Approve a proposed run (a person other than its proposer; Approved once it has the approvals it needs)",
      description:
        "Each approval is `payment_run.approval_recorded`; the one that reaches `approvalsRequired` also makes the run " +
        "Approved (`payment_run.approved`). A person signed in with their own bearer token approves: the Approver role " +
        "or an administrator, never the proposer, once each.",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": answer,
        "403": {
          description:
            "`PaymentRun.PersonRequired` (an API key or an agent), `PaymentRun.NotApprover` (no Approver role), " +
            "`PaymentRun.SameApprover` (the proposer).",
        },
        "404": missing,
        "409": {
          description: "`PaymentRun.AlreadyApproved`, or `PaymentRun.InvalidTransition` (the run is not Proposed).",
        },
      },
      handler: async (ctx) => {
        const { auth, scope } = orgScope(ctx);
        const input = { scope, actor: auth.actor, id: idOf(ctx), approver: actsAs(auth, "Approver") };
        return reply(approvePaymentRun(deps())(input), 200, view);
      },
    },
    {
      method: "POST",
      path: "/v1/payment-runs/{id}/reject",
      operationId: "rejectPaymentRun",
      summary: "Reject a run before its release, with a reason: its bills go back to Approved or Scheduled",
      description:
        "`payment_run.rejected`; each bill goes back to where it was before the run (`bill.approved` or " +
        "`bill.scheduled`) and may be paid again. The proposer withdraws their own run; anyone else needs the " +
        "Approver role or to be an administrator.",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(RejectPaymentRunBody),
      responses: {
        "200": answer,
        "400": { description: "`Request.Invalid`: a reason is needed." },
        "403": { description: "`PaymentRun.NotApprover`: neither the proposer nor one who may approve." },
        "404": missing,
        "409": { description: "`PaymentRun.InvalidTransition`: the run was released or rejected already." },
      },
      handler: async (ctx) => {
        const body = decodeBody(RejectPaymentRunBody, ctx);
        if (E.isLeft(body)) return body.left;
        const { auth, scope } = orgScope(ctx);
        const input = { scope, actor: auth.actor, id: idOf(ctx), approver: actsAs(auth, "Approver") };
        return reply(rejectPaymentRun(deps())({ ...input, reason: body.right.reason }), 200, view);
      },
    },
    {
      method: "GET",
      path: "/v1/payment-run-settings",
      operationId: "getPaymentRunSettings",
      summary: "How many approvals the organisation's payment runs need (administrators)",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": { description: "The settings.", schema: SETTINGS }, "403": notAdministrator },
      handler: async (ctx) => {
        const { auth, scope } = orgScope(ctx);
        return reply(getPaymentRunSettings(deps())({ scope, administrator: actsAs(auth, "Admin") }), 200, (v) => v);
      },
    },
    {
      method: "PUT",
      path: "/v1/payment-run-settings",
      operationId: "putPaymentRunSettings",
      summary: "Set how many approvals payment runs need, and more for runs from a control sum up (administrators)",
      description:
        "`approvalsRequired` applies to every run (default 1); each band raises it for runs in its currency whose " +
        "control sum is at least `minControlSum`. A run keeps the number it was proposed with.",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(PaymentRunSettingsBody),
      responses: {
        "200": { description: "The settings.", schema: SETTINGS },
        "400": { description: "`Request.Invalid`: 1 to 5 approvals, at most 20 bands." },
        "403": notAdministrator,
      },
      handler: async (ctx) => {
        const body = decodeBody(PaymentRunSettingsBody, ctx);
        if (E.isLeft(body)) return body.left;
        const { auth, scope } = orgScope(ctx);
        const input = { scope, administrator: actsAs(auth, "Admin"), body: body.right };
        return reply(putPaymentRunSettings(deps())(input), 200, (v) => v);
      },
    },
  ];
};

/** Descriptions of the tags these routes use. */
export const PAYMENTS_TAG_DESCRIPTIONS = {
  payments: "Payment runs: bills paid by ISO 20022 pain.001 credit transfer files, and the bank's answers.",
} as const;
