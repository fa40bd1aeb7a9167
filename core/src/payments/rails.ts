import { isSEPACountry } from "ibantools";
import type { Rail } from "../bank-details/profiles.js";
import type { BankDetails } from "../extraction/model.js";
import type { ClearingSystemMember, PaymentAccount } from "./pain001.js";

// Which rail carries a transfer, and what the file must say for the bank to route it. An IBAN routes itself (SEPA
// for euros within SEPA; a UK IBAN in pounds goes by its sort code too); a local account needs its clearing system
// member id (sort code, ABA routing number, BSB, ...) in its own currency, or the bank's BIC for a SWIFT transfer.
// What apar cannot write is refused when the bill enters a run, with the reason.

/** The countries whose local accounts apar writes, their clearing system (ISO code), currency and domestic rail. */
const LOCAL_RAILS: Readonly<Record<string, { system: string | null; currency: string; rail: Rail }>> = {
  GB: { system: "GBDSC", currency: "GBP", rail: "FasterPayments" },
  US: { system: "USABA", currency: "USD", rail: "Ach" },
  AU: { system: "AUBSB", currency: "AUD", rail: "Becs" },
  CA: { system: "CACPA", currency: "CAD", rail: "Eft" },
  IN: { system: "INFSC", currency: "INR", rail: "Neft" },
  // A CLABE names its bank in its first digits: SPEI needs no clearing id besides it.
  MX: { system: null, currency: "MXN", rail: "Spei" },
};

const present = (value: string | null | undefined): value is string =>
  value !== null && value !== undefined && value.trim() !== "";

/** The clearing system member id of canonical bank details (a UK IBAN carries its sort code), or null. */
export const clearingMemberOf = (details: BankDetails): ClearingSystemMember | null => {
  if (present(details.iban)) {
    const iban = details.iban;
    return iban.startsWith("GB") && iban.length === 22 ? { system: "GBDSC", memberId: iban.slice(8, 14) } : null;
  }
  const local = details.country === null ? undefined : LOCAL_RAILS[details.country];
  const id = details.country === "GB" ? details.sortCode : details.routingNumber;
  if (local?.system === null || local === undefined || !present(id)) return null;
  return { system: local.system, memberId: id.trim().toUpperCase() };
};

/** A creditor account from validated (canonical) bank details. */
export const creditorAccount = (name: string, details: BankDetails): PaymentAccount => ({
  name,
  iban: present(details.iban) ? details.iban : null,
  accountNumber: present(details.accountNumber) && !present(details.iban) ? details.accountNumber : null,
  bic: present(details.bicSwift) ? details.bicSwift : null,
  country: details.country ?? null,
  clearing: clearingMemberOf(details),
});

/** The rail a transfer of `currency` to the account goes by, or why apar cannot write it. */
export type Route = { readonly rail: Rail } | { readonly refused: string };

export const routeOf = (creditor: PaymentAccount, currency: string): Route => {
  const withBic = (why: string): Route => (creditor.bic !== null ? { rail: "Swift" } : { refused: why });
  if (creditor.iban !== null) {
    const country = creditor.iban.slice(0, 2);
    if (currency === "EUR" && isSEPACountry(country)) return { rail: "SepaCreditTransfer" };
    if (currency === "GBP" && country === "GB") return { rail: "FasterPayments" };
    return withBic(
      `a ${currency} transfer to an IBAN of ${country} goes by SWIFT and needs the bank's BIC: add it to the bank details`,
    );
  }
  if (creditor.accountNumber === null) return { refused: "the bank details name no account" };
  if (creditor.country === null)
    return { refused: "the account has no country, so its bank and clearing system are unknown: add the country" };
  const local = LOCAL_RAILS[creditor.country];
  if (local !== undefined && local.currency === currency) {
    if (local.system === null) return { rail: local.rail };
    return creditor.clearing?.system === local.system
      ? { rail: local.rail }
      : withBic(
          `a ${currency} account of ${creditor.country} needs its ${local.system} clearing id (sort code or routing number)`,
        );
  }
  return withBic(
    `a ${currency} transfer to a local account of ${creditor.country} goes by SWIFT and needs the bank's BIC: add it to the bank details`,
  );
};
