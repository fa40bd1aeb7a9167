export * from "./pain001.js";
