// Use cases of the books: the chart mapping, the journal and its exports.
export * from "./books.js";
export * from "./exports.js";
export * from "./inputs.js";
