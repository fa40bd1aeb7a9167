import type { CreditNote, Invoice } from "../invoices/model.js";
import type { CustomerStatement } from "../reports/statement.js";
import type { Organisation } from "../tenancy/model.js";
import type { SellerIdentity } from "../tenancy/seller-identity.js";

/** What a printed invoice or credit note shows beyond the record: who issues it, and the public link. */
export interface DocumentContext {
  readonly organisation: Pick<Organisation, "id" | "name">;
  /** The public page of the invoice (null for drafts and voided invoices). */
  readonly paymentUrl: string | null;
  /** The organisation's seller identity; null until it set one (documents then carry only its name). */
  readonly seller: SellerIdentity | null;
}

/** What a printed customer statement shows about who sends it. */
export type StatementContext = Omit<DocumentContext, "paymentUrl">;

/** Renders invoices, credit notes and customer statements as PDF files. */
export interface InvoiceRenderer {
  invoicePdf(invoice: Invoice, context: DocumentContext): Promise<Uint8Array>;
  creditNotePdf(note: CreditNote, invoice: Invoice, context: DocumentContext): Promise<Uint8Array>;
  statementPdf(statement: CustomerStatement, context: StatementContext): Promise<Uint8Array>;
}

/** Writes an invoice as EN 16931 XML (UBL 2.1 Invoice or UN/CEFACT CII). */
export interface EinvoiceWriter {
  write(invoice: Invoice, context: DocumentContext, format: "ubl" | "cii"): string;
  /** A credit note (type 381) referring to its invoice, its amount split over the invoice's taxes. */
  writeCreditNote(note: CreditNote, invoice: Invoice, context: DocumentContext, format: "ubl" | "cii"): string;
}

/** Long random tokens (public invoice pages). */
export interface Tokens {
  /** At least 128 bits of randomness, URL-safe. */
  next(): string;
}
