export * from "./fuzzy.js";
export * from "./model.js";
export type * from "./stores.js";
