import { Decimal } from "decimal.js";
import * as E from "fp-ts/lib/Either.js";
import type * as t from "io-ts";
import { type Check, codec } from "./codecs/failure.js";
import { withSchema } from "./codecs/json-schema.js";
import { type Currency, isCurrency, minorUnits } from "./currencies.js";
import { charCodeAt, indexOf, slice } from "./string-methods.js";

/**
 * Amounts are decimal strings (`"1234.50"`); arithmetic goes through decimal.js, never through JS numbers.
 * Functions take any valid decimal string and answer the canonical form: no exponent, no trailing zeros,
 * no `-0` (`"10.5000"` -> `"10.5"`). `formatAmount` writes an amount with its currency's scale for output.
 */

// Our own Decimal constructor: embedders' global decimal.js settings cannot change our results.
// 60 significant digits hold any product of two amounts in range exactly.
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -100, toExpPos: 100 });
type D = InstanceType<typeof D>;

/** Most integer digits an amount may have (DECIMAL(30, 10) holds any amount we accept). */
export const MAX_INTEGER_DIGITS = 20;
/** Most fraction digits an amount may have. */
export const MAX_FRACTION_DIGITS = 10;

// Plain decimal notation only: optional minus, digits, optional fraction. No `+`, exponent, spaces or `.5`.
const DECIMAL = new RegExp(`^-?\\d{1,${MAX_INTEGER_DIGITS}}(\\.\\d{1,${MAX_FRACTION_DIGITS}})?$`);

/** The pattern of a decimal amount on the wire, for schemas: `^-?\d{1,20}(\.\d{1,10})?$`. */
export const AMOUNT_PATTERN = DECIMAL.source;

/** How to round to a currency's minor unit. `HalfUp` (ties away from zero) is the commercial default. */
export type RoundingMode = "HalfUp" | "HalfEven" | "Down" | "Up";

const MODES: Record<RoundingMode, Decimal.Rounding> = {
  HalfUp: Decimal.ROUND_HALF_UP,
  HalfEven: Decimal.ROUND_HALF_EVEN,
  Down: Decimal.ROUND_DOWN,
  Up: Decimal.ROUND_UP,
};

/** True when `u` is a decimal string in plain notation within apar's range (`"12"`, `"-0.5"`, `"10.5000"`). */
export const isDecimalString = (u: unknown): u is string => typeof u === "string" && DECIMAL.test(u);

const canonical = (d: D): string => (d.isZero() ? "0" : d.toFixed());

/** Zeros to pad a fraction with (no currency has more than four minor digits). */
const ZEROS = "0000000000";

/**
 * The canonical form of a plain decimal string, by its text alone (what `canonical(new D(text))` answers: at most
 * 30 significant digits are exact at 60): no leading zeros before the point, no trailing zeros after it, no `-0`.
 */
const canonicalText = (amount: string): string => {
  const negative = charCodeAt.call(amount, 0) === 45; // "-"
  const point = indexOf.call(amount, ".");
  let start = negative ? 1 : 0;
  const wholeEnd = point < 0 ? amount.length : point;
  while (start < wholeEnd - 1 && charCodeAt.call(amount, start) === 48) start++; // leading "0"s, one digit kept
  let end = amount.length;
  if (point >= 0) {
    while (end > point + 1 && charCodeAt.call(amount, end - 1) === 48) end--; // trailing "0"s of the fraction
    if (end === point + 1) end = point;
  }
  const digits = slice.call(amount, start, end);
  if (digits === "0") return "0";
  return negative ? `-${digits}` : digits;
};

const decimal = (amount: string): D => {
  // A malformed amount reaching arithmetic is a defect: inputs are decoded at the edge.
  if (!isDecimalString(amount)) throw new TypeError(`Not a decimal amount: ${JSON.stringify(amount)}`);
  return new D(amount);
};

/** Parses a decimal string into canonical form, or says why it is not one. */
export const parseAmount = (input: unknown): E.Either<string, string> => {
  if (typeof input !== "string") return E.left('must be a decimal amount written as a string, such as "12.50"');
  if (!isDecimalString(input)) {
    return E.left(
      `must be a decimal amount such as "12.50" (plain digits, at most ${MAX_INTEGER_DIGITS} before and ${MAX_FRACTION_DIGITS} after the point)`,
    );
  }
  return E.right(canonicalText(input));
};

/** The canonical form of a decimal string (`"10.5000"` -> `"10.5"`, `"-0"` -> `"0"`). */
export const normalizeAmount = (amount: string): string => {
  // A malformed amount here is a defect: inputs are decoded at the edge.
  if (!isDecimalString(amount)) throw new TypeError(`Not a decimal amount: ${JSON.stringify(amount)}`);
  return canonicalText(amount);
};

/** The canonical form of `u` when it is a decimal string in apar's range, else undefined (one pattern test). */
export const canonicalAmountOf = (u: unknown): string | undefined =>
  isDecimalString(u) ? canonicalText(u) : undefined;

/** a + b. With a zero (a bill's credit and payments, most often), by the other's text alone: no arithmetic. */
export const addAmounts = (a: string, b: string): string =>
  a === "0" ? normalizeAmount(b) : b === "0" ? normalizeAmount(a) : canonical(decimal(a).plus(decimal(b)));

/** a - b. */
export const subtractAmounts = (a: string, b: string): string => canonical(decimal(a).minus(decimal(b)));

/** The sum of a list of amounts (`"0"` for none). */
export const sumAmounts = (amounts: readonly string[]): string =>
  canonical(amounts.reduce((sum, a) => sum.plus(decimal(a)), new D(0)));

/** amount x factor, exact (round afterwards with `roundAmount`). `factor` is a decimal string too (`"0.2"`). */
export const multiplyAmount = (amount: string, factor: string): string =>
  canonical(decimal(amount).times(decimal(factor)));

/** amount / divisor rounded to the currency's minor unit. Throws on a zero divisor (a defect). */
export const divideAmount = (
  amount: string,
  divisor: string,
  currency: Currency,
  mode: RoundingMode = "HalfUp",
): string => {
  const d = decimal(divisor);
  if (d.isZero()) throw new RangeError("Division of an amount by zero");
  return canonical(decimal(amount).div(d).toDecimalPlaces(minorUnits(currency), MODES[mode]));
};

/** -amount. */
export const negateAmount = (amount: string): string => canonical(decimal(amount).negated());

/** |amount|. */
export const absAmount = (amount: string): string => canonical(decimal(amount).abs());

/** -1, 0 or 1 as a is less than, equal to or greater than b (`"10.50"` equals `"10.5"`). */
export const compareAmounts = (a: string, b: string): -1 | 0 | 1 => decimal(a).comparedTo(decimal(b)) as -1 | 0 | 1;

/** True when a and b are the same amount, whatever their trailing zeros. */
export const amountsEqual = (a: string, b: string): boolean => compareAmounts(a, b) === 0;

/** True when the amount is zero. */
export const isZeroAmount = (amount: string): boolean => decimal(amount).isZero();

/** True when the amount is below zero. */
export const isNegativeAmount = (amount: string): boolean => decimal(amount).isNegative() && !isZeroAmount(amount);

/** True when the amount is above zero. */
export const isPositiveAmount = (amount: string): boolean => decimal(amount).isPositive() && !isZeroAmount(amount);

/** The smaller of two amounts. */
export const minAmount = (a: string, b: string): string =>
  compareAmounts(a, b) <= 0 ? normalizeAmount(a) : normalizeAmount(b);

/** The larger of two amounts. */
export const maxAmount = (a: string, b: string): string =>
  compareAmounts(a, b) >= 0 ? normalizeAmount(a) : normalizeAmount(b);

/** Rounds an amount to the currency's minor unit (JPY to whole yen, EUR to cents, BHD to fils). */
export const roundAmount = (amount: string, currency: Currency, mode: RoundingMode = "HalfUp"): string =>
  canonical(decimal(amount).toDecimalPlaces(minorUnits(currency), MODES[mode]));

/** True when the amount has no more decimals than the currency's minor unit allows (`"1.005"` is not EUR). */
export const fitsCurrency = (amount: string, currency: Currency): boolean =>
  decimal(amount).decimalPlaces() <= minorUnits(currency);

/** The amount written with exactly the currency's scale, rounded if needed: `"10.5"` EUR -> `"10.50"`, JPY -> `"11"`. */
export const formatAmount = (amount: string, currency: Currency, mode: RoundingMode = "HalfUp"): string => {
  const rounded = decimal(amount).toDecimalPlaces(minorUnits(currency), MODES[mode]);
  return rounded.isZero() ? new D(0).toFixed(minorUnits(currency)) : rounded.toFixed(minorUnits(currency));
};

/**
 * The one wire form of an amount (bodies and events): at least its currency's minor digits, never rounded
 * (`"10"` EUR -> `"10.00"`, `"0"` -> `"0.00"`, a unit price `"0.125"` EUR stays). Without a known currency (a bill
 * not read yet) the amount is written as stored. Null stays null.
 */
export const wireAmount = <A extends string | null>(amount: A, currency: string | null): A => {
  if (amount === null || currency === null || !isCurrency(currency) || !isDecimalString(amount)) return amount;
  const digits = minorUnits(currency);
  const text = canonicalText(amount);
  const point = indexOf.call(text, ".");
  const fraction = point < 0 ? 0 : text.length - point - 1;
  if (fraction >= digits) return text as A;
  const zeros = slice.call(ZEROS, 0, digits - fraction);
  return (point < 0 ? `${text}.${zeros}` : `${text}${zeros}`) as A;
};

/** The amount as an integer count of minor units (`"10.50"` EUR -> 1050n), for gateways; must fit the currency. */
export const toMinorUnits = (amount: string, currency: Currency): bigint => {
  if (!fitsCurrency(amount, currency)) throw new RangeError(`${amount} has more decimals than ${currency} allows`);
  return BigInt(
    decimal(amount)
      .times(new D(10).pow(minorUnits(currency)))
      .toFixed(0),
  );
};

/** An integer count of minor units as an amount (1050n EUR -> `"10.5"`). */
export const fromMinorUnits = (units: bigint, currency: Currency): string =>
  canonical(new D(units.toString()).div(new D(10).pow(minorUnits(currency))));

/**
 * Splits `total` in proportion to `weights` (decimal strings, not all zero, none negative) into amounts of the
 * currency's minor unit that add up to exactly `total`. Leftover minor units go one each to the largest
 * remainders (ties to the earliest share), so `allocateAmount("100", ["1","1","1"], "EUR")` is 33.34, 33.33, 33.33.
 */
export const allocateAmount = (total: string, weights: readonly string[], currency: Currency): string[] => {
  const ws = weights.map(decimal);
  if (ws.length === 0) throw new RangeError("Allocation needs at least one weight");
  if (ws.some((w) => w.isNegative() && !w.isZero())) throw new RangeError("Allocation weights must not be negative");
  const weightSum = ws.reduce((s, w) => s.plus(w), new D(0));
  if (weightSum.isZero()) throw new RangeError("Allocation weights must not all be zero");
  // Work in integer minor units, on the absolute value, so the sign cannot skew who gets the remainder.
  const scale = new D(10).pow(minorUnits(currency));
  const totalUnits = decimal(roundAmount(total, currency)).times(scale);
  const sign = totalUnits.isNegative() ? -1 : 1;
  const units = totalUnits.abs();
  const exact = ws.map((w) => units.times(w).div(weightSum));
  const floors = exact.map((e) => e.floor());
  let left = units.minus(floors.reduce((s, f) => s.plus(f), new D(0))).toNumber();
  const order = exact
    .map((e, i) => ({ i, rest: e.minus(floors[i] as D) }))
    .sort((a, b) => b.rest.comparedTo(a.rest) || a.i - b.i);
  const shares = [...floors];
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] as D).plus(1);
    left -= 1;
  }
  return shares.map((s) => canonical(s.times(sign).div(scale)));
};

/** Splits `total` into `parts` near-equal amounts of the currency's minor unit that add up to `total`. */
export const splitAmount = (total: string, parts: number, currency: Currency): string[] => {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError("An amount splits into at least one part");
  return allocateAmount(
    total,
    Array.from({ length: parts }, () => "1"),
    currency,
  );
};

const amountFailure = { code: "amount" } as const;

const checkAmount = (u: unknown): Check<string> => {
  const parsed = parseAmount(u);
  return E.isRight(parsed) ? { ok: parsed.right } : { ...amountFailure, message: parsed.left };
};

/**
 * A decimal amount on the wire: a string in plain notation (`"1234.50"`), decoded to canonical form
 * (`"1234.5"`). Numbers are refused: a JSON number may already have lost digits.
 */
export const MoneyAmount: t.Type<string, string, unknown> = withSchema(
  codec("MoneyAmount", isDecimalString, (u) => checkAmount(u)),
  { type: "string", pattern: AMOUNT_PATTERN, description: "Decimal amount written as a string." },
);

/**
 * A DECIMAL column as a driver returns it: mysql2 gives the string `"10.5000"`, sqlite the number `10.5`;
 * both decode to the same canonical amount (`"10.5"`).
 */
export const decimalFromDb: t.Type<string, string, unknown> = codec("DecimalFromDb", isDecimalString, (u) => {
  if (typeof u === "number") {
    if (!Number.isFinite(u)) return { ...amountFailure, message: "must be a finite number" };
    // A double's shortest round-trip text (what `String` gives) is the value the database meant.
    const text = new D(u).toFixed();
    return isDecimalString(text) ? { ok: canonical(new D(text)) } : { ...amountFailure, message: "is out of range" };
  }
  return checkAmount(u);
});
