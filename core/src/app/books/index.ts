export * from "./books.js";
export * from "./exports.js";
export * from "./inputs.js";
