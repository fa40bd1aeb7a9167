// In-memory stores that pass the same contract suites as SQL (no database library loaded).
export { openMemoryDatabase } from "./open-memory-database.js";
