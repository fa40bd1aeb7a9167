// The public API of @apar/core for embedders.

export * from "./app/effect.js";
export * from "./app/inbox/index.js";
export * from "./app/tenancy/index.js";
export * from "./auth/index.js";
export * from "./events/catalog.js";
export * from "./events/envelope.js";
export * from "./events/envelope-codec.js";
export * from "./events/make-event.js";
export * from "./events/payloads.js";
export type * from "./extraction/model.js";
export * from "./inbox/index.js";
export type * from "./ports/index.js";
export * from "./shared/codecs/index.js";
export * from "./shared/currencies.js";
export * from "./shared/cursor.js";
export * from "./shared/errors.js";
export * from "./shared/list-envelope.js";
export * from "./shared/money.js";
export * from "./shared/state-machine.js";
export * from "./shared/uuid-v7.js";
export * from "./tenancy/api-key-format.js";
export * from "./tenancy/client-settings.js";
export * from "./tenancy/industries.js";
export * from "./tenancy/model.js";
export * from "./tenancy/rules.js";
export * from "./webhooks/url-policy.js";
