export * from "./create-api-key.js";
export * from "./create-client.js";
export * from "./create-organisation.js";
export * from "./create-user.js";
export type * from "./deps.js";
