import type { MachineTable } from "../shared/state-machine.js";
import { SCHEDULE_STATUSES, type ScheduleStatus } from "./model.js";

/**
 * What moves a recurring invoice: a change of its members, pausing, resuming, cancelling, and `complete` when
 * the occurrence past its end comes (the generator's move, never a request's).
 */
export const SCHEDULE_TRIGGERS = ["change", "pause", "resume", "cancel", "complete"] as const;
export type ScheduleTrigger = (typeof SCHEDULE_TRIGGERS)[number];

/**
 * The recurring invoice's machine as data, moved by the same `transition` as the bill machine: Active and Paused
 * are open (they change and cancel); Completed and Cancelled are final.
 */
export const RECURRING_SCHEDULE_MACHINE: MachineTable<ScheduleStatus, ScheduleTrigger, unknown, never> = {
  name: "RecurringInvoice",
  states: SCHEDULE_STATUSES,
  triggers: SCHEDULE_TRIGGERS,
  initial: "Active",
  transitions: [
    { from: "Active", trigger: "change", to: "Active", events: [] },
    { from: "Paused", trigger: "change", to: "Paused", events: [] },
    { from: "Active", trigger: "pause", to: "Paused", events: [] },
    { from: "Paused", trigger: "resume", to: "Active", events: [] },
    { from: ["Active", "Paused"], trigger: "cancel", to: "Cancelled", events: [] },
    { from: ["Active", "Paused"], trigger: "complete", to: "Completed", events: [] },
  ],
};
