// Suppliers: the model.
export * from "./model.js";
