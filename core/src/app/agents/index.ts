export * from "./conversations.js";
