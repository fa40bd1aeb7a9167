export * from "./forwarding-rejection-response.js";
export * from "./model.js";
export * from "./sender.js";
export * from "./slug.js";
