import { addDays, addMonths, type CalendarDate, compareDates } from "./calendar-date.js";
import { zonedInstant } from "./zoned-time.js";

/** How often a schedule recurs. */
export const CADENCES = ["Weekly", "Monthly", "Quarterly", "Annually"] as const;
export type Cadence = (typeof CADENCES)[number];

const MONTHS: Record<Exclude<Cadence, "Weekly">, number> = { Monthly: 1, Quarterly: 3, Annually: 12 };

/**
 * The date of occurrence `n` (1-based). Every occurrence is counted from the start date, not from the one
 * before, so the anchor day is kept: Jan 31 -> Feb 28 (29 in leap years) -> Mar 31 -> Apr 30.
 */
export const occurrenceDate = (start: CalendarDate, cadence: Cadence, n: number): CalendarDate => {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`occurrence numbers start at 1, got ${n}`);
  return cadence === "Weekly" ? addDays(start, 7 * (n - 1)) : addMonths(start, MONTHS[cadence] * (n - 1));
};

/** When a schedule stops: after a number of occurrences, after an end date (inclusive), or never. */
export interface ScheduleEnd {
  readonly totalOccurrences: number | null;
  readonly endDate: CalendarDate | null;
}

/** True when occurrence `n` is still inside the schedule's end. */
export const withinEnd = (start: CalendarDate, cadence: Cadence, n: number, end: ScheduleEnd): boolean =>
  (end.totalOccurrences === null || n <= end.totalOccurrences) &&
  (end.endDate === null || compareDates(occurrenceDate(start, cadence, n), end.endDate) <= 0);

/** The hour of the organisation's day at which an occurrence is generated (the start of its day). */
export const RUN_HOUR = 0;

/** The instant occurrence `n` is due: the start of its date in the organisation's time zone. */
export const occurrenceRunAt = (start: CalendarDate, cadence: Cadence, n: number, timeZone: string): Date =>
  zonedInstant(occurrenceDate(start, cadence, n), RUN_HOUR, timeZone);

/** The first occurrence number from `from` on whose date is `today` or later (resume skips what passed while paused). */
export const firstOccurrenceFrom = (
  start: CalendarDate,
  cadence: Cadence,
  from: number,
  today: CalendarDate,
): number => {
  let n = from;
  while (compareDates(occurrenceDate(start, cadence, n), today) < 0) n += 1;
  return n;
};
