export * from "./bank-details.js";
export * from "./inputs.js";
