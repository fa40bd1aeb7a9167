export * from "./catalogue.js";
export * from "./runner.js";
export * from "./tool.js";
