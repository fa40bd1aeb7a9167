import type { MachineTable } from "../shared/state-machine.js";
import type { CompanyBillState } from "./company-bill.js";

/** The states of a bill waiting for its organisation, in table order. */
export const COMPANY_BILL_STATES: readonly CompanyBillState[] = ["Extracting", "PendingReview", "ExtractionFailed"];

/** What moves a waiting bill: its reading's outcome (assigning it an organisation makes it a bill). */
export const COMPANY_BILL_TRIGGERS = ["read-succeeded", "read-failed"] as const;
export type CompanyBillTrigger = (typeof COMPANY_BILL_TRIGGERS)[number];

/**
 * A waiting bill's machine as data, moved by the same `transition` as the bill machine. It records no events:
 * the catalog's bill.* events carry an organisation, and a waiting bill's are recorded when it is assigned one.
 */
export const COMPANY_BILL_MACHINE: MachineTable<CompanyBillState, CompanyBillTrigger, unknown, never> = {
  name: "CompanyBill",
  states: COMPANY_BILL_STATES,
  triggers: COMPANY_BILL_TRIGGERS,
  initial: "Extracting",
  transitions: [
    { from: "Extracting", trigger: "read-succeeded", to: "PendingReview", events: [] },
    { from: "Extracting", trigger: "read-failed", to: "ExtractionFailed", events: [] },
  ],
};
