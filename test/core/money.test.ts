import {
  absAmount,
  addAmounts,
  allocateAmount,
  amountsEqual,
  CURRENCIES,
  CurrencyCode,
  canonicalAmountOf,
  compareAmounts,
  decimalFromDb,
  divideAmount,
  fitsCurrency,
  formatAmount,
  fromMinorUnits,
  isDecimalString,
  isNegativeAmount,
  isPositiveAmount,
  isZeroAmount,
  MoneyAmount,
  minorUnits,
  multiplyAmount,
  negateAmount,
  normalizeAmount,
  parseAmount,
  roundAmount,
  splitAmount,
  subtractAmounts,
  sumAmounts,
  toMinorUnits,
  wireAmount,
} from "@apar/core";
import test from "ava";
import { Decimal } from "decimal.js";
import * as E from "fp-ts/lib/Either.js";

test("parseAmount accepts plain decimal strings and answers the canonical form", (t) => {
  t.deepEqual(parseAmount("10.5000"), E.right("10.5"));
  t.deepEqual(parseAmount("-0.00"), E.right("0"));
  t.deepEqual(parseAmount("0"), E.right("0"));
  t.deepEqual(parseAmount("1234.50"), E.right("1234.5"));
  t.deepEqual(parseAmount("-12"), E.right("-12"));
});

test("the canonical form is decimal.js's, for every shape of plain decimal text", (t) => {
  const canonicalByDecimal = (text: string): string => {
    const d = new Decimal(text);
    return d.isZero() ? "0" : d.toFixed();
  };
  const wholes = ["0", "00", "7", "007", "10", "100", "12345678901234567890", "00000000000000000001"];
  const fractions = ["", ".0", ".00", ".5", ".50", ".05", ".500", ".0000000001", ".1000000000", ".9999999999"];
  let checked = 0;
  for (const sign of ["", "-"])
    for (const whole of wholes)
      for (const fraction of fractions) {
        const text = `${sign}${whole}${fraction}`;
        t.is(normalizeAmount(text), canonicalByDecimal(text), text);
        t.deepEqual(parseAmount(text), E.right(canonicalByDecimal(text)), text);
        t.is(canonicalAmountOf(text), canonicalByDecimal(text), text);
        checked++;
      }
  t.is(checked, 2 * wholes.length * fractions.length);
  t.is(wireAmount<string>("007.5000", "EUR"), "7.50");
  t.is(wireAmount<string>("-0.000", "EUR"), "0.00");
  t.is(wireAmount("0.125", "EUR"), "0.125");
  t.is(wireAmount("100", "JPY"), "100");
  t.throws(() => normalizeAmount("1e5"), { instanceOf: TypeError });
});

test("wireAmount is the canonical amount padded to its currency's minor digits, for amounts of any shape", (t) => {
  // The rule written out with decimal.js: canonical form, then zeros up to the currency's digits (never cut).
  const reference = (amount: string, digits: number): string => {
    const d = new Decimal(amount);
    const canonical = d.isZero() ? "0" : d.toFixed();
    const [whole, fraction = ""] = canonical.split(".");
    return fraction.length >= digits ? canonical : `${whole}.${fraction.padEnd(digits, "0")}`;
  };
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  const digitsOf = (n: number) => Array.from({ length: n }, () => String(next(10))).join("");
  for (let i = 0; i < 2000; i++) {
    const whole = `${"0".repeat(next(3))}${digitsOf(1 + next(17))}`;
    const fraction = next(3) === 0 ? "" : `.${digitsOf(next(8))}${"0".repeat(next(3))}`;
    const plain = `${next(4) === 0 ? "-" : ""}${whole}${fraction === "." ? "" : fraction}`;
    // The same text as a slice of a longer string and as a concatenation, as rows and bodies hand them over.
    for (const amount of [plain, `[${plain}]`.slice(1, -1), `${plain.slice(0, 1)}${plain.slice(1)}`])
      for (const [currency, digits] of [
        ["JPY", 0],
        ["EUR", 2],
        ["BHD", 3],
        ["CLF", 4],
      ] as const)
        t.is(wireAmount<string>(amount, currency), reference(amount, digits), `${amount} ${currency}`);
  }
});

test("canonicalAmountOf answers undefined for anything but a decimal string in range", (t) => {
  for (const u of [10.5, "1e5", " 1", "+1", ".5", "1.", "", null, undefined, 10n, "1".repeat(21), "1.12345678901"])
    t.is(canonicalAmountOf(u), undefined, String(u));
  t.is(canonicalAmountOf("-0.000"), "0");
});

test("parseAmount rejects floats, exponents and garbage", (t) => {
  for (const bad of [
    10.5,
    "1e3",
    "1E-2",
    " 1",
    "1 ",
    "+1",
    ".5",
    "5.",
    "1,000.00",
    "",
    "NaN",
    "Infinity",
    "0x10",
    "1.2.3",
    "--1",
    null,
    undefined,
  ]) {
    t.true(E.isLeft(parseAmount(bad)), `accepted ${JSON.stringify(bad)}`);
  }
  t.true(E.isLeft(parseAmount("1".repeat(21))), "more than 20 integer digits");
  t.true(E.isLeft(parseAmount(`0.${"1".repeat(11)}`)), "more than 10 fraction digits");
});

test("arithmetic is exact where floats are not", (t) => {
  t.is(addAmounts("0.1", "0.2"), "0.3");
  t.is(subtractAmounts("0.3", "0.1"), "0.2");
  t.is(sumAmounts(["0.1", "0.1", "0.1", "0.1", "0.1", "0.1", "0.1", "0.1", "0.1", "0.1"]), "1");
  t.is(sumAmounts([]), "0");
  t.is(multiplyAmount("19.99", "3"), "59.97");
  t.is(
    multiplyAmount("99999999999999999999.9999999999", "99999999999999999999.9999999999"),
    "9999999999999999999999999999980000000000.00000000000000000001",
    "the largest product stays exact",
  );
  t.is(addAmounts("99999999999999999999", "1"), "100000000000000000000");
  // A zero on either side: the other, canonical.
  t.is(addAmounts("0", "10.50"), "10.5");
  t.is(addAmounts("-0.500", "0"), "-0.5");
  t.is(addAmounts("0", "-0.00"), "0");
  t.is(addAmounts("0", "0"), "0");
  t.is(negateAmount("5.10"), "-5.1");
  t.is(negateAmount("0"), "0");
  t.is(absAmount("-5.10"), "5.1");
});

test("comparisons ignore trailing zeros", (t) => {
  t.is(compareAmounts("10.50", "10.5"), 0);
  t.is(compareAmounts("-1", "0.001"), -1);
  t.is(compareAmounts("2", "1.999"), 1);
  t.true(amountsEqual("1.0", "1"));
  t.true(isZeroAmount("-0.000"));
  t.false(isNegativeAmount("-0.00"));
  t.true(isNegativeAmount("-0.01"));
  t.true(isPositiveAmount("0.01"));
  t.false(isPositiveAmount("0"));
});

test("arithmetic on a malformed amount is a defect and throws", (t) => {
  t.throws(() => addAmounts("1e3", "1"), { instanceOf: TypeError });
  // Beside a zero too (added without arithmetic).
  t.throws(() => addAmounts("0", "1e3"), { instanceOf: TypeError });
  t.throws(() => addAmounts("abc", "0"), { instanceOf: TypeError });
  t.throws(() => normalizeAmount("abc"), { instanceOf: TypeError });
});

test("rounding follows the currency's minor units", (t) => {
  t.is(minorUnits("JPY"), 0);
  t.is(minorUnits("EUR"), 2);
  t.is(minorUnits("BHD"), 3);
  t.is(minorUnits("CLF"), 4);
  t.is(roundAmount("2.345", "EUR"), "2.35");
  t.is(roundAmount("-2.345", "EUR"), "-2.35", "half-up rounds ties away from zero");
  t.is(roundAmount("2.345", "EUR", "HalfEven"), "2.34");
  t.is(roundAmount("2.355", "EUR", "HalfEven"), "2.36");
  t.is(roundAmount("2.349", "EUR", "Down"), "2.34");
  t.is(roundAmount("2.341", "EUR", "Up"), "2.35");
  t.is(roundAmount("1234.5", "JPY"), "1235");
  t.is(roundAmount("1.23456", "BHD"), "1.235");
  t.is(roundAmount("1.234567", "CLF"), "1.2346");
  t.true(fitsCurrency("1.23", "EUR"));
  t.false(fitsCurrency("1.005", "EUR"));
  t.true(fitsCurrency("1.005", "BHD"));
  t.false(fitsCurrency("1.5", "JPY"));
});

test("formatAmount writes exactly the currency's scale", (t) => {
  t.is(formatAmount("10.5", "EUR"), "10.50");
  t.is(formatAmount("10", "BHD"), "10.000");
  t.is(formatAmount("10.5", "JPY"), "11");
  t.is(formatAmount("-0.001", "EUR"), "0.00", "no negative zero");
  t.is(formatAmount("0.00005", "CLF"), "0.0001");
  t.is(formatAmount("1234567890123456789.99", "USD"), "1234567890123456789.99", "no exponent for large values");
});

test("divideAmount rounds to the currency and refuses zero", (t) => {
  t.is(divideAmount("10", "3", "EUR"), "3.33");
  t.is(divideAmount("10", "3", "JPY"), "3");
  t.throws(() => divideAmount("10", "0", "EUR"), { instanceOf: RangeError });
});

test("minor units convert both ways", (t) => {
  t.is(toMinorUnits("10.50", "EUR"), 1050n);
  t.is(toMinorUnits("-1", "BHD"), -1000n);
  t.is(toMinorUnits("99999999999999999999.99", "USD"), 9999999999999999999999n);
  t.throws(() => toMinorUnits("10.505", "EUR"));
  t.is(fromMinorUnits(1050n, "EUR"), "10.5");
  t.is(fromMinorUnits(1050n, "JPY"), "1050");
});

test("allocateAmount splits exactly, remainders to the largest shares", (t) => {
  t.deepEqual(allocateAmount("100", ["1", "1", "1"], "EUR"), ["33.34", "33.33", "33.33"]);
  t.deepEqual(allocateAmount("-100", ["1", "1", "1"], "EUR"), ["-33.34", "-33.33", "-33.33"]);
  t.deepEqual(allocateAmount("10", ["70", "30"], "EUR"), ["7", "3"]);
  t.deepEqual(allocateAmount("0.05", ["3", "7"], "EUR"), ["0.02", "0.03"]);
  t.deepEqual(allocateAmount("100", ["1", "0"], "JPY"), ["100", "0"]);
  t.deepEqual(splitAmount("1", 3, "JPY"), ["1", "0", "0"]);
  t.throws(() => allocateAmount("1", [], "EUR"));
  t.throws(() => allocateAmount("1", ["0", "0"], "EUR"));
  t.throws(() => allocateAmount("1", ["-1", "2"], "EUR"));
  t.throws(() => splitAmount("1", 0, "EUR"));
});

test("allocations always add up to the rounded total", (t) => {
  const totals = ["0.01", "1", "99.99", "-12345.67", "1000000.01"];
  const weightSets = [["1"], ["1", "2", "3"], ["0.3333", "0.3333", "0.3334"], ["5", "0", "5", "1", "1", "1", "1"]];
  for (const currency of ["EUR", "JPY", "BHD"] as const) {
    for (const total of totals) {
      for (const weights of weightSets) {
        const shares = allocateAmount(total, weights, currency);
        t.is(compareAmounts(sumAmounts(shares), roundAmount(total, currency)), 0, `${total} ${currency} ${weights}`);
        t.true(shares.every((s) => fitsCurrency(s, currency)));
      }
    }
  }
});

test("MoneyAmount decodes decimal strings to canonical form and refuses numbers", (t) => {
  t.deepEqual(MoneyAmount.decode("1234.50"), E.right("1234.5"));
  t.true(E.isLeft(MoneyAmount.decode(1234.5)));
  t.true(E.isLeft(MoneyAmount.decode("1e3")));
});

test("decimalFromDb gives the same value for mysql2's string and sqlite's number", (t) => {
  t.deepEqual(decimalFromDb.decode("10.5000"), E.right("10.5"));
  t.deepEqual(decimalFromDb.decode(10.5), E.right("10.5"));
  t.deepEqual(decimalFromDb.decode(10), E.right("10"));
  t.deepEqual(decimalFromDb.decode("0.0000"), E.right("0"));
  t.deepEqual(decimalFromDb.decode(-0), E.right("0"));
  t.deepEqual(decimalFromDb.decode(0.0001), E.right("0.0001"));
  t.deepEqual(decimalFromDb.decode("-1234567.8900"), E.right("-1234567.89"));
  t.true(E.isLeft(decimalFromDb.decode(Number.NaN)));
  t.true(E.isLeft(decimalFromDb.decode(Number.POSITIVE_INFINITY)));
  t.true(E.isLeft(decimalFromDb.decode(1e300)));
  t.true(E.isLeft(decimalFromDb.decode("abc")));
  t.true(E.isLeft(decimalFromDb.decode(null)));
});

test("CurrencyCode knows the ISO 4217 codes, upper case only", (t) => {
  for (const code of ["EUR", "USD", "JPY", "BHD", "CLF", "UYW", "XCG", "ZWG", "SLE", "VES", "MRU", "STN"]) {
    t.true(E.isRight(CurrencyCode.decode(code)), code);
  }
  for (const bad of ["eur", "EURO", "XXX", "XAU", "HRK", "", 978, null]) {
    t.true(E.isLeft(CurrencyCode.decode(bad)), String(bad));
  }
});

test("the currency table has the standard's exponents", (t) => {
  const zero = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF".split(" ");
  const three = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"];
  const four = ["CLF", "UYW"];
  for (const code of CURRENCIES) {
    const expected = zero.includes(code) ? 0 : three.includes(code) ? 3 : four.includes(code) ? 4 : 2;
    t.is(minorUnits(code), expected, code);
  }
  t.true(CURRENCIES.length >= 160, "all active codes, not a handful");
});

test("every currency code Node's Intl knows (but the withdrawn HRK and the unit-less XDR/XSU) is accepted", (t) => {
  const intl = Intl.supportedValuesOf("currency").filter((c) => !["HRK", "XDR", "XSU"].includes(c));
  t.deepEqual(
    intl.filter((c) => !(CURRENCIES as readonly string[]).includes(c)),
    [],
  );
});

test("isDecimalString accepts exactly plain decimals: an optional minus, 1-20 digits, then 1-10 decimals or none", (t) => {
  // The rule written out without a regular expression (the implementation uses one: AMOUNT_PATTERN).
  const isDigits = (x: string | undefined, most: number) =>
    x !== undefined && x.length > 0 && x.length <= most && [...x].every((ch) => ch >= "0" && ch <= "9");
  const plainDecimal = (text: string): boolean => {
    const [whole, fraction, ...rest] = (text.startsWith("-") ? text.slice(1) : text).split(".");
    return rest.length === 0 && isDigits(whole, 20) && (fraction === undefined || isDigits(fraction, 10));
  };
  const pattern = { test: plainDecimal };
  const pieces = [
    "",
    "-",
    "0",
    "7",
    "00",
    "12345678901234567890",
    "123456789012345678901",
    ".",
    "5",
    "0000000000",
    "12345678901",
  ];
  const odd = ["+1", " 1", "1 ", "1e5", "٣", "1,5", "0x1", "--1", "1..2", "-.5", "\n1"];
  let checked = 0;
  for (const a of pieces)
    for (const b of pieces)
      for (const c of ["", ".", ...pieces.slice(0, 4)]) {
        const text = `${a}${c}${b}`;
        t.is(isDecimalString(text), pattern.test(text), JSON.stringify(text));
        checked++;
      }
  for (const text of odd) t.is(isDecimalString(text), pattern.test(text), JSON.stringify(text));
  t.true(checked > 500);
  t.false(isDecimalString(10.5));
});
