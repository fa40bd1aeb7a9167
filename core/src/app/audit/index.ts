// The audit capture (the audited unit of work, the table of every store write) and the log's queries.
export * from "./audit-queries.js";
export * from "./capture.js";
export * from "./store-writes.js";
