// Use cases of supplier credit notes and their applications to bills.
export * from "./credit-notes.js";
export * from "./inputs.js";
