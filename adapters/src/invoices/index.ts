export { EN16931, einvoiceWriter } from "./einvoice-writer.js";
export { pdfInvoiceRenderer } from "./pdf-renderer.js";
export { randomTokens } from "./tokens.js";
