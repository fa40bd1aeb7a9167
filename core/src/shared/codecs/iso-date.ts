import type * as t from "io-ts";
import { codec } from "./failure.js";
import { withSchema } from "./json-schema.js";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days in a month of the proleptic Gregorian calendar. */
export const daysInMonth = (year: number, month: number): number =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

/** True when `u` is a `YYYY-MM-DD` string naming a real calendar date (no 2025-02-30). */
export const isIsoDate = (u: unknown): u is string => {
  if (typeof u !== "string") return false;
  const m = DATE.exec(u);
  if (m === null) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
};

/** A business date (due, issue, payment): `YYYY-MM-DD`, a real date, no time and no zone. Stays a string. */
export const IsoDate: t.Type<string, string, unknown> = withSchema(
  codec("IsoDate", isIsoDate, (u) =>
    isIsoDate(u) ? { ok: u } : { code: "date", message: "must be a date written YYYY-MM-DD" },
  ),
  { type: "string", format: "date" },
);
