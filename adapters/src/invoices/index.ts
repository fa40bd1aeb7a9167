// Invoice documents out: PDFs (pdf-lib) and e-invoices (UBL, CII) for invoices and credit notes.
export { EN16931, einvoiceWriter } from "./einvoice-writer.js";
export { FACTUR_X_FILE } from "./factur-x.js";
export { type PdfRendererOptions, pdfInvoiceRenderer } from "./pdf-renderer.js";
export { randomTokens } from "./tokens.js";
