import { Decimal } from "decimal.js";

/**
 * A DECIMAL column read back as a decimal string. mysql2 answers strings padded to the column scale
 * ("10.5000"), sqlite3 answers numbers (10.5): both decode to the same string. With `scale`, the answer
 * has exactly that many fraction digits ("10.5000"); without, trailing zeros are dropped ("10.5").
 * SQLite keeps DECIMAL with numeric affinity (a double), so values beyond 15 significant digits are not
 * exact there.
 */
export const decodeDecimal = (value: unknown, scale?: number): string => {
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "bigint") {
    throw new TypeError(`not a decimal column value: ${String(value)}`);
  }
  const decimal = new Decimal(typeof value === "bigint" ? value.toString() : value);
  if (!decimal.isFinite()) throw new TypeError(`not a finite decimal: ${String(value)}`);
  const text = scale === undefined ? decimal.toFixed() : decimal.toFixed(scale);
  return text === "-0" || /^-0\.0+$/.test(text) ? text.slice(1) : text;
};

/** A nullable DECIMAL column as a decimal string or null. */
export const decodeOptionalDecimal = (value: unknown, scale?: number): string | null =>
  value === null || value === undefined ? null : decodeDecimal(value, scale);
