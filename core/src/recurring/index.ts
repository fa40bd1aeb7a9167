// Recurring invoices: schedules and their lifecycle table.
export * from "./cadence.js";
export * from "./calendar-date.js";
export * from "./model.js";
export * from "./schedule-machine.js";
export * from "./schedule-rules.js";
export * from "./zoned-time.js";
