import { daysInMonth } from "../shared/codecs/iso-date.js";

/** A calendar date `YYYY-MM-DD` as plain numbers (month 1-12). */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses `YYYY-MM-DD`; undefined when it is not a real date. */
export const parseCalendarDate = (text: string): CalendarDate | undefined => {
  const m = DATE.exec(text);
  if (m === null) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
};

/** `YYYY-MM-DD`. */
export const formatCalendarDate = (d: CalendarDate): string =>
  `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

/** The date `days` days after `d` (negative: before). */
export const addDays = (d: CalendarDate, days: number): CalendarDate => {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
};

/** The date `months` months after `d`, its day clamped to the target month's last day (Jan 31 + 1 = Feb 28/29). */
export const addMonths = (d: CalendarDate, months: number): CalendarDate => {
  const index = d.year * 12 + (d.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(d.day, daysInMonth(year, month)) };
};

/** Orders two dates (negative when `a` is earlier). */
export const compareDates = (a: CalendarDate, b: CalendarDate): number =>
  a.year - b.year || a.month - b.month || a.day - b.day;
