import { extractBIC, ValidationErrorsIBAN, validateIBAN } from "ibantools";
import type { BankDetails } from "../extraction/model.js";
import { mod97 } from "../shared/iso7064.js";
import { abaValid, bsbValid, canadianRouting, clabeValid, ifscValid } from "./local-checks.js";
import type { BankField } from "./profiles.js";
import { ukModulusValid } from "./uk-modulus.js";

/** One thing wrong with bank details, by field (`code` is stable; `message` is for people). */
export interface BankDetailsError {
  readonly field: BankField | "country";
  readonly code: string;
  readonly message: string;
}

/** What validation answers: the verdict, every error, and the details in canonical form. */
export interface BankDetailsVerdict {
  readonly isValid: boolean;
  readonly errors: readonly BankDetailsError[];
  readonly canonical: BankDetails;
}

/**
 * An IBAN as people write it, in electronic form: upper-cased, an `IBAN` or `IBAN:` prefix dropped, and every
 * space, dot, dash, slash, colon, semicolon and bracket removed (`FR.98.20041...`, `IBAN: FR 26 ...`).
 */
export const normaliseIban = (value: string): string =>
  value
    .toUpperCase()
    .replace(/^\s*IBAN\b\s*:?/, "")
    .replace(/[^A-Z0-9]/g, "");

const compact = (value: string): string => value.replace(/[\s.-]/g, "");

const IBAN_ERRORS: Readonly<Record<number, readonly [string, string]>> = {
  [ValidationErrorsIBAN.NoIBANCountry]: ["iban_country", "does not start with a country that uses IBANs"],
  [ValidationErrorsIBAN.WrongBBANLength]: ["iban_length", "has the wrong length for its country"],
  [ValidationErrorsIBAN.WrongBBANFormat]: ["iban_format", "does not have its country's format"],
  [ValidationErrorsIBAN.ChecksumNotNumber]: ["iban_format", "has check digits that are not digits"],
  [ValidationErrorsIBAN.WrongIBANChecksum]: ["iban_checksum", "has wrong check digits"],
  [ValidationErrorsIBAN.WrongAccountBankBranchChecksum]: [
    "bban_checksum",
    "has a wrong national check digit (bank, branch or account)",
  ],
};

/**
 * Formats an older registry defined that banks still print: Nicaragua's 32-character IBAN (24 digits after the
 * bank code; the registry shortened it to 28 in 2023). Accepted when its check digits hold.
 */
const LEGACY_FORMATS: readonly RegExp[] = [/^NI\d{2}[A-Z]{4}\d{24}$/];

/** The IBAN's errors, most telling first (a wrong length explains a wrong checksum, not the reverse). */
export const ibanErrors = (iban: string): BankDetailsError[] => {
  const { valid, errorCodes } = validateIBAN(iban);
  if (valid) return [];
  if (LEGACY_FORMATS.some((f) => f.test(iban)) && mod97(iban) === 1) return [];
  const order = [1, 2, 3, 4, 5, 6];
  const first = order.find((c) => errorCodes.includes(c)) ?? 5;
  const [code, message] = IBAN_ERRORS[first] ?? ["iban_checksum", "is not a valid IBAN"];
  return [{ field: "iban", code, message: `The IBAN ${message}.` }];
};

const orNull = (value: string | null): string | null => (value === null || value.trim() === "" ? null : value.trim());

/** The currency of each country whose local accounts apar recognises by their shape. */
const LOCAL_CURRENCY: Readonly<Record<string, string>> = {
  GB: "GBP",
  US: "USD",
  AU: "AUD",
  CA: "CAD",
  IN: "INR",
  MX: "MXN",
};

/**
 * ABA routing numbers begin with a Federal Reserve district (01-12), a thrift's (21-32), an electronic one (61-72)
 * or 80. `00` (US government) is left out: it is the shape of Canada's large banks' electronic routing numbers
 * (0 + institution 001-010 + transit), so it does not say which country an account is of.
 */
const ABA_PREFIX = /^(0[1-9]|1[0-2]|2[1-9]|3[0-2]|6[1-9]|7[0-2]|80)/;

/**
 * The country of a local account (no IBAN) whose country was left out, told only by a shape that belongs to one
 * country: a sort code (GB: its checks then say what is wrong with it), a routing number that is an ABA number with a valid checksum (US), a six-digit BSB
 * as routing number (AU), a printed transit-institution number `12345-003` (CA), an IFSC (IN), an 18-digit CLABE
 * with a valid check digit and no bank code beside it (MX). The details' currency, when given, decides between
 * shapes (a Canadian electronic routing number `0IIITTTTT` is recognised with CAD). Null when no one country fits.
 */
export const recognisedCountry = (given: {
  readonly sortCode: string | null;
  readonly routing: string | null;
  readonly printedRouting: string | null;
  readonly account: string | null;
  readonly currency: string | null;
}): string | null => {
  const { sortCode, routing, printedRouting, account, currency } = given;
  if (account === null) return null;
  const fits: Readonly<Record<string, boolean>> = {
    GB: sortCode !== null && routing === null,
    US: sortCode === null && routing !== null && abaValid(routing) && ABA_PREFIX.test(routing),
    AU: sortCode === null && routing !== null && bsbValid(routing),
    CA:
      sortCode === null &&
      routing !== null &&
      (/^\d{5}-\d{3}$/.test(printedRouting ?? "") || (currency === "CAD" && /^0\d{8}$/.test(routing))),
    IN: sortCode === null && routing !== null && ifscValid(routing),
    MX: sortCode === null && routing === null && clabeValid(account),
  };
  const candidates = Object.keys(fits).filter(
    (c) => fits[c] === true && (currency === null || LOCAL_CURRENCY[c] === currency),
  );
  return candidates.length === 1 ? (candidates[0] as string) : null;
};

/**
 * Validates bank details by rule, with no network: IBAN length, format and ISO 7064 check digits (and national
 * BBAN check digits where the registry defines them), BIC format and its country against the IBAN's, UK sort
 * code + account modulus checking, US ABA, AU BSB, CA institution/transit, IN IFSC, MX CLABE. Answers every
 * error and the canonical form (IBAN electronic, sort code six digits, codes upper-cased).
 */
export const validateBankDetails = (details: BankDetails): BankDetailsVerdict => {
  const errors: BankDetailsError[] = [];
  const iban = orNull(details.iban) === null ? null : normaliseIban(details.iban as string);
  const bic = orNull(details.bicSwift) === null ? null : compact(details.bicSwift as string).toUpperCase();
  const ibanCountry = iban === null ? null : iban.slice(0, 2);
  const currency = orNull(details.currency)?.toUpperCase() ?? null;
  let sortCode = orNull(details.sortCode) === null ? null : compact(details.sortCode as string);
  let routing = orNull(details.routingNumber) === null ? null : compact(details.routingNumber as string).toUpperCase();
  const account = orNull(details.accountNumber) === null ? null : compact(details.accountNumber as string);
  // A Canadian transit-institution number is told by its hyphen, which `compact` drops.
  const printedRouting = orNull(details.routingNumber)?.replace(/\s/g, "").toUpperCase() ?? null;
  const given = orNull(details.country)?.toUpperCase() ?? ibanCountry;
  const country = given ?? recognisedCountry({ sortCode, routing, printedRouting, account, currency });

  if (iban !== null) errors.push(...ibanErrors(iban));
  if (iban !== null && country !== null && ibanCountry !== country && errors.length === 0)
    errors.push({ field: "iban", code: "country_mismatch", message: `The IBAN is of ${ibanCountry}, not ${country}.` });
  if (bic !== null) {
    const parts = extractBIC(bic);
    if (!parts.valid)
      errors.push({
        field: "bicSwift",
        code: "bic_format",
        message: "The BIC is not 8 or 11 letters and digits of the BIC format.",
      });
    else if (ibanCountry !== null && parts.countryCode !== ibanCountry)
      errors.push({
        field: "bicSwift",
        code: "bic_country",
        message: `The BIC is of ${parts.countryCode}, the IBAN of ${ibanCountry}.`,
      });
  }
  if (iban === null && account === null)
    errors.push({ field: "accountNumber", code: "required", message: "Give an IBAN or an account number." });
  // A local account of no known country is never called valid: its checks (modulus, checksum) are the country's.
  if (iban === null && account !== null && country === null)
    errors.push({
      field: "country",
      code: "country_required",
      message:
        "Give the country of the account: without an IBAN, its sort code or routing number does not say which country's it is.",
    });

  if (country === "GB" && (sortCode !== null || (iban === null && account !== null))) {
    if (sortCode === null || !/^\d{6}$/.test(sortCode))
      errors.push({ field: "sortCode", code: "sort_code_format", message: "The sort code is not six digits." });
    else if (account === null || !/^\d{6,10}$/.test(account))
      errors.push({
        field: "accountNumber",
        code: "account_number_format",
        message: "The account number is not 6 to 10 digits.",
      });
    else if (ukModulusValid(sortCode, account) === false)
      errors.push({
        field: "accountNumber",
        code: "modulus_check",
        message: "The sort code and account number fail the UK modulus check.",
      });
  }
  if (country === "US" && iban === null) {
    if (routing === null || !abaValid(routing))
      errors.push({
        field: "routingNumber",
        code: "routing_checksum",
        message: "The ABA routing number is not nine digits with a valid checksum.",
      });
    if (account !== null && !/^\d{2,17}$/.test(account))
      errors.push({
        field: "accountNumber",
        code: "account_number_format",
        message: "The account number is not 2 to 17 digits.",
      });
  }
  if (country === "AU" && iban === null) {
    const bsb = routing ?? sortCode;
    if (bsb === null || !bsbValid(bsb))
      errors.push({ field: "routingNumber", code: "bsb_format", message: "The BSB is not six digits." });
    else routing = bsb;
    if (account !== null && !/^\d{5,9}$/.test(account))
      errors.push({
        field: "accountNumber",
        code: "account_number_format",
        message: "The account number is not 5 to 9 digits.",
      });
  }
  if (country === "CA" && iban === null) {
    const electronic =
      routing === null ? undefined : canadianRouting(orNull(details.routingNumber)?.replace(/\s/g, "") ?? "");
    if (electronic === undefined)
      errors.push({
        field: "routingNumber",
        code: "transit_format",
        message: "Give the 5-digit transit and 3-digit institution number (12345-003).",
      });
    else routing = electronic;
    if (account !== null && !/^\d{5,12}$/.test(account))
      errors.push({
        field: "accountNumber",
        code: "account_number_format",
        message: "The account number is not 5 to 12 digits.",
      });
  }
  if (country === "IN" && iban === null && (routing === null || !ifscValid(routing)))
    errors.push({
      field: "routingNumber",
      code: "ifsc_format",
      message: "The IFSC is not four letters, a zero and six letters or digits.",
    });
  if (country === "MX" && iban === null && (account === null || !clabeValid(account)))
    errors.push({
      field: "accountNumber",
      code: "clabe_checksum",
      message: "The CLABE is not 18 digits with a valid check digit.",
    });

  if (country === "GB" && sortCode !== null) sortCode = sortCode.replace(/\D/g, "");
  return {
    isValid: errors.length === 0,
    errors,
    canonical: {
      accountHolderName: orNull(details.accountHolderName),
      accountNumber: account,
      sortCode,
      routingNumber: routing,
      iban,
      bicSwift: bic,
      country,
      currency,
    },
  };
};
