export * from "./scheduler.js";
export * from "./windowed-duty.js";
