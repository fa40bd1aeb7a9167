// Use cases of customers.
export * from "./customer-use-cases.js";
