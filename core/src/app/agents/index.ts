// Use cases of the AP and AR agents: conversations and their turns.
export * from "./conversations.js";
