// Use cases of bills: upload, reading, review, corrections, voids, and the one place a bill moves (`moveBill`).
export * from "./bill-actions.js";
export * from "./bill-events.js";
export * from "./bill-queries.js";
export * from "./bill-rules.js";
export * from "./deps.js";
export * from "./document-references.js";
export * from "./fail-read.js";
export * from "./inputs.js";
export * from "./jobs.js";
export * from "./read-bill.js";
export * from "./read-bill-job.js";
export * from "./read-bill-payload.js";
export * from "./update-bill.js";
