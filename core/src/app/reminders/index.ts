// Use cases of payment reminders.
export * from "./deliver.js";
export * from "./deps.js";
export * from "./enqueue-reminders.js";
export * from "./jobs.js";
export * from "./reminder-json.js";
export * from "./reminder-use-cases.js";
export * from "./rules.js";
