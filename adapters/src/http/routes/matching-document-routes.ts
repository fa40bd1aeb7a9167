import { DeliveryNoteView, listEnvelope, PurchaseOrderView } from "@apar/core";
import {
  createPurchaseOrder,
  DeliveryNoteBody,
  endPurchaseOrder,
  matchingDocuments,
  PurchaseOrderBody,
  PurchaseOrderPatch,
  saveDeliveryNote,
  updatePurchaseOrder,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { jsonBody, type RouteDef } from "../route.js";
import {
  ACCESS,
  dn,
  docJson,
  invalid,
  list,
  type MatchingRouteDeps,
  missing,
  orderJson,
  po,
  scope,
  TAG,
  taken,
} from "./matching-support.js";
import { idOf, LIST_PARAMETERS, pageOf, reply, withBody } from "./support.js";

/** Purchase orders and delivery notes (what a bill is matched against). */
export const matchingDocumentRoutes = (deps: MatchingRouteDeps): RouteDef[] => {
  const docs = () => matchingDocuments(deps());
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
      requestBody: jsonBody(PurchaseOrderBody),
    },
    {
      method: "GET",
      path: "/v1/purchase-orders",
      operationId: "listPurchaseOrders",
      summary: "List purchase orders (oldest first)",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": list(PurchaseOrderView) },
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
      requestBody: jsonBody(PurchaseOrderPatch),
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
      requestBody: jsonBody(DeliveryNoteBody),
    },
    {
      method: "GET",
      path: "/v1/delivery-notes",
      operationId: "listDeliveryNotes",
      summary: "List delivery notes (oldest first)",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": list(DeliveryNoteView) },
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
      requestBody: jsonBody(DeliveryNoteBody),
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
  ];
};
