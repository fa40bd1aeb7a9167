/**
 * IBAN check digits (ISO 13616 mod 97-10), the one check seller bank accounts get until the bank-details
 * validation of its own issue lands: a call of this shape is what it replaces.
 */
export const ibanChecksOut = (iban: string): boolean => {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
};

/** An IBAN as people write it (spaces, lower case) in its electronic form: upper case, no spaces. */
export const electronicIban = (written: string): string => written.replace(/\s+/g, "").toUpperCase();
