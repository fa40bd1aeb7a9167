import { type DomainError, decode, listEnvelope } from "@apar/core";
import {
  type ApprovalDeps,
  applySupplierCredit,
  deleteSupplierCreditNote,
  draftSupplierCreditNote,
  getSupplierCreditNote,
  issueSupplierCreditNote,
  listSupplierCreditNotes,
  reverseSupplierCredit,
  SupplierCreditApplicationBody,
  SupplierCreditNoteBody,
  supplierCreditNoteJson,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import type { HttpReply, JsonSchema, RouteContext, RouteDef } from "../route.js";
import { orgScope } from "./bill-routes.js";
import { LIST_PARAMETERS, listSchema, pageOf, pathId, reply, wholeList } from "./support.js";

/** What the supplier credit routes need: the use cases' dependencies, read per request. */
export interface SupplierCreditRouteDeps {
  readonly deps: () => ApprovalDeps;
}

const ACCESS = { scope: "organisation", module: "ap" } as const;
const NIL = "00000000-0000-0000-0000-000000000000";
const idOf = (ctx: RouteContext, name = "id"): string => pathId(ctx, name) ?? NIL;
const amount = { type: "string", pattern: "^-?\\d{1,20}(\\.\\d{1,10})?$" } as const;

const APPLICATION: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string", format: "uuid" },
    billId: { type: "string", format: "uuid" },
    amount,
    status: { type: "string", enum: ["Applied", "Reversed"] },
    appliedAt: { type: "string", format: "date-time" },
    reversedAt: { type: ["string", "null"], format: "date-time" },
  },
};
const NOTE: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string", format: "uuid" },
    organisationId: { type: "string", format: "uuid" },
    supplierId: { type: "string", format: "uuid" },
    number: { type: ["string", "null"] },
    currency: { type: "string" },
    amount,
    amountApplied: amount,
    amountRemaining: amount,
    reason: { type: ["string", "null"] },
    issueDate: { type: ["string", "null"], format: "date" },
    status: { type: "string", enum: ["Draft", "Issued", "PartiallyApplied", "Applied"] },
    applications: { type: "array", items: APPLICATION },
    issuedAt: { type: ["string", "null"], format: "date-time" },
    createdAt: { type: "string", format: "date-time" },
    updatedAt: { type: "string", format: "date-time" },
  },
};

type Handler = (ctx: RouteContext) => Promise<HttpReply | DomainError>;
const route = (
  method: RouteDef["method"],
  path: string,
  operationId: string,
  summary: string,
  responses: RouteDef["responses"],
  handler: Handler,
  extra: Partial<RouteDef> = {},
): RouteDef => ({
  method,
  path,
  operationId,
  summary,
  tags: ["supplier-credits"],
  access: ACCESS,
  responses,
  handler,
  ...extra,
});

/** Draft, issue, apply, reverse, read and delete supplier credit notes. */
export const supplierCreditRoutes = ({ deps }: SupplierCreditRouteDeps): RouteDef[] => {
  const ctxOf = (ctx: RouteContext) => {
    const { auth, scope } = orgScope(ctx);
    return { scope, actor: auth.actor };
  };
  const note = { description: "The supplier credit note.", schema: NOTE };
  const missing = { description: "`SupplierCreditNote.NotFound`." };
  const invalid = { description: "`Request.Invalid` with the field errors." };
  const state = { description: "`SupplierCreditNote.InvalidTransition` (the state is named)." };
  return [
    route(
      "POST",
      "/v1/suppliers/{supplierId}/credit-notes",
      "draftSupplierCreditNote",
      "Draft a credit note of a supplier",
      { "201": note, "400": invalid, "404": { description: "`Supplier.NotFound`." } },
      async (ctx) => {
        const body = decode(SupplierCreditNoteBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        return reply(draftSupplierCreditNote(deps())(ctxOf(ctx), idOf(ctx, "supplierId"), body.right), 201, (n) => n);
      },
      {
        requestBody: {
          schema: {
            type: "object",
            required: ["amount", "currency"],
            properties: {
              amount,
              currency: { type: "string", pattern: "^[A-Z]{3}$" },
              number: { type: ["string", "null"], maxLength: 100 },
              reason: { type: ["string", "null"], maxLength: 1000 },
              issueDate: { type: ["string", "null"], format: "date" },
            },
          },
        },
      },
    ),
    route(
      "GET",
      "/v1/supplier-credit-notes",
      "listSupplierCreditNotes",
      "List supplier credit notes (oldest first)",
      { "200": { description: "A page.", schema: listSchema(NOTE) } },
      async (ctx) => {
        const page = pageOf(ctx);
        if (E.isLeft(page)) return page.left;
        return reply(listSupplierCreditNotes(deps())(orgScope(ctx).scope, page.right), 200, (p) =>
          listEnvelope(p, supplierCreditNoteJson),
        );
      },
      { parameters: LIST_PARAMETERS },
    ),
    route(
      "GET",
      "/v1/supplier-credit-notes/{id}",
      "getSupplierCreditNote",
      "Fetch a supplier credit note",
      { "200": note, "404": missing },
      (ctx) => reply(getSupplierCreditNote(deps())(orgScope(ctx).scope, idOf(ctx)), 200, (n) => n),
    ),
    route(
      "DELETE",
      "/v1/supplier-credit-notes/{id}",
      "deleteSupplierCreditNote",
      "Delete a draft supplier credit note",
      { "204": { description: "Deleted." }, "404": missing, "409": state },
      (ctx) => reply(deleteSupplierCreditNote(deps())(ctxOf(ctx), idOf(ctx)), 204, () => undefined),
    ),
    route(
      "POST",
      "/v1/supplier-credit-notes/{id}/issue",
      "issueSupplierCreditNote",
      "Issue a draft supplier credit note",
      { "200": note, "404": missing, "409": state },
      (ctx) => reply(issueSupplierCreditNote(deps())(ctxOf(ctx), idOf(ctx)), 200, (n) => n),
    ),
    route(
      "POST",
      "/v1/supplier-credit-notes/{id}/applications",
      "applySupplierCredit",
      "Apply credit to a bill of the same supplier and currency (never more than the note has left or the bill owes)",
      {
        "200": note,
        "400": invalid,
        "404": missing,
        "409": { description: "`SupplierCreditNote.Overapplied`, or the note or bill cannot take credit now." },
      },
      async (ctx) => {
        const body = decode(SupplierCreditApplicationBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        return reply(applySupplierCredit(deps())(ctxOf(ctx), idOf(ctx), body.right), 200, (n) => n);
      },
      {
        requestBody: {
          schema: {
            type: "object",
            required: ["billId", "amount"],
            properties: { billId: { type: "string", format: "uuid" }, amount },
          },
        },
      },
    ),
    route(
      "GET",
      "/v1/supplier-credit-notes/{id}/applications",
      "listSupplierCreditApplications",
      "The applications of a supplier credit note",
      {
        "200": {
          description: "Every application, oldest first.",
          schema: listSchema(APPLICATION),
        },
        "404": missing,
      },
      (ctx) =>
        reply(getSupplierCreditNote(deps())(orgScope(ctx).scope, idOf(ctx)), 200, (n) => wholeList(n.applications)),
    ),
    route(
      "POST",
      "/v1/supplier-credit-notes/{id}/applications/{applicationId}/reverse",
      "reverseSupplierCredit",
      "Reverse an application: the note gets the amount back and the bill owes it again",
      {
        "200": note,
        "404": { description: "`SupplierCreditNote.NotFound` or `SupplierCreditApplication.NotFound`." },
        "409": { description: "Already reversed, or the bill cannot change now." },
      },
      (ctx) => reply(reverseSupplierCredit(deps())(ctxOf(ctx), idOf(ctx), idOf(ctx, "applicationId")), 200, (n) => n),
    ),
  ];
};
