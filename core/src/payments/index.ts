export * from "./camt.js";
export * from "./pain001.js";
