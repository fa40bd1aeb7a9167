// Inbound mail rules: companies, allowlists and the lifecycle of bills waiting for their organisation.
export * from "./allowlist.js";
export type * from "./company-bill.js";
export * from "./company-bill-machine.js";
export * from "./forwarding-rejection-response.js";
export * from "./model.js";
export * from "./sender.js";
export * from "./slug.js";
export * from "./views.js";
