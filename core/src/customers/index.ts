export * from "./fuzzy.js";
export * from "./model.js";
