export * from "./audit-queries.js";
export * from "./capture.js";
export * from "./store-writes.js";
