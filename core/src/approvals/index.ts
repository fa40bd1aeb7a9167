// Approval rules: policies evaluated in order, quorum, public approval links, reasons in words.
export * from "./approval-links.js";
export * from "./evaluate.js";
export * from "./model.js";
export * from "./reason-words.js";
export * from "./views.js";
