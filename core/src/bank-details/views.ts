import * as t from "io-ts";
import { nullable, oneOf } from "../shared/codecs/combinators.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Integer } from "../shared/codecs/numbers.js";
import { BANK_FIELDS } from "./profiles.js";

const text = nullable(t.string);

/** The bank details object (suppliers, bills). */
export const BankDetailsView = t.type(
  {
    accountHolderName: text,
    accountNumber: text,
    sortCode: text,
    routingNumber: text,
    iban: text,
    bicSwift: text,
    country: text,
    currency: text,
  },
  "BankDetails",
);

const Field = oneOf(BANK_FIELDS, "BankField");

/** A country's bank-detail profile: the fields to fill and the rails with the fields each needs. */
export const CountryProfileView = t.type(
  {
    country: documented(t.string, { description: "ISO 3166-1 alpha-2." }),
    name: t.string,
    currency: documented(text, { description: "The local currency where the profile is for local details." }),
    iban: documented(t.boolean, { description: "Whether the country uses IBANs." }),
    fields: t.readonlyArray(
      t.intersection([
        t.type({ field: Field, label: t.string, required: t.boolean }),
        t.partial({ pattern: t.string, minLength: Integer, maxLength: Integer, example: t.string }),
      ]),
    ),
    rails: t.readonlyArray(t.type({ rail: t.string, fields: t.readonlyArray(Field) })),
  },
  "CountryProfile",
);

/** What validating bank details answers: the verdict, every error, and the details in canonical form. */
export const BankDetailsVerdictView = t.type(
  {
    isValid: t.boolean,
    errors: t.readonlyArray(t.type({ field: t.string, code: t.string, message: t.string })),
    canonical: BankDetailsView,
  },
  "BankDetailsVerdict",
);
