// Use cases of recurring invoices.
export * from "./deps.js";
export * from "./enqueue-due.js";
export * from "./generate-occurrence.js";
export * from "./jobs.js";
export * from "./occurrence-invoices.js";
export * from "./schedule-body.js";
export * from "./schedule-json.js";
export * from "./schedule-use-cases.js";
