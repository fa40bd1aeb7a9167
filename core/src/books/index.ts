// The books: charts of accounts, journal entries from documents and payments.
export * from "./chart.js";
export * from "./export.js";
export * from "./journal.js";
export * from "./views.js";
