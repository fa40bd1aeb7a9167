import { listEnvelope, type PurchaseOrder, purchaseOrderWire } from "@apar/core";
import {
  AllocationBody,
  type ApprovalDeps,
  addAllocation,
  addResolution,
  createMatchGroup,
  createPurchaseOrder,
  DeliveryNoteBody,
  endPurchaseOrder,
  getMatchGroup,
  getTolerances,
  listMatchGroups,
  MatchGroupBody,
  matchingDocuments,
  PurchaseOrderBody,
  PurchaseOrderPatch,
  putTolerances,
  ResolutionBody,
  removeAllocation,
  removeResolution,
  saveDeliveryNote,
  TolerancesBody,
  updatePurchaseOrder,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import type { JsonSchema, RouteContext, RouteDef } from "../route.js";
import { idOf, LIST_PARAMETERS, listSchema, orgScope, pageOf, reply, withBody } from "./support.js";

/** What the matching routes need: the use cases' dependencies, read per request. */
export interface MatchingRouteDeps {
  readonly deps: () => ApprovalDeps;
}

const ACCESS = { scope: "organisation", module: "matching" } as const;
const TAG = "matching";

const dated = <D extends { createdAt: Date; updatedAt: Date }>(d: D) => ({
  ...d,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});
const withoutClient = <D extends { clientId: string }>({ clientId: _c, ...rest }: D) => rest;
const docJson = <D extends { clientId: string; createdAt: Date; updatedAt: Date }>(d: D) => withoutClient(dated(d));
const orderJson = (po: PurchaseOrder) => docJson(purchaseOrderWire(po));

const amount = { type: "string", pattern: "^-?\\d{1,20}(\\.\\d{1,10})?$" } as const;
const nullableUuid = { type: ["string", "null"], format: "uuid" } as const;
const LINE: JsonSchema = {
  type: "object",
  required: ["description", "quantity"],
  properties: {
    id: { type: "string", format: "uuid", readOnly: true },
    sku: { type: ["string", "null"], maxLength: 100 },
    description: { type: "string", minLength: 1, maxLength: 1000 },
    quantity: amount,
    unitPrice: { type: ["string", "null"], pattern: amount.pattern },
  },
};
const DOC_BASE = {
  id: { type: "string", format: "uuid" },
  organisationId: { type: "string", format: "uuid" },
  number: { type: "string", minLength: 1, maxLength: 100 },
  supplierId: nullableUuid,
  status: { type: "string", enum: ["Draft", "Open", "PartiallyMatched", "FullyMatched", "Closed", "Cancelled"] },
  lines: { type: "array", items: LINE },
  createdAt: { type: "string", format: "date-time" },
  updatedAt: { type: "string", format: "date-time" },
} as const;
const PO_SCHEMA: JsonSchema = {
  type: "object",
  properties: { ...DOC_BASE, currency: { type: ["string", "null"], pattern: "^[A-Z]{3}$" } },
};
const DN_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    ...DOC_BASE,
    purchaseOrderId: nullableUuid,
    receivedDate: { type: ["string", "null"], format: "date" },
  },
};
const VARIANCE: JsonSchema = {
  type: "object",
  properties: {
    billLine: { type: "integer" },
    type: { type: "string", enum: ["Price", "Quantity", "NotReceived", "OverBilled", "Rounding"] },
    severity: { type: "string", enum: ["Warn", "Block"] },
    expected: { type: "string" },
    actual: { type: "string" },
    detail: { type: "string" },
    resolved: { type: "boolean" },
  },
};
const GROUP_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string", format: "uuid" },
    billId: { type: "string", format: "uuid" },
    status: { type: "string", enum: ["Open", "Variance", "Resolved", "Synced"] },
    billLines: { type: "array", items: { type: "object" } },
    purchaseOrders: { type: "array", items: PO_SCHEMA },
    deliveryNotes: { type: "array", items: DN_SCHEMA },
    allocations: { type: "array", items: { type: "object" } },
    suggestions: { type: "array", items: { type: "object" } },
    resolutions: { type: "array", items: { type: "object" } },
    variances: { type: "array", items: VARIANCE },
  },
};
const TOLERANCES_SCHEMA: JsonSchema = {
  type: "object",
  description:
    "A price variance needs the unit price above the order's by more than both pricePercent and priceAbsolute.",
  properties: {
    ...Object.fromEntries(
      ["pricePercent", "priceAbsolute", "quantityOverPercent", "quantityUnderPercent", "rounding"].map((k) => [
        k,
        amount,
      ]),
    ),
    ...Object.fromEntries(
      ["priceSeverity", "quantitySeverity", "roundingSeverity", "notReceivedSeverity", "overBilledSeverity"].map(
        (k) => [k, { type: "string", enum: ["Warn", "Block"] }],
      ),
    ),
  },
  additionalProperties: false,
};

const DOC_BODY = (extra: Record<string, JsonSchema>): JsonSchema => ({
  type: "object",
  required: ["number", "lines"],
  properties: { number: DOC_BASE.number, supplierId: nullableUuid, lines: { type: "array", items: LINE }, ...extra },
});

/** What a purchase order's body has beyond a delivery note's. */
const PO_EXTRA: Record<string, JsonSchema> = {
  currency: { type: ["string", "null"] },
  status: { type: "string", enum: ["Draft", "Open"] },
};

/** Purchase orders, delivery notes, match groups (allocations, resolutions) and the organisation's tolerances. */
export const matchingRoutes = ({ deps }: MatchingRouteDeps): RouteDef[] => {
  const docs = () => matchingDocuments(deps());
  const po = { description: "The purchase order.", schema: PO_SCHEMA };
  const dn = { description: "The delivery note.", schema: DN_SCHEMA };
  const group = { description: "The match group with its lines, allocations and variances.", schema: GROUP_SCHEMA };
  const missing = (what: string) => ({ description: `\`${what}.NotFound\`.` });
  const taken = (what: string) => ({ description: `\`${what}.NumberTaken\`: the number is in use.` });
  const invalid = { description: "`Request.Invalid` with the field errors." };
  const list = (schema: JsonSchema) => ({ description: "A page.", schema: listSchema(schema) });
  const scope = (ctx: RouteContext) => orgScope(ctx).scope;
  const who = (ctx: RouteContext) => {
    const { auth, scope } = orgScope(ctx);
    return { scope, actor: auth.actor };
  };
  return [
    {
      method: "POST",
      path: "/v1/purchase-orders",
      operationId: "createPurchaseOrder",
      summary: "Create a purchase order",
      tags: [TAG],
      access: ACCESS,
      responses: { "201": po, "400": invalid, "409": taken("PurchaseOrder") },
      handler: (ctx) =>
        withBody(PurchaseOrderBody, ctx, (b) => reply(createPurchaseOrder(deps())(scope(ctx), b), 201, orderJson)),
      requestBody: { schema: DOC_BODY(PO_EXTRA) },
    },
    {
      method: "GET",
      path: "/v1/purchase-orders",
      operationId: "listPurchaseOrders",
      summary: "List purchase orders (oldest first)",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": list(PO_SCHEMA) },
      handler: async (ctx) => {
        const page = pageOf(ctx);
        return E.isLeft(page)
          ? page.left
          : reply(docs().listPurchaseOrders(scope(ctx), page.right), 200, (p) => listEnvelope(p, orderJson));
      },
      parameters: LIST_PARAMETERS,
    },
    {
      method: "GET",
      path: "/v1/purchase-orders/{id}",
      operationId: "getPurchaseOrder",
      summary: "Fetch a purchase order",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": po, "404": missing("PurchaseOrder") },
      handler: (ctx) => reply(docs().getPurchaseOrder(scope(ctx), idOf(ctx)), 200, orderJson),
    },
    {
      method: "PATCH",
      path: "/v1/purchase-orders/{id}",
      operationId: "updatePurchaseOrder",
      summary: "Change a purchase order",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": po, "400": invalid, "404": missing("PurchaseOrder"), "409": taken("PurchaseOrder") },
      handler: (ctx) =>
        withBody(PurchaseOrderPatch, ctx, (p) =>
          reply(updatePurchaseOrder(deps())(scope(ctx), idOf(ctx), p), 200, orderJson),
        ),
      requestBody: {
        schema: { type: "object", properties: (DOC_BODY(PO_EXTRA) as { properties: object }).properties },
      },
    },
    {
      method: "DELETE",
      path: "/v1/purchase-orders/{id}",
      operationId: "deletePurchaseOrder",
      summary: "Delete a purchase order",
      tags: [TAG],
      access: ACCESS,
      responses: { "204": { description: "Deleted." }, "404": missing("PurchaseOrder") },
      handler: (ctx) => reply(docs().deletePurchaseOrder(scope(ctx), idOf(ctx)), 204, () => undefined),
    },
    ...(["close", "cancel"] as const).map(
      (how): RouteDef => ({
        method: "POST",
        path: `/v1/purchase-orders/{id}/${how}`,
        operationId: `${how}PurchaseOrder`,
        summary: `${how === "close" ? "Close" : "Cancel"} a purchase order (final)`,
        tags: [TAG],
        access: ACCESS,
        responses: {
          "200": po,
          "404": missing("PurchaseOrder"),
          "409": { description: "`PurchaseOrder.InvalidTransition`." },
        },
        handler: (ctx) => reply(endPurchaseOrder(deps())(scope(ctx), idOf(ctx), how), 200, orderJson),
      }),
    ),
    {
      method: "POST",
      path: "/v1/delivery-notes",
      operationId: "createDeliveryNote",
      summary: "Record a delivery note (goods received)",
      tags: [TAG],
      access: ACCESS,
      responses: { "201": dn, "400": invalid, "409": taken("DeliveryNote") },
      handler: (ctx) =>
        withBody(DeliveryNoteBody, ctx, (b) => reply(saveDeliveryNote(deps())(scope(ctx), undefined, b), 201, docJson)),
      requestBody: {
        schema: DOC_BODY({
          purchaseOrderId: nullableUuid,
          receivedDate: { type: ["string", "null"], format: "date" },
        }),
      },
    },
    {
      method: "GET",
      path: "/v1/delivery-notes",
      operationId: "listDeliveryNotes",
      summary: "List delivery notes (oldest first)",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": list(DN_SCHEMA) },
      handler: async (ctx) => {
        const page = pageOf(ctx);
        return E.isLeft(page)
          ? page.left
          : reply(docs().listDeliveryNotes(scope(ctx), page.right), 200, (p) => listEnvelope(p, docJson));
      },
      parameters: LIST_PARAMETERS,
    },
    {
      method: "GET",
      path: "/v1/delivery-notes/{id}",
      operationId: "getDeliveryNote",
      summary: "Fetch a delivery note",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": dn, "404": missing("DeliveryNote") },
      handler: (ctx) => reply(docs().getDeliveryNote(scope(ctx), idOf(ctx)), 200, docJson),
    },
    {
      method: "PUT",
      path: "/v1/delivery-notes/{id}",
      operationId: "replaceDeliveryNote",
      summary: "Replace a delivery note",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": dn, "400": invalid, "404": missing("DeliveryNote"), "409": taken("DeliveryNote") },
      handler: (ctx) =>
        withBody(DeliveryNoteBody, ctx, (b) => reply(saveDeliveryNote(deps())(scope(ctx), idOf(ctx), b), 200, docJson)),
      requestBody: {
        schema: DOC_BODY({
          purchaseOrderId: nullableUuid,
          receivedDate: { type: ["string", "null"], format: "date" },
        }),
      },
    },
    {
      method: "DELETE",
      path: "/v1/delivery-notes/{id}",
      operationId: "deleteDeliveryNote",
      summary: "Delete a delivery note",
      tags: [TAG],
      access: ACCESS,
      responses: { "204": { description: "Deleted." }, "404": missing("DeliveryNote") },
      handler: (ctx) => reply(docs().deleteDeliveryNote(scope(ctx), idOf(ctx)), 204, () => undefined),
    },
    {
      method: "POST",
      path: "/v1/match-groups",
      operationId: "createMatchGroup",
      summary: "Match a bill against purchase orders and delivery notes (lines matched automatically)",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "201": group,
        "400": invalid,
        "409": {
          description:
            "`MatchGroup.Exists`: the bill has a group; `MatchGroup.BillClosed`: the bill is Paid or Voided.",
        },
      },
      handler: (ctx) =>
        withBody(MatchGroupBody, ctx, (b) => {
          const w = who(ctx);
          return reply(createMatchGroup(deps())(w.scope, w.actor, b), 201, (g) => g);
        }),
      requestBody: {
        schema: {
          type: "object",
          required: ["billId"],
          properties: {
            billId: { type: "string", format: "uuid" },
            purchaseOrderIds: {
              type: "array",
              items: { type: "string", format: "uuid" },
              description: "Default: the order numbered as the bill's purchaseOrderNumber.",
            },
            deliveryNoteIds: { type: "array", items: { type: "string", format: "uuid" } },
          },
        },
      },
    },
    {
      method: "GET",
      path: "/v1/match-groups",
      operationId: "listMatchGroups",
      summary: "List match groups (status as last recorded)",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": list({ type: "object" }) },
      handler: async (ctx) => {
        const page = pageOf(ctx);
        return E.isLeft(page)
          ? page.left
          : reply(listMatchGroups(deps())(scope(ctx), page.right), 200, (p) =>
              listEnvelope(p, (g) => ({
                id: g.id,
                billId: g.billId,
                status: g.status,
                createdAt: g.createdAt.toISOString(),
                updatedAt: g.updatedAt.toISOString(),
              })),
            );
      },
      parameters: LIST_PARAMETERS,
    },
    {
      method: "GET",
      path: "/v1/match-groups/{id}",
      operationId: "getMatchGroup",
      summary: "Fetch a match group with lines, allocations and variances (computed now)",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": group, "404": missing("MatchGroup") },
      handler: (ctx) => reply(getMatchGroup(deps())(scope(ctx), idOf(ctx)), 200, (g) => g),
    },
    {
      method: "GET",
      path: "/v1/bills/{id}/match-group",
      operationId: "getBillMatchGroup",
      summary: "The match group of a bill",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": group, "404": { description: "`Bill.NotFound` or `MatchGroup.NotFound`." } },
      handler: (ctx) => reply(getMatchGroup(deps())(scope(ctx), idOf(ctx), true), 200, (g) => g),
    },
    {
      method: "POST",
      path: "/v1/match-groups/{id}/allocations",
      operationId: "addMatchAllocation",
      summary: "Allocate a bill line to an order and/or receipt line",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": group, "400": invalid, "404": missing("MatchGroup") },
      handler: (ctx) =>
        withBody(AllocationBody, ctx, (b) => {
          const w = who(ctx);
          return reply(addAllocation(deps())(w.scope, w.actor, idOf(ctx), b), 200, (g) => g);
        }),
      requestBody: {
        schema: {
          type: "object",
          required: ["billLine", "quantity"],
          properties: {
            billLine: { type: "integer", minimum: 1 },
            quantity: amount,
            purchaseOrderLineId: nullableUuid,
            deliveryNoteLineId: nullableUuid,
          },
        },
      },
    },
    {
      method: "DELETE",
      path: "/v1/match-groups/{id}/allocations/{allocationId}",
      operationId: "removeMatchAllocation",
      summary: "Remove an allocation",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": group, "404": { description: "`MatchGroup.NotFound` or `Allocation.NotFound`." } },
      handler: (ctx) => {
        const w = who(ctx);
        return reply(removeAllocation(deps())(w.scope, w.actor, idOf(ctx), idOf(ctx, "allocationId")), 200, (g) => g);
      },
    },
    {
      method: "POST",
      path: "/v1/match-groups/{id}/resolutions",
      operationId: "addMatchResolution",
      summary:
        "Decide a bill line's variances (Accept, AcceptAndUpdateCatalog, RequestCreditNote, Dispute) with a reason",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": group,
        "400": invalid,
        "404": missing("MatchGroup"),
        "409": { description: "`Resolution.NoVariance`: the bill line has no variance to decide." },
      },
      handler: (ctx) =>
        withBody(ResolutionBody, ctx, (b) => {
          const w = who(ctx);
          return reply(addResolution(deps())(w.scope, w.actor, idOf(ctx), b), 200, (g) => g);
        }),
      requestBody: {
        schema: {
          type: "object",
          required: ["billLine", "decision", "reason"],
          properties: {
            billLine: { type: "integer", minimum: 1 },
            decision: { type: "string", enum: ["Accept", "AcceptAndUpdateCatalog", "RequestCreditNote", "Dispute"] },
            reason: { type: "string", minLength: 1, maxLength: 1000 },
          },
        },
      },
    },
    {
      method: "DELETE",
      path: "/v1/match-groups/{id}/resolutions/{billLineId}",
      operationId: "removeMatchResolution",
      summary: "Withdraw the decision on a bill line (its 1-based number)",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": group, "404": { description: "`MatchGroup.NotFound` or `Resolution.NotFound`." } },
      handler: (ctx) => {
        const w = who(ctx);
        const line = Number(ctx.params.billLineId);
        return reply(
          removeResolution(deps())(w.scope, w.actor, idOf(ctx), Number.isInteger(line) ? line : 0),
          200,
          (g) => g,
        );
      },
    },
    {
      method: "GET",
      path: "/v1/match-tolerances",
      operationId: "getMatchTolerances",
      summary: "The organisation's matching tolerances",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": { description: "The tolerances.", schema: TOLERANCES_SCHEMA } },
      handler: (ctx) => reply(getTolerances(deps())(scope(ctx)), 200, (t) => t),
    },
    {
      method: "PUT",
      path: "/v1/match-tolerances",
      operationId: "putMatchTolerances",
      summary: "Replace the organisation's matching tolerances (absent members take the defaults)",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": { description: "The tolerances.", schema: TOLERANCES_SCHEMA }, "400": invalid },
      handler: (ctx) =>
        withBody(TolerancesBody, ctx, (b) => reply(putTolerances(deps())(scope(ctx), b), 200, (t) => t)),
      requestBody: { schema: TOLERANCES_SCHEMA },
    },
  ];
};
