/** One line of a bill as read from the document. Amounts and quantities are decimal strings. */
export interface ExtractedLineItem {
  readonly description: string;
  readonly quantity: string | null;
  readonly unitPrice: string | null;
  readonly amount: string | null;
}

/** Bank details as suppliers, bills and the validate endpoint carry them (ROUTES.md). */
export interface BankDetails {
  readonly accountHolderName: string | null;
  readonly accountNumber: string | null;
  readonly sortCode: string | null;
  readonly routingNumber: string | null;
  readonly iban: string | null;
  readonly bicSwift: string | null;
  /** ISO 3166-1 alpha-2. */
  readonly country: string | null;
  /** ISO 4217. */
  readonly currency: string | null;
}

/** The fields read from a bill document; null where the document did not say. */
export interface ExtractedFields {
  readonly supplierName: string | null;
  readonly invoiceNumber: string | null;
  /** ISO 4217. */
  readonly currency: string | null;
  readonly totalAmount: string | null;
  readonly lineItems: readonly ExtractedLineItem[];
  /** Business dates, YYYY-MM-DD. */
  readonly invoiceDate: string | null;
  readonly dueDate: string | null;
  readonly subTotal: string | null;
  readonly taxAmount: string | null;
  readonly supplierTaxNumber: string | null;
  readonly bankDetails: BankDetails | null;
  readonly purchaseOrderNumber: string | null;
  readonly paymentTerms: string | null;
  readonly paymentRef: string | null;
}

export type ExtractedFieldName = keyof ExtractedFields;

/** Which reader produced a bill's fields. */
export const READER_KINDS = ["einvoice", "pdf-text", "ocr", "llm"] as const;
export type ReaderKind = (typeof READER_KINDS)[number];

/** What reading a document produced: the fields, a confidence per field and for the whole bill (0 to 1). */
export interface Extraction {
  readonly reader: ReaderKind;
  readonly fields: ExtractedFields;
  readonly fieldConfidence: Readonly<Partial<Record<ExtractedFieldName, number>>>;
  readonly confidence: number;
  /** What on the page can name a known supplier (text readings; an e-invoice names its seller's VAT number). */
  readonly evidence?: PageEvidence;
  /**
   * Whether the document carries an invoice number (one was read, or a number's label or an invoice's title is
   * printed); false for a till receipt without either, which the bill's confidence does not hold to one. Absent: true.
   */
  readonly numbered?: boolean;
  /**
   * Whether the page writes the total in words too ("Importe con letra", "Amount in words"): a subtotal and tax that
   * do not add up to it (a tax withheld, a charge outside the tax) leave it sure. Absent: false.
   */
  readonly spelledTotal?: boolean;
}

/** Why a document could not be read (the bill goes to ExtractionFailed with `bill.ocr_failed`). */
export interface ReadFailure {
  readonly reason: "corrupt" | "encrypted" | "too-large" | "unreadable" | "timeout" | "unsupported";
  readonly detail: string;
}

/**
 * Who a bill is for, as apar knows it before reading (the organisation, its seller identity, the company a bill
 * was forwarded to): none of it is ever the supplier, and the block of the page that holds it is the buyer's.
 */
export interface KnownBuyer {
  /** Legal and trading names. */
  readonly names: readonly string[];
  /** VAT numbers, tax and company registrations. */
  readonly identifiers: readonly string[];
  readonly ibans: readonly string[];
  /** Street lines and "postcode city". */
  readonly addressLines: readonly string[];
  /** Its own e-mail addresses: their domain names the buyer, never a supplier. */
  readonly emails: readonly string[];
}

/**
 * What on the page can name a known supplier: VAT numbers and other registrations, IBANs, e-mail addresses and
 * web domains, outside what names the buyer. Compact forms: identifiers and IBANs upper case without spaces,
 * e-mails and domains lower case.
 */
export interface PageEvidence {
  readonly identifiers: readonly string[];
  readonly ibans: readonly string[];
  readonly emails: readonly string[];
  readonly domains: readonly string[];
}

/**
 * A run of text where a page shows it (a PDF text item, an OCR word): its top-left corner, size and page (1-based),
 * in the page's own unit (points, pixels) with y growing downwards. A reading's boxes are its page of boxes.
 */
export interface TextBox {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly page: number;
}
