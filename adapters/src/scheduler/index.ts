export * from "./recurring-job.js";
export * from "./reminder-jobs.js";
export * from "./scheduler.js";
export * from "./windowed-duty.js";
