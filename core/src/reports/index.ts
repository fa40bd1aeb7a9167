// Reports, pure: ageing buckets and customer statements.
export * from "./aging.js";
export * from "./items.js";
export * from "./report-view.js";
export * from "./statement.js";
export * from "./views.js";
