export { openMemoryDatabase } from "./open-memory-database.js";
