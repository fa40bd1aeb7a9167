/**
 * Normal forms for matching: two spellings of one supplier or one invoice number compare equal.
 * Pure string work (no locale tables), so every instance and every database agrees.
 */

// Legal-form words that suppliers write or leave out at will ("Acme GmbH" is "ACME").
const LEGAL_FORMS = new Set([
  "ltd",
  "limited",
  "llc",
  "inc",
  "incorporated",
  "corp",
  "corporation",
  "co",
  "company",
  "plc",
  "gmbh",
  "ag",
  "kg",
  "ug",
  "sa",
  "sas",
  "sarl",
  "srl",
  "spa",
  "bv",
  "nv",
  "oy",
  "ab",
  "as",
  "aps",
  "pty",
  "the",
]);

/** A supplier name for comparison: no accents, case, punctuation, legal-form words or extra spaces. */
export const normaliseSupplierName = (name: string): string =>
  name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter((w) => w !== "" && !LEGAL_FORMS.has(w))
    .join(" ");

/** An invoice number for comparison: letters and digits only, upper case, leading zeros of digit runs dropped. */
export const normaliseInvoiceNumber = (number: string): string =>
  number
    .normalize("NFKD")
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, "")
    .replace(/(^|\D)0+(?=\d)/g, "$1");

/** A tax number for comparison: letters and digits only, upper case (`DE 123 456 789` is `DE123456789`). */
export const normaliseTaxNumber = (number: string): string => number.toUpperCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** The normal form of an optional value, or null when it is absent or normalises to nothing. */
export const normalisedOrNull = (value: string | null | undefined, normalise: (s: string) => string): string | null => {
  if (value === null || value === undefined) return null;
  const n = normalise(value);
  return n === "" ? null : n;
};
