import type { DocumentReader } from "../../ports/document-reader.js";
import type { DocumentFiles } from "../../ports/documents.js";
import type { StoreName } from "../../ports/stores.js";
import type { CoreDeps } from "../deps.js";

/** What the bill use cases need. Reads go to `db.stores`, outside a transaction. */
export interface BillDeps<K extends StoreName = StoreName> extends CoreDeps<K> {
  readonly files: DocumentFiles;
}

/** What reading a bill needs beyond that: the reader, the operator's choice of method per client, a time limit. */
export interface ReadBillDeps<K extends StoreName = StoreName> extends BillDeps<K> {
  readonly reader: DocumentReader;
  /** `ocr` (text layer, then OCR) or `llm` (vision) for a client's documents; e-invoice XML always wins. */
  readonly readMethodFor: (clientId: string) => "ocr" | "llm";
  /** A reading that takes longer fails the bill with reason `timeout`. */
  readonly readTimeoutMs: number;
  /** Told what a reading produced that was not kept (over-long fields). */
  readonly warn?: (detail: object, message: string) => void;
}

/** The job type that reads a bill's document. */
export const READ_BILL_JOB = "read-bill";

/** The payload of a read-bill job. */
export interface ReadBillJob {
  readonly clientId: string;
  readonly organisationId: string;
  readonly billId: string;
}
