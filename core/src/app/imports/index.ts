export * from "./catalogue-csv.js";
export * from "./import-catalogue.js";
