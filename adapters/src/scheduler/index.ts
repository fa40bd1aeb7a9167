export * from "./recurring-job.js";
export * from "./scheduler.js";
