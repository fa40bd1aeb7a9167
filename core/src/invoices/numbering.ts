import type { DocumentKind } from "./stores.js";

const PREFIX: Record<DocumentKind, string> = { invoice: "INV", "credit-note": "CN" };

/** A document number as printed: `INV-000042`, `CN-000007` (at least six digits). */
export const formatDocumentNumber = (kind: DocumentKind, n: number): string =>
  `${PREFIX[kind]}-${String(n).padStart(6, "0")}`;
