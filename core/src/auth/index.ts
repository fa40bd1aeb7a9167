// Who may do what: principals, access checks, header names and the permissions table.
export * from "./access.js";
export * from "./auth-code-format.js";
export * from "./header-names.js";
export * from "./permissions.js";
export * from "./principal.js";
export * from "./sign-in.js";
export * from "./token-lifetime.js";
