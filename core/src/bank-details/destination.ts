import type { BankDetails } from "../extraction/model.js";

/**
 * The account money goes to, as one comparable key: the IBAN when there is one, else the country with the local
 * bank code and account number. The holder's name and the BIC are not part of it (the BIC follows from the IBAN).
 */
export const destinationKey = (details: BankDetails | null): string | null => {
  if (details === null) return null;
  if (details.iban !== null) return details.iban;
  if (details.accountNumber === null) return null;
  return [details.country ?? "", details.sortCode ?? details.routingNumber ?? "", details.accountNumber].join(":");
};

/**
 * True when bank details that had a destination now name another one: the fraud signal. Details given for the
 * first time, or removed, are not a change of destination.
 */
export const destinationChanged = (before: BankDetails | null, after: BankDetails | null): boolean => {
  const a = destinationKey(before);
  const b = destinationKey(after);
  return a !== null && b !== null && a !== b;
};

/** A destination shown without its full number: the country and the account's last four characters. */
export const maskedDestination = (
  details: BankDetails | null,
): { readonly country: string | null; readonly accountEnding: string | null } => {
  const number = details?.iban ?? details?.accountNumber ?? null;
  return { country: details?.country ?? null, accountEnding: number === null ? null : number.slice(-4) };
};

/** An IBAN as people read it: electronic form in groups of four (`DE89 3704 0044 0532 0130 00`). */
export const groupedIban = (iban: string): string =>
  iban
    .replace(/\s+/g, "")
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, "$1 ");

/**
 * An account number shown to someone who must recognise it but need not read it whole (a page behind a mailed
 * link): an IBAN keeps its country and its last four characters, grouped as the whole one is; another number its
 * last four. Never fewer masked characters than shown.
 */
export const maskedAccountNumber = (number: string): string => {
  const compact = number.replace(/\s+/g, "").toUpperCase();
  if (compact.length <= 8) return `•••• ${compact.slice(-4)}`;
  const iban = /^[A-Z]{2}\d{2}/.test(compact);
  const kept = iban ? 2 : 0;
  const masked = compact.slice(0, kept) + "•".repeat(compact.length - kept - 4) + compact.slice(-4);
  return iban ? groupedIban(masked) : masked;
};
