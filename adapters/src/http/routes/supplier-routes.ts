import { decode, listEnvelope, supplierJson } from "@apar/core";
import {
  CreateSupplierBody,
  createSupplier,
  deleteSupplier,
  getSupplier,
  searchSuppliers,
  UpdateSupplierBody,
  updateSupplier,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { jsonBody, type RouteDef } from "../route.js";
import { SUPPLIER_SCHEMA } from "./bill-schemas.js";
import type { RouteDeps } from "./deps.js";
import { idOf, LIST_PARAMETERS, listSchema, orgScope, pageOf, reply } from "./support.js";

/** What the supplier routes need. */
export type SupplierRouteDeps = RouteDeps<"db" | "clock" | "ids">;

const TAG = "suppliers";
const ACCESS = { scope: "organisation", module: "ap" } as const;

const answer = { description: "The supplier.", schema: SUPPLIER_SCHEMA };
const missing = { description: "`Supplier.NotFound`: no such supplier in the organisation." };

/** Suppliers of the organisation: create, read, update, delete, search. */
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
        return reply(createSupplier(deps())(orgScope(ctx).scope, body.right), 201, supplierJson);
      },
    },
    {
      method: "GET",
      path: "/v1/suppliers",
      operationId: "listSuppliers",
      summary: "List or search the organisation's suppliers",
      tags: [TAG],
      access: ACCESS,
      parameters: [
        ...LIST_PARAMETERS,
        { name: "q", in: "query", description: "Part of the name, tax number or e-mail.", schema: { type: "string" } },
      ],
      responses: { "200": { description: "A page of suppliers.", schema: listSchema(SUPPLIER_SCHEMA) } },
      handler: async (ctx) => {
        const page = pageOf(ctx);
        if (E.isLeft(page)) return page.left;
        return reply(searchSuppliers(deps())(orgScope(ctx).scope, ctx.query.get("q"), page.right), 200, (p) =>
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
  ];
};
