import { listEnvelope, type PaymentRun, paymentRunJson } from "@apar/core";
import {
  CreatePaymentRunBody,
  createPaymentRuns,
  getPaymentRun,
  listPaymentRuns,
  paymentRunFile,
  ReturnPaymentBody,
  settleTransfer,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { type JsonSchema, jsonBody, type RouteContext, type RouteDef } from "../route.js";
import type { RouteDeps } from "./deps.js";
import { decodeBody, idOf, LIST_PARAMETERS, listSchema, orgScope, pageOf, reply, S } from "./support.js";

/** What the payment run routes use: every store (a bill's move may touch any), the clock and ids. */
export type PaymentRunRouteDeps = RouteDeps<"db" | "clock" | "ids">;

const TAG = "payments";
const ACCESS = { scope: "organisation", module: "payments" } as const;
const amount = { type: "string", pattern: "^\\d{1,20}(\\.\\d{1,10})?$" } as const;

const ACCOUNT: JsonSchema = {
  type: "object",
  properties: {
    name: S.string,
    iban: S.nullableString,
    accountNumber: S.nullableString,
    bic: S.nullableString,
    country: S.nullableString,
  },
};
const ITEM: JsonSchema = {
  type: "object",
  properties: {
    billId: S.uuid,
    endToEndId: { type: "string", description: "The bill id without dashes; the bank's statement carries it back." },
    supplierName: S.string,
    amount,
    creditor: ACCOUNT,
    reference: S.nullableString,
    status: { type: "string", enum: ["InProgress", "Paid", "Returned"] },
    returnReason: S.nullableString,
  },
};
const RUN: JsonSchema = {
  type: "object",
  properties: {
    id: S.uuid,
    organisationId: S.uuid,
    status: { type: "string", enum: ["InProgress", "Completed"] },
    currency: S.string,
    executionDate: { type: "string", format: "date" },
    debtorAccount: ACCOUNT,
    messageId: S.string,
    numberOfTransactions: { type: "integer" },
    controlSum: amount,
    items: { type: "array", items: ITEM },
    createdAt: S.dateTime,
    updatedAt: S.dateTime,
  },
};

const view = (run: PaymentRun) => paymentRunJson(run);
const answer = { description: "The payment run.", schema: RUN };
const missing = { description: "`PaymentRun.NotFound`: no such run in the organisation." };

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
      summary: "Pay Approved or Scheduled bills: one run (one pain.001 file) per currency",
      description:
        "Name the bills (`billIds`) or take every one due by a date (`dueBy`). Each bill is paid to its supplier's " +
        "bank details (else the bill's own, when they validate) from one of the organisation's accounts (its seller " +
        "identity's) and moves to PaymentInProgress (`bill.payment_in_progress`). All or nothing: a bill that cannot " +
        "be paid refuses the whole request.",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(CreatePaymentRunBody),
      responses: {
        "201": { description: "The runs made, one per currency.", schema: listSchema(RUN) },
        "400": { description: "`Request.Invalid`: billIds or dueBy (one of them), dates, at most 500 bills." },
        "404": { description: "`Bill.NotFound`: a named bill is not in the organisation." },
        "409": {
          description:
            "`Bill.InvalidTransition` (a bill is not Approved or Scheduled), `PaymentRun.NoDebtorAccount`, " +
            "`PaymentRun.NothingToPay`, `PaymentRun.CannotPay` (errors name each bill: no bank details, no currency, nothing due).",
        },
      },
      handler: async (ctx) => {
        const body = decodeBody(CreatePaymentRunBody, ctx);
        if (E.isLeft(body)) return body.left;
        const { scope, auth } = orgScope(ctx);
        return reply(createPaymentRuns(deps())({ scope, actor: auth.actor, body: body.right }), 201, (runs) =>
          listEnvelope({ items: runs, hasMore: false }, view),
        );
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
      responses: { "200": { description: "A page.", schema: listSchema(RUN) } },
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
      summary: "The run's ISO 20022 pain.001.001.09 credit transfer file, for the bank",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": { description: "The file.", mediaType: "application/xml", schema: { type: "string", format: "binary" } },
        "404": missing,
      },
      handler: async (ctx) => {
        const file = await paymentRunFile(deps())(orgScope(ctx).scope, idOf(ctx))();
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
        "409": { description: "`PaymentRun.NotInProgress`: the transfer was already confirmed or returned." },
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
        "409": { description: "`PaymentRun.NotInProgress`: the transfer was already confirmed or returned." },
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
  ];
};

/** Descriptions of the tags these routes use. */
export const PAYMENTS_TAG_DESCRIPTIONS = {
  payments: "Payment runs: bills paid by ISO 20022 pain.001 credit transfer files, and the bank's answers.",
} as const;
