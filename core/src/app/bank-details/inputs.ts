import * as t from "io-ts";
import { closedType } from "../../shared/codecs/closed-type.js";
import { NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { CurrencyCode } from "../../shared/currencies.js";

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);
const Text = (max: number) => nullable(NonEmptyTrimmedString(max));

/** Bank details as a body gives them (suppliers, POST /bank-details/validate): any member may be left out. */
export const BankDetailsInput = closedType(
  {},
  {
    accountHolderName: Text(200),
    accountNumber: Text(64),
    sortCode: Text(16),
    routingNumber: Text(32),
    iban: Text(64),
    bicSwift: Text(16),
    country: nullable(NonEmptyTrimmedString(2)),
    currency: nullable(CurrencyCode),
  },
  "BankDetails",
);
export type BankDetailsInput = t.TypeOf<typeof BankDetailsInput>;
