import { CreditApplicationView, decode, listEnvelope, SupplierCreditNoteView, toJsonSchema } from "@apar/core";
import {
  applySupplierCredit,
  deleteSupplierCreditNote,
  draftSupplierCreditNote,
  getSupplierCreditNote,
  issueSupplierCreditNote,
  keyedDeps,
  listSupplierCreditNotes,
  reverseSupplierCredit,
  SupplierCreditApplicationBody,
  SupplierCreditNoteBody,
  supplierCreditNoteJson,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { jsonBody, type RouteContext, type RouteDef } from "../route.js";
import type { RouteDeps } from "./deps.js";
import {
  IDEMPOTENCY_KEY_PARAMETER,
  idOf,
  LIST_PARAMETERS,
  listSchema,
  operationKeyOf,
  orgScope,
  pageOf,
  reply,
  wholeList,
} from "./support.js";

/** What the supplier credit routes need: the use cases' dependencies, read per request. */
export type SupplierCreditRouteDeps = RouteDeps<"db" | "clock" | "ids">;

const TAG = "supplier-credits";
const ACCESS = { scope: "organisation", module: "ap" } as const;
/** Draft, issue, apply, reverse, read and delete supplier credit notes. */
export const supplierCreditRoutes = (deps: SupplierCreditRouteDeps): RouteDef[] => {
  const ctxOf = (ctx: RouteContext) => {
    const { auth, scope } = orgScope(ctx);
    return { scope, actor: auth.actor };
  };
  const note = { description: "The supplier credit note.", schema: toJsonSchema(SupplierCreditNoteView) };
  const missing = { description: "`SupplierCreditNote.NotFound`." };
  const invalid = { description: "`Request.Invalid` with the field errors." };
  const state = { description: "`SupplierCreditNote.InvalidTransition` (the state is named)." };
  return [
    {
      method: "POST",
      path: "/v1/suppliers/{supplierId}/credit-notes",
      operationId: "draftSupplierCreditNote",
      summary: "Draft a credit note of a supplier",
      tags: [TAG],
      access: ACCESS,
      responses: { "201": note, "400": invalid, "404": { description: "`Supplier.NotFound`." } },
      parameters: [IDEMPOTENCY_KEY_PARAMETER],
      handler: async (ctx) => {
        const key = operationKeyOf(ctx, "POST /v1/suppliers/{supplierId}/credit-notes", 201);
        if (E.isLeft(key)) return key.left;
        const body = decode(SupplierCreditNoteBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        const who = ctxOf(ctx);
        return reply(
          draftSupplierCreditNote(keyedDeps(deps(), who.scope, key.right))(who, idOf(ctx, "supplierId"), body.right),
          201,
          (n) => n,
        );
      },
      requestBody: jsonBody(SupplierCreditNoteBody),
    },
    {
      method: "GET",
      path: "/v1/supplier-credit-notes",
      operationId: "listSupplierCreditNotes",
      summary: "List supplier credit notes (oldest first)",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": { description: "A page.", schema: listSchema(SupplierCreditNoteView) } },
      handler: async (ctx) => {
        const page = pageOf(ctx);
        if (E.isLeft(page)) return page.left;
        return reply(listSupplierCreditNotes(deps())(orgScope(ctx).scope, page.right), 200, (p) =>
          listEnvelope(p, supplierCreditNoteJson),
        );
      },
      parameters: LIST_PARAMETERS,
    },
    {
      method: "GET",
      path: "/v1/supplier-credit-notes/{id}",
      operationId: "getSupplierCreditNote",
      summary: "Fetch a supplier credit note",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": note, "404": missing },
      handler: (ctx) => reply(getSupplierCreditNote(deps())(orgScope(ctx).scope, idOf(ctx)), 200, (n) => n),
    },
    {
      method: "DELETE",
      path: "/v1/supplier-credit-notes/{id}",
      operationId: "deleteSupplierCreditNote",
      summary: "Delete a draft supplier credit note",
      tags: [TAG],
      access: ACCESS,
      responses: { "204": { description: "Deleted." }, "404": missing, "409": state },
      handler: (ctx) => reply(deleteSupplierCreditNote(deps())(ctxOf(ctx), idOf(ctx)), 204, () => undefined),
    },
    {
      method: "POST",
      path: "/v1/supplier-credit-notes/{id}/issue",
      operationId: "issueSupplierCreditNote",
      summary: "Issue a draft supplier credit note",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": note, "404": missing, "409": state },
      parameters: [IDEMPOTENCY_KEY_PARAMETER],
      handler: async (ctx) => {
        const key = operationKeyOf(ctx, "POST /v1/supplier-credit-notes/{id}/issue", 200);
        if (E.isLeft(key)) return key.left;
        const who = ctxOf(ctx);
        return reply(issueSupplierCreditNote(keyedDeps(deps(), who.scope, key.right))(who, idOf(ctx)), 200, (n) => n);
      },
    },
    {
      method: "POST",
      path: "/v1/supplier-credit-notes/{id}/applications",
      operationId: "applySupplierCredit",
      summary:
        "Apply credit to a bill of the same supplier and currency (never more than the note has left or the bill owes)",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": note,
        "400": invalid,
        "404": missing,
        "409": { description: "`SupplierCreditNote.Overapplied`, or the note or bill cannot take credit now." },
      },
      parameters: [IDEMPOTENCY_KEY_PARAMETER],
      handler: async (ctx) => {
        const key = operationKeyOf(ctx, "POST /v1/supplier-credit-notes/{id}/applications", 200);
        if (E.isLeft(key)) return key.left;
        const body = decode(SupplierCreditApplicationBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        const who = ctxOf(ctx);
        return reply(
          applySupplierCredit(keyedDeps(deps(), who.scope, key.right))(who, idOf(ctx), body.right),
          200,
          (n) => n,
        );
      },
      requestBody: jsonBody(SupplierCreditApplicationBody),
    },
    {
      method: "GET",
      path: "/v1/supplier-credit-notes/{id}/applications",
      operationId: "listSupplierCreditApplications",
      summary: "The applications of a supplier credit note",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": {
          description: "Every application, oldest first.",
          schema: listSchema(CreditApplicationView),
        },
        "404": missing,
      },
      handler: (ctx) =>
        reply(getSupplierCreditNote(deps())(orgScope(ctx).scope, idOf(ctx)), 200, (n) => wholeList(n.applications)),
    },
    {
      method: "POST",
      path: "/v1/supplier-credit-notes/{id}/applications/{applicationId}/reverse",
      operationId: "reverseSupplierCredit",
      summary: "Reverse an application: the note gets the amount back and the bill owes it again",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": note,
        "404": { description: "`SupplierCreditNote.NotFound` or `SupplierCreditApplication.NotFound`." },
        "409": { description: "Already reversed, or the bill cannot change now." },
      },
      handler: (ctx) =>
        reply(reverseSupplierCredit(deps())(ctxOf(ctx), idOf(ctx), idOf(ctx, "applicationId")), 200, (n) => n),
    },
  ];
};
