// Payments: payment runs and their lifecycle, rails, pain.001 files, camt statements and creditor references.
export * from "./camt.js";
export * from "./creditor-reference.js";
export * from "./imported-statement.js";
export * from "./imported-statement-views.js";
export * from "./pain001.js";
export * from "./payment-account.js";
export * from "./payment-run.js";
export * from "./payment-run-machine.js";
export * from "./payment-run-settings.js";
export * from "./payment-run-views.js";
export * from "./rails.js";
