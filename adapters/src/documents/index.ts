export * from "./document-sweep.js";
export * from "./file-document-files.js";
export * from "./memory-document-files.js";
