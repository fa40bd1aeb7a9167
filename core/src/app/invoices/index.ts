// Use cases of invoices: drafts, sending, payments, the public page.
export * from "./create-invoice.js";
export * from "./deps.js";
export * from "./draft-lines.js";
export * from "./email-invoice.js";
export * from "./invoice-bodies.js";
export * from "./invoice-documents.js";
export * from "./invoice-events.js";
export * from "./invoice-queries.js";
export * from "./invoice-rules.js";
export * from "./jobs.js";
export * from "./record-payment.js";
export * from "./send-invoice.js";
export * from "./update-invoice.js";
export * from "./void-invoice.js";
