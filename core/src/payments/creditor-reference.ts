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

/** Whether `reference` (no spaces, upper case) is an ISO 11649 creditor reference: its check digits hold. */
const passes = (reference: string): boolean => /^RF\d{2}[A-Z0-9]{1,21}$/.test(reference) && mod97(reference) === 1;

/**
 * The ISO 11649 creditor references written into free remittance text. People and banks group a reference in
 * fours, or not, and write words after it ("RF69 INV0 0000 1 zaplata za fakture"): each `RF` and two digits is
 * followed by up to 21 letters and digits (spaces and hyphens between groups allowed), and the candidates that
 * pass the check digits are the references. Those that end where a group ends come first; only when none does is
 * a cut inside a group tried (a reference run into the next word without a space).
 */
export const creditorReferencesIn = (text: string): string[] => {
  const upper = text.toUpperCase();
  const found = new Set<string>();
  const starts = [...upper.matchAll(/(?<![A-Z0-9])RF[\s-]?(\d)[\s-]?(\d)/g)];
  for (const [index, start] of starts.entries()) {
    const prefix = `RF${start[1]}${start[2]}`;
    let body = "";
    const ends: number[] = [];
    // A reference ends where the next one starts, at the latest.
    for (const ch of upper.slice((start.index ?? 0) + start[0].length, starts[index + 1]?.index)) {
      if (/[A-Z0-9]/.test(ch)) {
        if (body.length === 21) break;
        body += ch;
      } else if (/[\s-]/.test(ch)) {
        if (body !== "" && ends.at(-1) !== body.length) ends.push(body.length);
      } else break;
    }
    if (ends.at(-1) !== body.length) ends.push(body.length);
    const atGroups = ends.map((n) => prefix + body.slice(0, n)).filter(passes);
    const anywhere = atGroups.length > 0 ? [] : [...body].map((_, i) => prefix + body.slice(0, i + 1)).filter(passes);
    for (const reference of [...atGroups, ...anywhere]) found.add(reference);
  }
  return [...found];
};
