// Use cases of suppliers.
export * from "./supplier-use-cases.js";
