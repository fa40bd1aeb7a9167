export * from "./camt.js";
export * from "./creditor-reference.js";
export * from "./pain001.js";
