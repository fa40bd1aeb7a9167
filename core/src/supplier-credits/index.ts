// Supplier credit notes: the model, the lifecycle table and applications to bills.
export * from "./credit-note-machine.js";
export * from "./model.js";
export * from "./rules.js";
export * from "./views.js";
