import { actsAs, decode, listEnvelope, SupplierHistoryEntryView, SupplierView, supplierJson } from "@apar/core";
import {
  ConfirmBankDetailsBody,
  CreateSupplierBody,
  confirmBankDetails,
  createSupplier,
  deleteSupplier,
  getSupplier,
  getSupplierHistory,
  searchSuppliers,
  UpdateSupplierBody,
  updateSupplier,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { queryFilter } from "../query-filter.js";
import { jsonBody, type RouteDef } from "../route.js";
import { SUPPLIER_SCHEMA } from "./bill-schemas.js";
import type { RouteDeps } from "./deps.js";
import { idOf, LIST_PARAMETERS, listSchema, orgScope, pageOf, reply, wholeList } from "./support.js";

/** What the supplier routes need. */
export type SupplierRouteDeps = RouteDeps<"db" | "clock" | "ids">;

const TAG = "suppliers";
const ACCESS = { scope: "organisation", module: "ap" } as const;

const answer = { description: "The supplier.", schema: SUPPLIER_SCHEMA };
const missing = { description: "`Supplier.NotFound`: no such supplier in the organisation." };
const FILTER = queryFilter({ q: { codec: t.string, description: "Part of the name, tax number or e-mail." } });

/** Suppliers of the organisation: create, read, update, delete, search; confirm an account; history. */
export const supplierRoutes = (deps: SupplierRouteDeps): RouteDef[] => {
  return [
    {
      method: "POST",
      path: "/v1/suppliers",
      operationId: "createSupplier",
      summary: "Create a supplier",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(CreateSupplierBody),
      responses: { "201": answer, "400": { description: "`Request.Invalid` with the field errors." } },
      handler: async (ctx) => {
        const body = decode(CreateSupplierBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        const { auth, scope } = orgScope(ctx);
        return reply(createSupplier(deps())(scope, body.right, auth.actor), 201, supplierJson);
      },
    },
    {
      method: "GET",
      path: "/v1/suppliers",
      operationId: "listSuppliers",
      summary: "List or search the organisation's suppliers",
      tags: [TAG],
      access: ACCESS,
      parameters: [...LIST_PARAMETERS, ...FILTER.parameters],
      responses: { "200": { description: "A page of suppliers.", schema: listSchema(SupplierView) } },
      handler: async (ctx) => {
        const page = pageOf(ctx);
        if (E.isLeft(page)) return page.left;
        const filter = FILTER.decode(ctx.query);
        if (E.isLeft(filter)) return filter.left;
        return reply(searchSuppliers(deps())(orgScope(ctx).scope, filter.right.q, page.right), 200, (p) =>
          listEnvelope(p, supplierJson),
        );
      },
    },
    {
      method: "GET",
      path: "/v1/suppliers/{id}",
      operationId: "getSupplier",
      summary: "Fetch a supplier",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": answer, "404": missing },
      handler: async (ctx) => reply(getSupplier(deps())(orgScope(ctx).scope, idOf(ctx)), 200, supplierJson),
    },
    {
      method: "PATCH",
      path: "/v1/suppliers/{id}",
      operationId: "updateSupplier",
      summary: "Change a supplier (the members given)",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(UpdateSupplierBody),
      responses: { "200": answer, "400": { description: "`Request.Invalid`." }, "404": missing },
      handler: async (ctx) => {
        const body = decode(UpdateSupplierBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        const { auth, scope } = orgScope(ctx);
        return reply(updateSupplier(deps())(scope, idOf(ctx), body.right, auth.actor), 200, supplierJson);
      },
    },
    {
      method: "DELETE",
      path: "/v1/suppliers/{id}",
      operationId: "deleteSupplier",
      summary: "Delete a supplier",
      tags: [TAG],
      access: ACCESS,
      responses: { "204": { description: "Deleted." }, "404": missing },
      handler: async (ctx) => reply(deleteSupplier(deps())(orgScope(ctx).scope, idOf(ctx)), 204, () => undefined),
    },
    {
      method: "POST",
      path: "/v1/suppliers/{id}/bank-details/confirm",
      operationId: "confirmSupplierBankDetails",
      summary: "Confirm a supplier's proposed bank account (a second person: dual control)",
      description:
        "Name the account as you checked it (`bankDetails`, at least its IBAN or account number): it must be the stored one. Bills are approved into payment, scheduled, put in payment runs and marked paid only to a confirmed account. Records `supplier.bank_details_confirmed`.",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(ConfirmBankDetailsBody),
      responses: {
        "200": { description: "The supplier, its account Confirmed.", schema: SUPPLIER_SCHEMA },
        "400": { description: "`Request.Invalid`: the account named is not valid bank details." },
        "403": {
          description:
            "`BankDetails.PersonRequired` (an API key, an agent or MCP client), `BankDetails.RoleRequired` (not an Approver or administrator), `BankDetails.SameActor` (you proposed it).",
        },
        "404": missing,
        "409": {
          description:
            "`BankDetails.Mismatch` (the stored account is another one), `BankDetails.NoAccount`, `BankDetails.AlreadyConfirmed`.",
        },
      },
      handler: async (ctx) => {
        const body = decode(ConfirmBankDetailsBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        const { auth, scope } = orgScope(ctx);
        const confirm = confirmBankDetails(deps())({
          scope,
          actor: auth.actor,
          approver: actsAs(auth, "Approver"),
          id: idOf(ctx),
          body: body.right,
        });
        return reply(confirm, 200, supplierJson);
      },
    },
    {
      method: "GET",
      path: "/v1/suppliers/{id}/history",
      operationId: "getSupplierHistory",
      summary: "A supplier's bank-account changes and confirmations with their actors and times (from its events)",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": { description: "The history, oldest first.", schema: listSchema(SupplierHistoryEntryView) },
        "404": missing,
      },
      handler: async (ctx) => reply(getSupplierHistory(deps())(orgScope(ctx).scope, idOf(ctx)), 200, wholeList),
    },
  ];
};
