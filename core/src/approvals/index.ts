export * from "./approval-links.js";
export * from "./evaluate.js";
export * from "./model.js";
export * from "./reason-words.js";
