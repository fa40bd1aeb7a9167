import { canonicalAmountOf } from "@apar/core";
import { Decimal } from "decimal.js";

/**
 * A DECIMAL column read back as a decimal string. mysql2 answers strings padded to the column scale
 * ("10.5000"), sqlite3 answers numbers (10.5): both decode to the same string. With `scale`, the answer
 * has exactly that many fraction digits ("10.5000"); without, trailing zeros are dropped ("10.5").
 * SQLite keeps DECIMAL with numeric affinity (a double), so values beyond 15 significant digits are not
 * exact there.
 */
export const decodeDecimal = (value: unknown, scale?: number): string => {
  // Most values are plain text already (mysql2's strings, a double's shortest text): no decimal.js for those.
  const plain = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  const canonical = canonicalAmountOf(plain);
  if (canonical !== undefined) {
    if (scale === undefined) return canonical;
    const point = canonical.indexOf(".");
    const digits = point < 0 ? 0 : canonical.length - point - 1;
    if (digits === scale) return canonical;
    if (digits < scale) return `${canonical}${point < 0 ? "." : ""}${"0".repeat(scale - digits)}`;
    // More digits than the scale: rounded below, as decimal.js rounds.
  }
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
