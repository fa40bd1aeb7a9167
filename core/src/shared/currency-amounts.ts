import { type Currency, isCurrency, minorUnits } from "./currencies.js";
import type { FieldError } from "./errors.js";
import { fitsCurrency, isDecimalString } from "./money.js";

// Amounts obey their currency: no more decimals than its minor unit (a yen has none, so JPY 1000.50 is refused,
// never paid as 1001), and no more digits than apar's columns hold (refused with the field, never a 500).

/** Why `amount` cannot be an amount of `currency` (the field named), or undefined when it can. */
export const currencyAmountError = (field: string, amount: string, currency: string | null): FieldError | undefined => {
  if (!isDecimalString(amount))
    return {
      field,
      code: "out_of_range",
      message: `${field} is not a decimal amount apar can hold (at most 20 digits before the point and 10 after)`,
    };
  if (currency === null || !isCurrency(currency) || fitsCurrency(amount, currency)) return undefined;
  const digits = minorUnits(currency as Currency);
  return {
    field,
    code: "currency_precision",
    message:
      digits === 0
        ? `${currency} has no minor unit: ${field} ${amount} must be a whole number`
        : `${currency} has ${digits} decimals: ${field} ${amount} has more`,
  };
};

/** Every amount of `amounts` (field name, amount or null) that its currency refuses. */
export const currencyAmountErrors = (
  amounts: readonly (readonly [string, string | null])[],
  currency: string | null,
): FieldError[] =>
  amounts.flatMap(([field, amount]) => {
    if (amount === null) return [];
    const error = currencyAmountError(field, amount, currency);
    return error === undefined ? [] : [error];
  });
