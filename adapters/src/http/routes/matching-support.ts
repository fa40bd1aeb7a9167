// What the matching routes share: access, tag, views, schemas and answers.
import {
  DeliveryNoteView,
  MatchGroupView,
  type PurchaseOrder,
  PurchaseOrderView,
  purchaseOrderWire,
  toJsonSchema,
} from "@apar/core";
import { TolerancesView } from "@apar/core/app";
import type * as t from "io-ts";
import type { RouteContext } from "../route.js";
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

// The schemas of the matching views, generated from their codecs (core/src/matching/views.ts).
export const PO_SCHEMA = toJsonSchema(PurchaseOrderView);
export const DN_SCHEMA = toJsonSchema(DeliveryNoteView);
export const GROUP_SCHEMA = toJsonSchema(MatchGroupView);
export const TOLERANCES_SCHEMA = toJsonSchema(TolerancesView);

export const po = { description: "The purchase order.", schema: PO_SCHEMA };
export const dn = { description: "The delivery note.", schema: DN_SCHEMA };
export const group = {
  description: "The match group with its lines, allocations and variances.",
  schema: GROUP_SCHEMA,
};
export const missing = (what: string) => ({ description: `\`${what}.NotFound\`.` });
export const taken = (what: string) => ({ description: `\`${what}.NumberTaken\`: the number is in use.` });
export const invalid = { description: "`Request.Invalid` with the field errors." };
export const list = (item: t.Mixed) => ({ description: "A page.", schema: listSchema(item) });
export const scope = (ctx: RouteContext) => orgScope(ctx).scope;
export const who = (ctx: RouteContext) => {
  const { auth, scope } = orgScope(ctx);
  return { scope, actor: auth.actor };
};
