// Use cases of products.
export * from "./product-use-cases.js";
