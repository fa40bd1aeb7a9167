import { SCSUBTAB, VALACDOS } from "./uk-modulus-table.js";

// UK sort code + account number modulus checking, as Vocalink's "Validating account numbers" specification
// describes it: the 14 digits u v w x y z (sort code) a b c d e f g h (account) are weighted by the rows the sort
// code falls in (MOD10, MOD11 or double-alternate), with the 14 numbered exceptions. Written from the
// specification; the 34 Vocalink test cases are the test.

type Method = "MOD10" | "MOD11" | "DBLAL";

interface Row {
  readonly start: number;
  readonly end: number;
  readonly method: Method;
  readonly weights: readonly number[];
  readonly exception: number;
}

const parseRows = (): Row[] =>
  VALACDOS.trim()
    .split("\n")
    .map((line) => {
      const cells = line.trim().split(/\s+/);
      return {
        start: Number(cells[0]),
        end: Number(cells[1]),
        method: cells[2] as Method,
        weights: cells.slice(3, 17).map(Number),
        exception: cells[17] === undefined ? 0 : Number(cells[17]),
      };
    });

let rowsCache: Row[] | undefined;
let substitutesCache: Map<string, string> | undefined;
const rows = (): Row[] => {
  rowsCache ??= parseRows();
  return rowsCache;
};
const substitutes = (): Map<string, string> => {
  substitutesCache ??= new Map(
    SCSUBTAB.trim()
      .split("\n")
      .map((line) => line.trim().split(/\s+/) as [string, string]),
  );
  return substitutesCache;
};

const rowsFor = (sortCode: string): Row[] => {
  const n = Number(sortCode);
  return rows().filter((r) => r.start <= n && n <= r.end);
};

// Positions in the 14 digits.
const A = 6;
const B = 7;
const C = 8;
const G = 12;
const H = 13;

const total = (digits: readonly number[], weights: readonly number[], method: Method): number =>
  digits.reduce((sum, d, i) => {
    const product = d * (weights[i] as number);
    return sum + (method === "DBLAL" ? Math.floor(product / 10) + (product % 10) : product);
  }, 0);

const passes = (digits: readonly number[], weights: readonly number[], method: Method, exception: number): boolean => {
  const sum = total(digits, weights, method) + (exception === 1 ? 27 : 0);
  if (method === "MOD10" || method === "DBLAL") return sum % 10 === 0;
  if (exception === 4) return sum % 11 === (digits[G] as number) * 10 + (digits[H] as number);
  return sum % 11 === 0;
};

const digitsOf = (sortCode: string, account: string): number[] => [...`${sortCode}${account}`].map(Number);

/** One row's check, with the exceptions that change weights, digits or the rule. */
const checkRow = (sortCode: string, account: string, row: Row): boolean => {
  let code = sortCode;
  if (row.exception === 5) code = substitutes().get(sortCode) ?? sortCode;
  if (row.exception === 8) code = "090126";
  if (row.exception === 9) code = "309634";
  const digits = digitsOf(code, account);
  let weights = row.weights;
  const zeroUtoB = () => [0, 0, 0, 0, 0, 0, 0, 0, ...row.weights.slice(8)];
  if (row.exception === 7 && digits[G] === 9) weights = zeroUtoB();
  if (row.exception === 10) {
    const ab = `${digits[A]}${digits[B]}`;
    if ((ab === "09" || ab === "99") && digits[G] === 9) weights = zeroUtoB();
  }
  if (row.exception === 2 && digits[A] !== 0) {
    weights =
      digits[G] === 9 ? [0, 0, 0, 0, 0, 0, 0, 0, 8, 7, 10, 9, 3, 1] : [0, 0, 1, 2, 5, 3, 6, 4, 8, 7, 10, 9, 3, 1];
  }
  if (row.exception === 5) {
    const sum = total(digits, weights, row.method);
    if (row.method === "MOD11") {
      const remainder = sum % 11;
      if (remainder === 1) return false;
      return remainder === 0 ? digits[G] === 0 : 11 - remainder === digits[G];
    }
    const remainder = sum % 10;
    return remainder === 0 ? digits[H] === 0 : 10 - remainder === digits[H];
  }
  if (passes(digits, weights, row.method, row.exception)) return true;
  if (row.exception === 14) {
    // h must be 0, 1 or 9; drop it and shift the account one place right, then check again
    if (![0, 1, 9].includes(digits[H] as number)) return false;
    return passes(digitsOf(code, `0${account.slice(0, 7)}`), weights, row.method, 0);
  }
  return false;
};

/** The 6-digit sort code and 8-digit account to check (6 and 7 digits padded; 9 and 10 digits as banks print them). */
export const ukCheckInputs = (
  sortCode: string,
  accountNumber: string,
): { readonly sortCode: string; readonly account: string } | undefined => {
  const code = sortCode.replace(/[-\s]/g, "");
  const account = accountNumber.replace(/[-\s]/g, "");
  if (!/^\d{6}$/.test(code) || !/^\d{6,10}$/.test(account)) return undefined;
  if (account.length <= 8) return { sortCode: code, account: account.padStart(8, "0") };
  // 9 digits (Santander): the first replaces the sort code's last digit; 10 digits (NatWest, Co-op): the last 8
  if (account.length === 9) return { sortCode: `${code.slice(0, 5)}${account[0]}`, account: account.slice(1) };
  return { sortCode: code, account: account.slice(2) };
};

/**
 * True when the sort code and account number pass Vocalink's modulus checks (or the sort code is in no row of
 * the table, which the specification says to accept), false when they fail, undefined when they are not digits
 * of a possible length.
 */
export const ukModulusValid = (sortCode: string, accountNumber: string): boolean | undefined => {
  const input = ukCheckInputs(sortCode, accountNumber);
  if (input === undefined) return undefined;
  const { account } = input;
  const code = input.sortCode;
  const found = rowsFor(code);
  const first = found[0];
  if (first === undefined) return true;
  const digits = digitsOf(code, account);
  // Exception 6: a foreign-currency account (a in 4-8 and g = h) cannot be checked
  if (first.exception === 6 && (digits[A] as number) >= 4 && (digits[A] as number) <= 8 && digits[G] === digits[H])
    return true;
  const second = found[1];
  const one = checkRow(code, account, first);
  if (second === undefined) return one;
  // Either check may pass for exceptions 2 & 9, 10 & 11, 12 & 13; otherwise both must
  if (
    (first.exception === 2 && second.exception === 9) ||
    (first.exception === 10 && second.exception === 11) ||
    (first.exception === 12 && second.exception === 13)
  )
    return one || checkRow(code, account, second);
  if (!one) return false;
  // Exception 3: when c is 6 or 9 the second (double-alternate) check is not made
  if (second.exception === 3 && (digits[C] === 6 || digits[C] === 9)) return true;
  return checkRow(code, account, second);
};
