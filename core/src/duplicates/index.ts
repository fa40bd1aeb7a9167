export * from "./detect.js";
