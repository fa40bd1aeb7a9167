export * from "./customer-use-cases.js";
