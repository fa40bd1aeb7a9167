/** The two numbered series of an organisation. */
export type DocumentKind = "invoice" | "credit-note";

const PREFIX: Record<DocumentKind, string> = { invoice: "INV", "credit-note": "CN" };

/** A document number as printed: `INV-000042`, `CN-000007` (at least six digits). */
export const formatDocumentNumber = (kind: DocumentKind, n: number): string =>
  `${PREFIX[kind]}-${String(n).padStart(6, "0")}`;
