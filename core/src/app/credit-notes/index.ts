// Use cases of customer credit notes.
export * from "./credit-note-use-cases.js";
