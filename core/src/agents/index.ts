export * from "./model.js";
export * from "./tool-confirmation.js";
