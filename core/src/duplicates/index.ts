// Duplicate detection: by supplier and normalised invoice number, then by the file's hash.
export * from "./detect.js";
