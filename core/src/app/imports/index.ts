// Use cases of CSV imports and exports (suppliers, customers, products).
export * from "./catalogue-csv.js";
export * from "./import-catalogue.js";
