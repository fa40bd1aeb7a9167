// Use cases of webhooks: subscriptions, fan-out of events, deliveries and replays.
export * from "./deliver.js";
export type * from "./deps.js";
export * from "./dispatch-events.js";
export * from "./inputs.js";
export * from "./manage-deliveries.js";
export * from "./manage-subscriptions.js";
export * from "./subscription-rules.js";
