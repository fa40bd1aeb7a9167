// Rate limits of the spec's Limits table, on rate-limiter-flexible (memory, or Redis for several instances).
export * from "./limit-keys.js";
export * from "./rate-limiter.js";
export * from "./redis-client.js";
export * from "./settings.js";
