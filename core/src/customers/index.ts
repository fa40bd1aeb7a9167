// Customers: the model, and finding one by a name close to it.
export * from "./fuzzy.js";
export * from "./model.js";
