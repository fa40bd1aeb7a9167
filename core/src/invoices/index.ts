// Invoices and customer credit notes: models, lifecycle tables, totals and due dates.
export * from "./credit-note-breakdown.js";
export * from "./credit-note-machine.js";
export * from "./history.js";
export * from "./invoice-machine.js";
export * from "./invoice-view.js";
export * from "./model.js";
export * from "./numbering.js";
export * from "./totals.js";
export * from "./views.js";
