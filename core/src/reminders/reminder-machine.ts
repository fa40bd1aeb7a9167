import type { MachineTable } from "../shared/state-machine.js";
import { REMINDER_STATUSES, type ReminderStatus } from "./model.js";

/**
 * What moves an invoice reminder: `send` (claimed for the mail, before it goes out), `cancel` (the invoice is no
 * longer remindable), `fail` (no address, or the mail server refused the claimed mail).
 */
export const REMINDER_TRIGGERS = ["send", "cancel", "fail"] as const;
export type ReminderTrigger = (typeof REMINDER_TRIGGERS)[number];

/**
 * The reminder's machine as data: each Pending reminder ends once, Sent, Cancelled or Failed; a Sent one fails
 * only when the mail it was claimed for is refused. Cancelled and Failed are final.
 */
export const REMINDER_MACHINE: MachineTable<ReminderStatus, ReminderTrigger, unknown, never> = {
  name: "Reminder",
  states: REMINDER_STATUSES,
  triggers: REMINDER_TRIGGERS,
  initial: "Pending",
  transitions: [
    { from: "Pending", trigger: "send", to: "Sent", events: [] },
    { from: "Pending", trigger: "cancel", to: "Cancelled", events: [] },
    { from: ["Pending", "Sent"], trigger: "fail", to: "Failed", events: [] },
  ],
};
