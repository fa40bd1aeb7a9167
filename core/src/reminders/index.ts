export * from "./model.js";
export * from "./plan.js";
