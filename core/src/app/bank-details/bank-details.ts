import * as E from "fp-ts/lib/Either.js";
import { type CountryProfile, countryProfiles } from "../../bank-details/profiles.js";
import { type BankDetailsVerdict, validateBankDetails } from "../../bank-details/validate.js";
import { EMPTY_BANK_DETAILS } from "../../bills/model.js";
import type { BankDetails } from "../../extraction/model.js";
import { type DomainError, notFound, validationError } from "../../shared/errors.js";
import type { BankDetailsInput } from "./inputs.js";

/** Bank details from a body, absent members null. */
export const bankDetailsOf = (input: BankDetailsInput): BankDetails => ({ ...EMPTY_BANK_DETAILS, ...input });

/** The verdict on bank details a caller sends to be checked (POST /bank-details/validate). */
export const checkBankDetails = (input: BankDetailsInput): BankDetailsVerdict =>
  validateBankDetails(bankDetailsOf(input));

/**
 * Bank details about to be stored, in canonical form, or a 400 naming each failing field under `prefix`
 * (`body.bankDetails.iban`). Stored details are always valid ones.
 */
export const validBankDetails = (input: BankDetailsInput, prefix: string): E.Either<DomainError, BankDetails> => {
  const verdict = checkBankDetails(input);
  if (verdict.isValid) return E.right(verdict.canonical);
  return E.left(
    validationError(
      verdict.errors.map((e) => ({ field: `${prefix}.${e.field}`, code: e.code, message: e.message })),
      "The bank details are not valid.",
    ),
  );
};

/** Every country with a bank-details profile, by code. */
export const listBankCountries = (): CountryProfile[] => [...countryProfiles().values()];

/** One country's profile, or a 404. */
export const bankCountryProfile = (code: string): E.Either<DomainError, CountryProfile> => {
  const profile = countryProfiles().get(code.toUpperCase());
  return profile === undefined
    ? E.left(notFound("BankDetails.UnknownCountry", `No bank-details profile for country ${code}.`))
    : E.right(profile);
};
