export * from "./credit-note-machine.js";
export * from "./model.js";
export * from "./rules.js";
