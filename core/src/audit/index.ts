export * from "./diff.js";
export * from "./filter.js";
export * from "./hash.js";
export * from "./model.js";
export * from "./verify.js";
