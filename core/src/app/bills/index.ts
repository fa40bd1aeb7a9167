export * from "./bill-actions.js";
export * from "./bill-events.js";
export * from "./bill-queries.js";
export * from "./bill-rules.js";
export * from "./deps.js";
export * from "./read-bill.js";
export * from "./update-bill.js";
export * from "./upload-bill.js";
