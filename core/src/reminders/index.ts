// Payment reminders: rules and their lifecycle table.
export * from "./model.js";
export * from "./plan.js";
export * from "./reminder-machine.js";
