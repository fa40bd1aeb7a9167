// The audit log, pure: entries, field differences, the hash chain and its verification.
export * from "./diff.js";
export * from "./filter.js";
export * from "./hash.js";
export * from "./model.js";
export * from "./verify.js";
