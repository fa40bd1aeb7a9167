export * from "./documents.js";
export * from "./inputs.js";
export * from "./match-groups.js";
