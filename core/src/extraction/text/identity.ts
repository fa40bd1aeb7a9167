import type { KnownBuyer, PageEvidence } from "../model.js";
import { ibansIn } from "./bank.js";
import { afterLabel, firstCell, LABELS } from "./labels.js";

/** An identifier as it is compared: letters and digits only, upper case ("DE 123 456 789" is "DE123456789"). */
export const compactId = (text: string): string => text.replace(/[^\p{L}\p{N}]/gu, "").toUpperCase();

// An address line as it is compared: letters and digits, lower case, accents and "straße"/"str." aside.
const compactAddress = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/stra(?:ss|ß)e|str\./g, "str")
    .replace(/[^\p{L}\p{N}]/gu, "");

/** No buyer known: the reader reads as before. */
export const NO_BUYER: KnownBuyer = { names: [], identifiers: [], ibans: [], addressLines: [], emails: [] };

/**
 * Whether a text holds something only the buyer has: one of its identifiers or IBANs (compared compact, at least
 * six characters so a short code never matches by chance), or one of its address lines (the whole line).
 */
export const buyerIdentityTest = (buyer: KnownBuyer): ((text: string) => boolean) => {
  const ids = [...buyer.identifiers, ...buyer.ibans].map(compactId).filter((id) => id.length >= 6);
  const addresses = buyer.addressLines.map(compactAddress).filter((a) => a.length >= 6);
  if (ids.length === 0 && addresses.length === 0) return () => false;
  return (text: string): boolean => {
    const id = compactId(text);
    if (ids.some((b) => id.includes(b))) return true;
    const address = compactAddress(text);
    return address.length >= 6 && addresses.some((a) => address === a || (address.includes(a) && a.length >= 10));
  };
};

// EU VAT numbers, UK VAT, Swiss UID, and company registrations printed with their register's name.
const VAT =
  /(?<![\p{L}\p{N}])(?:ATU\d{8}|BE\s?0?\d{3}\.?\d{3}\.?\d{3}|DE\s?\d{3}\s?\d{3}\s?\d{3}|FR\s?[0-9A-Z]{2}\s?\d{3}\s?\d{3}\s?\d{3}|GB\s?\d{3}\s?\d{4}\s?\d{2}(?:\d{3})?|IT\s?\d{11}|ES\s?[0-9A-Z]\d{7}[0-9A-Z]|NL\s?\d{9}\s?B\d{2}|PL\s?\d{10}|CZ\d{8,10}|DK\s?\d{8}|SE\s?\d{12}|HU\d{8}|HR\d{11}|IE\d{7}[A-Z]{1,2}|LU\d{8}|PT\s?\d{9}|CHE[-\s]?\d{3}\.?\d{3}\.?\d{3})(?![\p{L}\p{N}])/gu;
const REGISTRATION =
  /(?<![\p{L}])(HR[AB]|SIRE[NT]|RCS(?:\s+\p{L}+)?|KvK|KVK|Company\s*(?:No|Number|Reg(?:istration)?(?:\s*No)?)\.?|Co\.?\s*Reg\.?\s*No\.?|ABN|UEN|NIP|REGON|St\.?-?Nr\.?|Steuernummer)\s*:?\s*([A-Z]?\s?\d[\d ./-]{1,16}\d[A-Z]?)/giu;
// A SIREN or SIRET as French documents print it ("SIREN : 123 456 782", "SIRET 12345682400016").
const SIREN = /(?<![\p{L}])SIRE[NT]\s*(?:\/\s*SIRET\s*)?:?\s*(\d{3}\s?\d{3}\s?\d{3})/gu;
const EMAIL = /[\p{L}\d._%+-]+@([\p{L}\d-]+(?:\.[\p{L}\d-]+)*\.[a-z]{2,})/giu;
const SITE = /(?:https?:\/\/)?www\.([\p{L}\d-]+(?:\.[\p{L}\d-]+)*\.[a-z]{2,})/giu;
// Mail services many senders share: their domain names no one.
const SHARED_MAIL = /^(?:gmail|googlemail|yahoo|hotmail|outlook|gmx|web|icloud|mail|aol|live|t-online|orange|free)\./;

/**
 * The registrations a register label introduces, as printed without spaces and marks, and a German register's
 * entry also with its register ("HRB 12345" is "HRB12345" and "12345"): a supplier's record may hold either.
 */
const registrationsIn = (line: string): string[] =>
  [...line.matchAll(REGISTRATION)].flatMap((m) => {
    const number = compactId(m[2] ?? "");
    return /^HR[AB]$/i.test(m[1] ?? "") ? [`${(m[1] ?? "").toUpperCase()}${number}`, number] : [number];
  });

/**
 * A French company's VAT number from its SIREN (the first nine digits of a SIRET): FR, a key of two digits made
 * from the SIREN, the SIREN. A page printing only its SIREN names a supplier on record by VAT number too.
 */
export const frenchVat = (siren: string): string => {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return `FR${String(key).padStart(2, "0")}${siren}`;
};

/** The SIRENs a page prints (a SIRET's first nine digits), in order. */
export const pageSirens = (lines: readonly string[]): string[] =>
  lines.flatMap((line) => [...line.matchAll(SIREN)].map((m) => compactId(m[1] ?? "").slice(0, 9)));

/** What a tax-number label introduces ("USt-IdNr.: DE 123 456 789", "BTW: BE0505890632"), compact. */
const labelledTaxNumber = (line: string): string | null => {
  const after = afterLabel(line, LABELS.taxNumber);
  const id =
    after === null
      ? null
      : firstCell(after.replace(/^[\s.:#-]+/, "")).match(/^[:\s]*([A-Z]{0,3}[\s-]?\d[\dA-Z\s./-]{4,18}[\dA-Z])/i)?.[1];
  return id ? compactId(id) : null;
};

/**
 * Everything on the page that can name a supplier the organisation already knows, leaving out lines that name
 * the buyer (its identifiers, IBANs, address, and e-mail domains its names carry).
 */
export const pageEvidence = (lines: readonly string[], buyer: KnownBuyer = NO_BUYER): PageEvidence => {
  const isBuyer = buyerIdentityTest(buyer);
  const buyerIds = new Set([...buyer.identifiers, ...buyer.ibans].map(compactId));
  const buyerDomains = new Set(buyer.emails.map((e) => e.toLowerCase().split("@")[1] ?? ""));
  const identifiers = new Set<string>();
  const ibans = new Set<string>();
  const emails = new Set<string>();
  const domains = new Set<string>();
  for (const line of lines) {
    for (const m of line.matchAll(VAT)) identifiers.add(compactId(m[0]));
    for (const id of registrationsIn(line)) if (id.length >= 5) identifiers.add(id);
    for (const siren of pageSirens([line])) identifiers.add(frenchVat(siren));
    const labelled = labelledTaxNumber(line);
    if (labelled !== null && labelled.length >= 6) identifiers.add(labelled);
    for (const iban of ibansIn(line)) ibans.add(iban);
    if (isBuyer(line)) continue;
    for (const m of line.matchAll(EMAIL)) {
      const domain = (m[1] ?? "").toLowerCase();
      if (buyerDomains.has(domain)) continue;
      emails.add(m[0].toLowerCase());
      if (!SHARED_MAIL.test(domain)) domains.add(domain);
    }
    for (const m of line.matchAll(SITE)) {
      const domain = (m[1] ?? "").toLowerCase();
      if (!buyerDomains.has(domain)) domains.add(domain);
    }
  }
  // "45501" read from the buyer's "HRB 45501" is the buyer's too.
  const notBuyers = (xs: Set<string>): string[] => [...xs].filter((x) => ![...buyerIds].some((b) => b.endsWith(x)));
  return { identifiers: notBuyers(identifiers), ibans: notBuyers(ibans), emails: [...emails], domains: [...domains] };
};
