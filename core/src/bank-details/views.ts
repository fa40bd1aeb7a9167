import * as t from "io-ts";
import { nullable } from "../shared/codecs/combinators.js";

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
