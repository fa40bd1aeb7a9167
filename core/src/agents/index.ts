// The agents' rules: tool confirmations a person must give.
export * from "./model.js";
export * from "./tool-confirmation.js";
export * from "./views.js";
