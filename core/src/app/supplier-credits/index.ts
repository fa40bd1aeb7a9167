export * from "./credit-notes.js";
export * from "./inputs.js";
