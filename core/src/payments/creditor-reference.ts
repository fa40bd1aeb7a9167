import { mod97 } from "../shared/iso7064.js";

/**
 * The ISO 11649 creditor reference for a document: `RF`, two check digits, then the document's letters and digits
 * (at most 21, upper-cased). Banks across SEPA carry it to the payee's statement unchanged, so a statement entry is
 * matched to its invoice by it. Undefined when the document has no letter or digit to build it from.
 */
export const creditorReferenceFor = (document: string): string | undefined => {
  const body = document
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(-21);
  if (body === "") return undefined;
  const check = 98 - mod97(`RF00${body}`);
  return `RF${String(check).padStart(2, "0")}${body}`;
};
