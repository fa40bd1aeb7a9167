export * from "./model.js";
export * from "./plan.js";
export * from "./store.js";
