// Document files: stored by their content hash in a local folder, streamed in and out, swept when unreferenced.
export * from "./document-sweep.js";
export * from "./file-document-files.js";
export * from "./memory-document-files.js";
export * from "./s3-document-files.js";
