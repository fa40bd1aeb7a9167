export * from "./credit-note-use-cases.js";
