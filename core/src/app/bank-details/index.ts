// Use cases of bank details: validation and the second person who confirms a changed account.
export * from "./bank-details.js";
export * from "./inputs.js";
