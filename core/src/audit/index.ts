export * from "./capture.js";
export * from "./diff.js";
export * from "./filter.js";
export * from "./hash.js";
export * from "./model.js";
export * from "./store-writes.js";
export * from "./verify.js";
