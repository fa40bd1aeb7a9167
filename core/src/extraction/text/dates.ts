// Dates in the forms bills use, to YYYY-MM-DD; month names come from the vocabulary files.
import { VOCABULARIES } from "./vocabulary/index.js";

const MONTHS: Record<string, number> = {};
for (const v of VOCABULARIES) {
  v.months.forEach((names, i) => {
    for (const n of names) MONTHS[n] ??= i + 1;
  });
}

/** The Buddhist era's years this reader takes for Thailand's (2533 to 2575, 1990 to 2032), as a pattern's source. */
export const BUDDHIST_ERA_YEAR = "25(?:3[3-9]|[4-6]\\d|7[0-5])";
const BUDDHIST = new RegExp(`^${BUDDHIST_ERA_YEAR}$`);

/**
 * A printed year as a four-digit one: two digits are this century's; Thailand's Buddhist era runs 543 years ahead
 * ("02/11/2568" is 2 November 2025), and its years of 1990 to 2032 are no misreading of this century's; so are its
 * two-digit years of 55 to 75 ("26/04/68", a Thai till's 2025), which this century reaches only after 2055; OCR
 * misreads a year's second digit ("2618", "2518" for 2018), so another year past 2100 keeps its last two digits.
 */
const fullYear = (year: string): number => {
  const printed = Number(year);
  if (year.length === 2) return printed >= 55 && printed <= 75 ? 2500 + printed - 543 : 2000 + printed;
  if (BUDDHIST.test(year)) return printed - 543;
  if (printed > 2100 && printed < 3000) return 2000 + (printed % 100);
  return printed;
};

const WORD = "\\p{L}{3,12}";
// Minutes right after a date's year (tested where the date ends, without copying the rest of the text).
const GLUED_TIME = /:\d{2}/y;
const PATTERNS: readonly [RegExp, (m: RegExpMatchArray, monthFirst: boolean) => [number, number, number] | null][] = [
  // Year first, one separator throughout: 2018-02-22, 2018/02/22, 2018.02.22, Hungary's "2008. 10. 17.", and
  // with its time glued on ("2026-03-05T11:34:25").
  [/\b(\d{4})([-/.])\s?(\d{1,2})\2\s?(\d{1,2})(?!\d)/, (m) => [fullYear(m[1] ?? ""), Number(m[3]), Number(m[4])]],
  // Chinese, Japanese and Korean: "2021年7月19日", "2021년 7월 19일".
  [
    /(?<!\d)(\d{4})\s?[年년]\s?(\d{1,2})\s?[月월]\s?(\d{1,2})(?!\d)/u,
    (m) => [Number(m[1]), Number(m[2]), Number(m[3])],
  ],
  // Japan's eras, as its forms and receipts date: Reiwa's years from 2019 ("令和 8年 4月 8日" is 2026's, its first
  // "元年"), Heisei's from 1989.
  [
    /(令和|平成)\s?(\d{1,2}|元)\s?年\s?(\d{1,2})\s?月\s?(\d{1,2})(?!\d)/u,
    (m) => [(m[1] === "令和" ? 2018 : 1988) + (m[2] === "元" ? 1 : Number(m[2])), Number(m[3]), Number(m[4])],
  ],
  // Taiwan's years of the Republic (1912 its first): "110年08月26日", "110/08/25" are 2021's. Only three digits
  // (2011 onwards): a two-digit year before 年 is another era's or a short one.
  [
    /(?<![\d/.-])(1\d{2})\s?(?:年\s?(\d{1,2})\s?月\s?(\d{1,2})|\/(\d{1,2})\/(\d{1,2}))(?![\d/])/u,
    (m) => [1911 + Number(m[1]), Number(m[2] ?? m[4]), Number(m[3] ?? m[5])],
  ],
  [
    // One separator throughout: "#19- 10/03/2018" is a number and then a date, not 19 October 2003.
    // Not part of a longer run of number groups (a phone number "05.22.95.66.66"); glued text may follow ("2018Time"),
    // and a time after a slash ("30.07.2007/13:29:17").
    /(?<!\d)(\d{1,2})\s?([./-])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?!\d|[./-](?!\d{1,2}:\d{2})\d)/,
    (m, monthFirst) => {
      const a = Number(m[1]);
      const b = Number(m[3]);
      // A two-digit year with its time glued on ("28.03.2009:51" for "28.03.20 09:51": OCR dropped the space)
      // reads as a four-digit one followed by a colon and minutes: its year is the first two digits.
      GLUED_TIME.lastIndex = (m.index ?? 0) + m[0].length;
      const year = m[4]?.length === 4 && GLUED_TIME.test(m.input ?? "") ? m[4].slice(0, 2) : (m[4] ?? "");
      const y = fullYear(year);
      // Day first unless the first part cannot be a day-month reading or the bill is American.
      const useMonthFirst = b > 12 ? true : a > 12 ? false : monthFirst;
      return useMonthFirst ? [y, a, b] : [y, b, a];
    },
  ],
  [
    // "3. Mai 2025", "1er mars 2025", "8th December 2021", "8th of December 2021", "26 de março de 2023".
    new RegExp(
      `(?<!\\d)(\\d{1,2})(?:\\.|er|st|nd|rd|th)?[\\s/-]*(?:(?:of|de)\\s+)?(${WORD})\\.?,?[\\s/-]*(?:del?\\s+)?(\\d{4})(?!\\d)`,
      "iu",
    ),
    (m) => {
      const month = MONTHS[(m[2] ?? "").toLowerCase()];
      return month ? [fullYear(m[3] ?? ""), month, Number(m[1])] : null;
    },
  ],
  // A two-digit year after a month name ("30 Dec 17 18:40", "28Dec'24"), never a time.
  [
    new RegExp(
      `(?<!\\d)(\\d{1,2})(?:st|nd|rd|th)?[\\s/-]*(${WORD})\\.?,?(?:[\\s/-]+|\\s?['’]\\s?)(\\d{2})(?![\\d:])`,
      "u",
    ),
    (m) => {
      const month = MONTHS[(m[2] ?? "").toLowerCase()];
      return month ? [fullYear(m[3] ?? ""), month, Number(m[1])] : null;
    },
  ],
  // A till's "Mar 16, 19 09:31 AM": a month name, its day, a comma and a two-digit year, then the time.
  [
    new RegExp(`(?<!\\p{L})(${WORD})\\.?\\s+(\\d{1,2}),\\s?(\\d{2})\\s+(?=\\d{1,2}:\\d{2})`, "u"),
    (m) => {
      const month = MONTHS[(m[1] ?? "").toLowerCase()];
      return month ? [fullYear(m[3] ?? ""), month, Number(m[2])] : null;
    },
  ],
  [
    new RegExp(`(?<!\\p{L})(${WORD})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?!\\d)`, "u"),
    (m) => {
      const month = MONTHS[(m[1] ?? "").toLowerCase()];
      return month ? [fullYear(m[3] ?? ""), month, Number(m[2])] : null;
    },
  ],
];

/** A date as YYYY-MM-DD from its printed parts. */
const iso = (y: string, m: string, d: string): string => `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;

// The same patterns for matchAll, compiled once.
const GLOBAL = PATTERNS.map(([re, read]) => [new RegExp(re.source, `${re.flags}g`), read] as const);

const valid = (y: number, m: number, d: number): boolean => {
  if (y < 1990 || y > 2100 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
};

/** The first date in `text` as YYYY-MM-DD with where it ended, or null. `monthFirst` reads 03/04 as March 4. */
export const findDate = (text: string, monthFirst = false): { date: string; index: number } | null => {
  let best: { date: string; index: number } | null = null;
  for (const [re, read] of GLOBAL) {
    for (const m of text.matchAll(re)) {
      if (m.index === undefined || (best !== null && m.index >= best.index)) break;
      const ymd = read(m, monthFirst);
      if (!ymd || !valid(...ymd)) continue;
      const [y, mo, d] = ymd;
      best = { date: iso(String(y), String(mo), String(d)), index: m.index };
      break;
    }
  }
  return best;
};

// A short date, two digits each ("25-02-13"), and a date with its full year, either way round.
// A time may be glued to it ("25-02-1318:56": OCR dropped the space).
const SHORT_DATE = /(?<![\d./-])(\d{2})([-./])(\d{2})\2(\d{2})(?=\d{1,2}:\d{2}|(?!\d|[./-]\d))/g;
const FULL_DATE = /(?<!\d)(?:(\d{4})([-./])(\d{1,2})\2(\d{1,2})|(\d{1,2})([-./])(\d{1,2})\6(\d{4}))(?!\d)/g;

/**
 * Short dates a page prints year first ("Datum: 25-02-13", a Swedish till's "24.08.16"), written out in full
 * ("2025-02-13"), where the page prints that day with its full year too (a card terminal's slip) and not the day
 * the short date reads day first: read day first, they were another day (13 February 2025 as 25 February 2013).
 * The page's other lines stay as they are.
 */
export const shortDatesYearFirst = (text: string): ((line: string) => string) => {
  const full = new Set<string>();
  for (const m of text.matchAll(FULL_DATE)) {
    if (m[1] !== undefined) full.add(iso(m[1], m[3] ?? "", m[4] ?? ""));
    else if (m[8] !== undefined) {
      full.add(iso(m[8], m[7] ?? "", m[5] ?? ""));
      full.add(iso(m[8], m[5] ?? "", m[7] ?? ""));
    }
  }
  const yearFirst = new Set<string>();
  for (const [short, a = "", , b = "", c = ""] of text.matchAll(SHORT_DATE)) {
    if (a !== c && full.has(iso(`20${a}`, b, c)) && !full.has(iso(`20${c}`, b, a)) && !full.has(iso(`20${c}`, a, b)))
      yearFirst.add(short);
  }
  if (yearFirst.size === 0) return (line) => line;
  return (line) =>
    line.replace(SHORT_DATE, (short, a: string, _: string, b: string, c: string, at: number) =>
      yearFirst.has(short) ? `20${a}-${b}-${c}${/\d/.test(line[at + short.length] ?? "") ? " " : ""}` : short,
    );
};

// Nepal's bills print the date in the Bikram Sambat calendar too, under its label "Miti" ("Miti: 21/03/2081", day
// first, or year first), its year 56 to 57 ahead of the Gregorian one. OCR reads the label "Mit:" as well (with its
// colon: German's "mit" before a date is no label). The label also marks a page as Nepal's (places.ts).
export const MITI_LABEL = "(?<!\\p{L})(?:[Mm]iti|MITI|Mit(?=\\s*:)|मिति)";
const BIKRAM_SAMBAT = new RegExp(
  `${MITI_LABEL}\\s*[:.]?\\s*(?:(\\d{1,2})\\s?[./-]\\s?(\\d{1,2})\\s?[./-]\\s?(20[6-9]\\d)|(20[6-9]\\d)\\s?[./-]\\s?(\\d{1,2})\\s?[./-]\\s?(\\d{1,2}))(?!\\d)`,
  "u",
);
// Its months' usual lengths in days: a given year's differ by a day or two, near enough to tell a month apart.
const SAMBAT_MONTH_DAYS = [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30];
const DAY = 86_400_000;

/** The Gregorian day (ms since 1970) near a Bikram Sambat date printed on the page, give or take three days. */
const sambatDay = (text: string): number | null => {
  const m = text.match(BIKRAM_SAMBAT);
  if (!m) return null;
  const [year, month, day] = (m[3] ? [m[3], m[2], m[1]] : [m[4], m[5], m[6]]).map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 32) return null;
  // Its year begins on the 13th or 14th of April.
  const before = SAMBAT_MONTH_DAYS.slice(0, month - 1).reduce((a, b) => a + b, 0);
  return Date.UTC(year - 57, 3, 13) + (before + day - 1) * DAY;
};

// A numeric date with a four-digit Gregorian year: "09.20.00" is a time of day, not a date.
const NUMERIC_DATE = /(?<!\d)(\d{1,2})\s?[./-]\s?(\d{1,2})\s?[./-]\s?((?:19|20)\d{2})(?!\d)/g;

/**
 * How the document orders day and month, from its unambiguous numeric dates (13/04 is day first, 04/13 month
 * first), else from the same day printed in Nepal's calendar ("Date: 07/05/2024" beside "Miti: 21/03/2081", 5 July):
 * true for month first, false for day first, null when no date on it decides. A date in that calendar is no
 * witness of the Gregorian one's order.
 */
export const dateOrder = (text: string): boolean | null => {
  let dayFirst = 0;
  let monthFirst = 0;
  const sambat = sambatDay(text);
  const ambiguous: [number, number, number][] = [];
  for (const m of text.matchAll(NUMERIC_DATE)) {
    const [a, b, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (a > 31 || b > 31 || a === 0 || b === 0) continue;
    if (sambat !== null && year >= 2060) continue;
    if (a > 12 && b <= 12) dayFirst++;
    else if (b > 12 && a <= 12) monthFirst++;
    else if (a !== b) ambiguous.push([a, b, year]);
  }
  if (dayFirst !== monthFirst) return monthFirst > dayFirst;
  if (sambat === null) return null;
  // The order whose reading falls within a fortnight of the other calendar's day, where the other's does not.
  const near = (year: number, month: number, day: number) =>
    Math.abs(Date.UTC(year, month - 1, day) - sambat) <= 14 * DAY;
  for (const [a, b, year] of ambiguous) {
    const [asMonthFirst, asDayFirst] = [near(year, a, b), near(year, b, a)];
    if (asMonthFirst !== asDayFirst) return asMonthFirst;
  }
  return null;
};

/** Every date in the text, in order. */
export const allDates = (text: string, monthFirst = false): string[] => {
  const out: string[] = [];
  let rest = text;
  for (let guard = 0; guard < 20; guard++) {
    const found = findDate(rest, monthFirst);
    if (!found) break;
    out.push(found.date);
    rest = rest.slice(found.index + 6);
  }
  return out;
};
