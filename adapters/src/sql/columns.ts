import { isoInstant, sqlInstantTime } from "@apar/core";
import type * as t from "io-ts";

/**
 * Column codecs shared by every SQL store. Instants are stored as UTC text `YYYY-MM-DD HH:MM:SS.mmm`:
 * MySQL's DATETIME(3) takes and gives that form, and on SQLite the same fixed-width text sorts like time.
 */

/** A Date as the UTC DATETIME(3) text both dialects store. */
export const encodeDate = (date: Date): string => {
  const iso = isoInstant(date);
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
};

/** A nullable Date as DATETIME(3) text. */
export const encodeOptionalDate = (date: Date | null | undefined): string | null =>
  date === null || date === undefined ? null : encodeDate(date);

/** A DATETIME column read back (text from either dialect, or a Date if a driver parsed it) as a Date. */
export const decodeDate = (value: unknown): Date => {
  if (value instanceof Date) return new Date(value.getTime());
  if (typeof value === "string") {
    // The stored form, `YYYY-MM-DD HH:MM:SS.mmm`, read without the engine's date parser.
    const time = sqlInstantTime(value);
    if (time !== undefined) return new Date(time);
    const iso = value.includes("T") ? value : `${value.replace(" ", "T")}`;
    const date = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(iso) ? iso : `${iso}Z`);
    if (!Number.isNaN(date.getTime())) return date;
  }
  if (typeof value === "number") return new Date(value);
  throw new TypeError(`not a date column value: ${String(value)}`);
};

/** A nullable DATETIME column as a Date or null. */
export const decodeOptionalDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : decodeDate(value);

/** A JSON text column read back (MariaDB may hand JSON columns over already parsed). */
export const decodeJson = <A>(value: unknown): A => (typeof value === "string" ? JSON.parse(value) : value) as A;

/** A BIGINT or INT column (mysql2 gives strings for values past 2^53) as a number. */
export const decodeInt = (value: unknown): number => {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new TypeError(`not an integer column value: ${String(value)}`);
  return n;
};

/** A boolean stored as 0/1 (SQLite's integer, MariaDB's TINYINT; a driver may hand over true). */
export const decodeBool = (value: unknown): boolean => Number(value) === 1 || value === true;

/** A nullable text column. */
export const decodeOptionalString = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** `$from, $from+1, ...` bind placeholders for an IN list of `count` values. */
export const placeholders = (from: number, count: number): string =>
  Array.from({ length: count }, (_, i) => `$${from + i}`).join(", ");

/**
 * A column's decoder from an io-ts codec: the value the codec accepts, else a defect naming the column (a row
 * no code of ours wrote, which no caller can repair). Example: `column(oneOf(BILL_STATES, "BillState"), "bills.state")`.
 */
export const column =
  <A>(codec: t.Decoder<unknown, A>, name: string) =>
  (value: unknown): A => {
    const decoded = codec.decode(value);
    if (decoded._tag === "Right") return decoded.right;
    throw new TypeError(`not a ${name} value: ${String(value)}`);
  };

/** The same for a nullable column: SQL NULL (or a missing member) is null. */
export const optionalColumn = <A>(codec: t.Decoder<unknown, A>, name: string) => {
  const decode = column(codec, name);
  return (value: unknown): A | null => (value === null || value === undefined ? null : decode(value));
};
