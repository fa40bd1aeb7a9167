// Webhooks: subscriptions, signatures, deliveries and their lifecycle table.
export * from "./delivery-machine.js";
export * from "./delivery-request.js";
export * from "./model.js";
export * from "./retry-schedule.js";
export * from "./rules.js";
export * from "./secret.js";
export * from "./signature.js";
