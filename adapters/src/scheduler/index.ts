// node-cron ticks that enqueue the recurring jobs (recurring invoices, reminders, sweeps).
export * from "./scheduler.js";
export * from "./windowed-duty.js";
