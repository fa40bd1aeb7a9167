// @apar/core: the domain, pure and free of I/O. State machines, approval policies, matching, duplicate detection,
// webhook signatures, money, errors, codecs and events. The use cases are in @apar/core/app, the interfaces they
// are given in @apar/core/ports, document parsing in @apar/core/extraction.
export * from "./approvals/index.js";
export * from "./auth/index.js";
export * from "./bank-details/index.js";
export * from "./bills/index.js";
export * from "./customers/index.js";
export * from "./duplicates/index.js";
export * from "./events/catalog.js";
export * from "./events/envelope.js";
export * from "./events/envelope-codec.js";
export * from "./events/make-event.js";
export * from "./events/payloads.js";
export type * from "./extraction/model.js";
export * from "./inbox/index.js";
export * from "./invoices/index.js";
export * from "./matching/index.js";
export * from "./payments/index.js";
export * from "./products/index.js";
export * from "./recurring/index.js";
export * from "./reminders/index.js";
export * from "./shared/codecs/index.js";
export * from "./shared/currencies.js";
export * from "./shared/cursor.js";
export * from "./shared/errors.js";
export * from "./shared/list-envelope.js";
export * from "./shared/money.js";
export * from "./shared/state-machine.js";
export * from "./shared/uuid-v7.js";
export * from "./supplier-credits/index.js";
export * from "./suppliers/index.js";
export * from "./tenancy/api-key-format.js";
export * from "./tenancy/client-settings.js";
export * from "./tenancy/industries.js";
export * from "./tenancy/model.js";
export * from "./tenancy/rules.js";
export * from "./webhooks/index.js";
export * from "./webhooks/url-policy.js";
