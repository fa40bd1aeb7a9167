// Use cases of matching: purchase orders, delivery notes, match groups, tolerances.
export * from "./documents.js";
export * from "./inputs.js";
export * from "./match-groups.js";
