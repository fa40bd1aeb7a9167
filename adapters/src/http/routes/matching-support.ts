// What the matching routes share: access, tag, views, schemas and answers.
import { type PurchaseOrder, purchaseOrderWire } from "@apar/core";
import type { JsonSchema, RouteContext } from "../route.js";
import type { RouteDeps } from "./deps.js";
import { listSchema, orgScope } from "./support.js";

/** What the matching routes use. */
export type MatchingRouteDeps = RouteDeps<"db" | "clock" | "ids">;

export const ACCESS = { scope: "organisation", module: "matching" } as const;
export const TAG = "matching";

export const dated = <D extends { createdAt: Date; updatedAt: Date }>(d: D) => ({
  ...d,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});
export const withoutClient = <D extends { clientId: string }>({ clientId: _c, ...rest }: D) => rest;
export const docJson = <D extends { clientId: string; createdAt: Date; updatedAt: Date }>(d: D) =>
  withoutClient(dated(d));
export const orderJson = (po: PurchaseOrder) => docJson(purchaseOrderWire(po));

export const amount = { type: "string", pattern: "^-?\\d{1,20}(\\.\\d{1,10})?$" } as const;
export const nullableUuid = { type: ["string", "null"], format: "uuid" } as const;
export const LINE: JsonSchema = {
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
export const DOC_BASE = {
  id: { type: "string", format: "uuid" },
  organisationId: { type: "string", format: "uuid" },
  number: { type: "string", minLength: 1, maxLength: 100 },
  supplierId: nullableUuid,
  status: { type: "string", enum: ["Draft", "Open", "PartiallyMatched", "FullyMatched", "Closed", "Cancelled"] },
  lines: { type: "array", items: LINE },
  createdAt: { type: "string", format: "date-time" },
  updatedAt: { type: "string", format: "date-time" },
} as const;
export const PO_SCHEMA: JsonSchema = {
  type: "object",
  properties: { ...DOC_BASE, currency: { type: ["string", "null"], pattern: "^[A-Z]{3}$" } },
};
export const DN_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    ...DOC_BASE,
    purchaseOrderId: nullableUuid,
    receivedDate: { type: ["string", "null"], format: "date" },
  },
};
export const VARIANCE: JsonSchema = {
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
export const GROUP_SCHEMA: JsonSchema = {
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
    synced: {
      type: ["object", "null"],
      description:
        "When, by whom and through which export (null: synced directly) the group became Synced; null until then.",
      properties: {
        at: { type: "string", format: "date-time" },
        actor: { type: "object" },
        exportId: { type: ["string", "null"], format: "uuid" },
      },
    },
  },
};
export const TOLERANCES_SCHEMA: JsonSchema = {
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

export const po = { description: "The purchase order.", schema: PO_SCHEMA };
export const dn = { description: "The delivery note.", schema: DN_SCHEMA };
export const group = {
  description: "The match group with its lines, allocations and variances.",
  schema: GROUP_SCHEMA,
};
export const missing = (what: string) => ({ description: `\`${what}.NotFound\`.` });
export const taken = (what: string) => ({ description: `\`${what}.NumberTaken\`: the number is in use.` });
export const invalid = { description: "`Request.Invalid` with the field errors." };
export const list = (schema: JsonSchema) => ({ description: "A page.", schema: listSchema(schema) });
export const scope = (ctx: RouteContext) => orgScope(ctx).scope;
export const who = (ctx: RouteContext) => {
  const { auth, scope } = orgScope(ctx);
  return { scope, actor: auth.actor };
};
