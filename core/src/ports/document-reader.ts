import type { Either } from "fp-ts/lib/Either.js";
import type { Extraction, KnownBuyer, ReadFailure } from "../extraction/model.js";

/** A stored document to read. */
export interface DocumentToRead {
  readonly bytes: Uint8Array;
  /** The detected media type (`application/pdf`, `image/png`, `application/xml`, ...). */
  readonly mediaType: string;
  readonly filename: string | null;
}

/** How a client's documents are read: `ocr` (text layer, then OCR) or `llm` (vision); e-invoice XML always wins. */
export interface ReadOptions {
  readonly method: "ocr" | "llm";
  readonly signal?: AbortSignal;
  /**
   * The party the bill is addressed to (the organisation, its seller identity, the company it was forwarded to):
   * never read as the supplier, its VAT number never the supplier's, its IBAN never the payee's.
   */
  readonly buyer?: KnownBuyer;
}

/** Reads a bill document into fields. Expected failures are values; it never throws for a bad document. */
export interface DocumentReader {
  read(document: DocumentToRead, options: ReadOptions): Promise<Either<ReadFailure, Extraction>>;
}
