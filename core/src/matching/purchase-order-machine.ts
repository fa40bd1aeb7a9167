import type { MachineTable } from "../shared/state-machine.js";
import { DOCUMENT_STATUSES, type DocumentStatus } from "./model.js";

/** What moves a purchase order: a change of its fields (its status among them), closing, cancelling. */
export const PURCHASE_ORDER_TRIGGERS = ["change", "close", "cancel"] as const;
export type PurchaseOrderTrigger = (typeof PURCHASE_ORDER_TRIGGERS)[number];

/** The statuses in which a purchase order is still live: it may change, close or be cancelled. */
export const LIVE_PURCHASE_ORDER_STATUSES = ["Draft", "Open", "PartiallyMatched", "FullyMatched"] as const;

/**
 * The purchase order's machine as data, moved by the same `transition` as the bill machine. A change keeps the
 * status in the table (the body may name another live one, as the API allows); Closed and Cancelled are final.
 */
export const PURCHASE_ORDER_MACHINE: MachineTable<DocumentStatus, PurchaseOrderTrigger, unknown, never> = {
  name: "PurchaseOrder",
  states: DOCUMENT_STATUSES,
  triggers: PURCHASE_ORDER_TRIGGERS,
  initial: "Open",
  transitions: LIVE_PURCHASE_ORDER_STATUSES.flatMap((state) => [
    { from: state, trigger: "change" as const, to: state, events: [] },
    { from: state, trigger: "close" as const, to: "Closed" as const, events: [] },
    { from: state, trigger: "cancel" as const, to: "Cancelled" as const, events: [] },
  ]),
};
