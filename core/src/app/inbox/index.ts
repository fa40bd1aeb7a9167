// Use cases of inbound mail: companies, allowlists, bills waiting for their organisation.
export * from "./allowed-senders.js";
export * from "./company-bills.js";
export * from "./company-queries.js";
export * from "./company-rules.js";
export * from "./create-company.js";
export * from "./delete-company.js";
export type * from "./deps.js";
export * from "./inputs.js";
export * from "./jobs.js";
export * from "./list-forwarding-rejections.js";
export * from "./receive-forward.js";
export * from "./record-forwarding-rejection.js";
