export * from "./supplier-use-cases.js";
