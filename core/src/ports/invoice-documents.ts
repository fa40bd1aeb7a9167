import type { CreditNote, Invoice } from "../invoices/model.js";
import type { Organisation } from "../tenancy/model.js";

/** What a printed invoice or credit note shows beyond the record: who issues it, and the public link. */
export interface DocumentContext {
  readonly organisation: Pick<Organisation, "id" | "name">;
  /** The public page of the invoice (null for drafts and voided invoices). */
  readonly paymentUrl: string | null;
}

/** Renders invoices and credit notes as PDF files. */
export interface InvoiceRenderer {
  invoicePdf(invoice: Invoice, context: DocumentContext): Promise<Uint8Array>;
  creditNotePdf(note: CreditNote, invoice: Invoice, context: DocumentContext): Promise<Uint8Array>;
}

/** Writes an invoice as EN 16931 XML (UBL 2.1 Invoice or UN/CEFACT CII). */
export interface EinvoiceWriter {
  write(invoice: Invoice, context: DocumentContext, format: "ubl" | "cii"): string;
}

/** Long random tokens (public invoice pages). */
export interface Tokens {
  /** At least 128 bits of randomness, URL-safe. */
  next(): string;
}
