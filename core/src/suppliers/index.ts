export * from "./match.js";
export * from "./model.js";
