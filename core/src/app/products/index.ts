export * from "./product-use-cases.js";
