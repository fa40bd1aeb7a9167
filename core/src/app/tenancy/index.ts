// Use cases of tenancy: clients, organisations, users, memberships, API keys, settings.
export * from "./add-organisation-member.js";
export * from "./auth-codes.js";
export * from "./authenticate.js";
export * from "./create-api-key.js";
export * from "./create-client.js";
export * from "./create-organisation.js";
export * from "./create-user.js";
export type * from "./deps.js";
export * from "./inputs.js";
export * from "./queries.js";
export * from "./rename-organisation.js";
export * from "./resolve-access.js";
