import type { BankDetails } from "../model.js";
import { afterLabel, firstCell, LABELS, vocabularyWords } from "./labels.js";

/** Whether a compact IBAN's form and check digits hold. */
export const ibanValid = (iban: string): boolean => {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rem = 0;
  for (const ch of digits) rem = (rem * 10 + Number(ch)) % 97;
  return rem === 1;
};

/** Every IBAN in the text whose check digits hold (printed with or without spaces), in order. */
export const ibansIn = (text: string): string[] => {
  const out: string[] = [];
  // Groups parted by spaces, never by a line break: the next line's words are no part of it.
  for (const m of text.matchAll(/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,32}/g)) {
    const compact = m[0].replace(/ /g, "");
    // RF creditor references share the IBAN's check-digit scheme; they are payment references, not accounts.
    if (compact.startsWith("RF")) continue;
    // The match may run into the next word ("... 217 BIC"): try shorter prefixes until the checksum holds.
    for (let len = Math.min(compact.length, 34); len >= 15; len--) {
      const candidate = compact.slice(0, len);
      if (ibanValid(candidate)) {
        out.push(candidate);
        break;
      }
    }
  }
  return out;
};

/** The first IBAN in the text whose check digits hold, other than the buyer's own (never the payee's). */
export const findIban = (text: string, notPayee: readonly string[] = []): string | null =>
  ibansIn(text).find((iban) => !notPayee.includes(iban)) ?? null;

const BIC = /\b(?:bic|swift(?:\s*code)?|bic\s*\/\s*swift)\s*:?\s*([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b/i;
const SORT_CODE = /\bsort\s*code\s*:?\s*(\d{2})[-\s]?(\d{2})[-\s]?(\d{2})\b/i;
const ACCOUNT = new RegExp(String.raw`\b(?:${vocabularyWords("accountNumber")})\s*:?\s*(\d{6,17})\b`, "i");
const ROUTING = /\b(?:routing\s*(?:no\.?|number|#)?|aba(?:\s*(?:no\.?|number))?)\s*:?\s*(\d{9})\b/i;

/** Bank details named on the bill, with how sure we are (0 when none). */
export const findBankDetails = (
  lines: readonly string[],
  /** The buyer's own IBANs, compact: never proposed as the payee's. */
  buyerIbans: readonly string[] = [],
): { value: BankDetails | null; confidence: number } => {
  const text = lines.join("\n");
  const iban = findIban(text, buyerIbans);
  const bic = text.match(BIC)?.[1]?.toUpperCase() ?? null;
  const sort = text.match(SORT_CODE);
  const sortCode = sort ? `${sort[1]}-${sort[2]}-${sort[3]}` : null;
  const accountNumber = text.match(ACCOUNT)?.[1] ?? null;
  const routingNumber = text.match(ROUTING)?.[1] ?? null;
  let accountHolderName: string | null = null;
  for (const line of lines) {
    const after = afterLabel(line, LABELS.accountHolder);
    if (after !== null && firstCell(after) !== "") {
      accountHolderName = firstCell(after);
      break;
    }
  }
  if (!iban && !accountNumber && !sortCode && !routingNumber && !bic) return { value: null, confidence: 0 };
  // The buyer's own account printed (a direct debit mandate, a refund to it) and no other: no payee at all.
  const onlyBuyers = ibansIn(text).length > 0 && !iban;
  if (onlyBuyers && !accountNumber && !sortCode && !routingNumber) return { value: null, confidence: 0 };
  const value: BankDetails = {
    accountHolderName,
    accountNumber,
    sortCode,
    routingNumber,
    iban,
    bicSwift: bic,
    country: iban ? iban.slice(0, 2) : null,
    currency: null,
  };
  return { value, confidence: iban ? 0.95 : accountNumber ? 0.8 : 0.6 };
};
