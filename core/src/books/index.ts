export * from "./chart.js";
export * from "./export.js";
export * from "./journal.js";
