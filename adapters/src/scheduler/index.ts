export * from "./scheduler.js";
