import { charCodeAt } from "./string-methods.js";

/**
 * Instants to and from text without the engine's date formatter and parser: `Date.prototype.toISOString` formats
 * through a printf-style routine and `new Date(text)` runs a general parser, each several thousand instructions;
 * every row read back and every JSON answer with a time does one or more of them. Both functions here give exactly
 * what the built-ins give for the forms they take, and hand anything else to the built-ins.
 */

const MS_PER_DAY = 86_400_000;
/** 0000-01-01T00:00:00.000Z and 10000-01-01T00:00:00.000Z: the range toISOString writes with four-digit years. */
const FOUR_DIGIT_YEARS_FROM = -62_167_219_200_000;
const FOUR_DIGIT_YEARS_UNTIL = 253_402_300_800_000;
/** 400 Gregorian years: 146,097 days. */
const MS_PER_400_YEARS = 146_097 * MS_PER_DAY;

const TWO = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0"));
const THREE = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));

/**
 * `date.toISOString()`, computed from the time value: the civil date of a day count (proleptic Gregorian, as
 * ECMAScript's), then fixed-width fields. Years outside 0000-9999 and invalid dates go to the built-in (which
 * writes six-digit years, or throws RangeError).
 */
export const isoInstant = (date: Date): string => {
  const t = date.getTime();
  if (!(t >= FOUR_DIGIT_YEARS_FROM && t < FOUR_DIGIT_YEARS_UNTIL)) return date.toISOString();
  const days = Math.floor(t / MS_PER_DAY);
  let ms = t - days * MS_PER_DAY;
  // Days since 1970-01-01 to year, month, day in 400-year eras of 146,097 days, the era starting on 0000-03-01.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153); // 0 = March
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(ms / 3_600_000);
  ms -= hours * 3_600_000;
  const minutes = Math.floor(ms / 60_000);
  ms -= minutes * 60_000;
  const seconds = Math.floor(ms / 1000);
  ms -= seconds * 1000;
  return `${TWO[Math.floor(year / 100)]}${TWO[year % 100]}-${TWO[month]}-${TWO[day]}T${TWO[hours]}:${TWO[minutes]}:${TWO[seconds]}.${THREE[ms]}Z`;
};

/** The digit at `i` of `s` as a number, or -1 when it is not an ASCII digit. */
const digit = (s: string, i: number): number => {
  const c = charCodeAt.call(s, i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
};

/** The number of the `width` digits at `at`, or -1 when one of them is not a digit. */
const digits = (s: string, at: number, width: number): number => {
  let n = 0;
  for (let i = at; i < at + width; i += 1) {
    const d = digit(s, i);
    if (d < 0) return -1;
    n = n * 10 + d;
  }
  return n;
};

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The time value of UTC text in the fixed form `YYYY-MM-DD HH:MM:SS.mmm` (what DATETIME(3) columns hold), or
 * undefined when the text is not exactly that form with a real date and time in it (the caller then parses it
 * the general way). Same value as `Date.parse("YYYY-MM-DDTHH:MM:SS.mmmZ")`.
 */
export const sqlInstantTime = (text: string): number | undefined => {
  if (
    text.length !== 23 ||
    charCodeAt.call(text, 4) !== 45 || // -
    charCodeAt.call(text, 7) !== 45 ||
    charCodeAt.call(text, 10) !== 32 || // space
    charCodeAt.call(text, 13) !== 58 || // :
    charCodeAt.call(text, 16) !== 58 ||
    charCodeAt.call(text, 19) !== 46 // .
  )
    return undefined;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hours = digits(text, 11, 2);
  const minutes = digits(text, 14, 2);
  const seconds = digits(text, 17, 2);
  const ms = digits(text, 20, 3);
  if (year < 0 || month < 1 || month > 12 || day < 1 || hours < 0 || hours > 23) return undefined;
  if (minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59 || ms < 0) return undefined;
  const monthDays = month === 2 && isLeap(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (day > monthDays) return undefined;
  // Date.UTC takes years 0-99 for 1900-1999: those are computed 400 years on (a whole Gregorian cycle) and moved back.
  return year < 100
    ? Date.UTC(year + 400, month - 1, day, hours, minutes, seconds, ms) - MS_PER_400_YEARS
    : Date.UTC(year, month - 1, day, hours, minutes, seconds, ms);
};
