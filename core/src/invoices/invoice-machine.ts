import type { MachineTable } from "../shared/state-machine.js";
import { INVOICE_STATUSES, type InvoiceStatus } from "./model.js";

/** What moves an invoice. */
export const INVOICE_TRIGGERS = ["update", "send", "record-payment", "credit", "void"] as const;
export type InvoiceTrigger = (typeof INVOICE_TRIGGERS)[number];

/** The events a move records (invoice.* of the catalog, but for invoice.created). */
export type InvoiceEventType =
  | "invoice.updated"
  | "invoice.sent"
  | "invoice.partially_paid"
  | "invoice.paid"
  | "invoice.voided"
  | "invoice.credited";

/** What the guards look at: whether the move leaves nothing outstanding. */
export interface InvoiceMoveContext {
  readonly settles: boolean;
}

const settles = { name: "leaves nothing outstanding", holds: (c: InvoiceMoveContext) => c.settles };
const OPEN: readonly InvoiceStatus[] = ["Sent", "PartiallyPaid"];

/**
 * The invoice state machine as data. Edits only in Draft; a draft or a sent, unpaid invoice may be voided (a
 * partly paid one is credited instead, so that the money received stays accounted for); Paid, Void and
 * Credited are terminal. A credit that leaves nothing outstanding ends in Credited; a smaller one keeps the state.
 */
export const INVOICE_MACHINE: MachineTable<InvoiceStatus, InvoiceTrigger, InvoiceMoveContext, InvoiceEventType> = {
  name: "Invoice",
  states: INVOICE_STATUSES,
  triggers: INVOICE_TRIGGERS,
  initial: "Draft",
  transitions: [
    { from: "Draft", trigger: "update", to: "Draft", events: ["invoice.updated"] },
    { from: "Draft", trigger: "send", to: "Sent", events: ["invoice.sent"] },
    { from: ["Draft", "Sent"], trigger: "void", to: "Void", events: ["invoice.voided"] },
    { from: OPEN, trigger: "record-payment", guard: settles, to: "Paid", events: ["invoice.paid"] },
    { from: OPEN, trigger: "record-payment", to: "PartiallyPaid", events: ["invoice.partially_paid"] },
    { from: OPEN, trigger: "credit", guard: settles, to: "Credited", events: ["invoice.credited"] },
    { from: "Sent", trigger: "credit", to: "Sent", events: ["invoice.credited"] },
    { from: "PartiallyPaid", trigger: "credit", to: "PartiallyPaid", events: ["invoice.credited"] },
  ],
};
