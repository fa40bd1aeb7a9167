// Suppliers: the model.
export * from "./model.js";
export * from "./views.js";
