import { occurrenceDate, occurrenceRunAt } from "./cadence.js";
import { type CalendarDate, compareDates, parseCalendarDate } from "./calendar-date.js";
import type { RecurringSchedule } from "./model.js";

/** A stored `YYYY-MM-DD` (checked when the schedule was made). */
export const storedDate = (text: string): CalendarDate => {
  const d = parseCalendarDate(text);
  if (d === undefined) throw new Error(`stored schedule date is not a date: ${text}`);
  return d;
};

/**
 * True when occurrence `n` may still be generated: fewer invoices than `totalOccurrences` so far (occurrences
 * skipped while paused do not count) and its date on or before the end date.
 */
export const isWithinSchedule = (s: RecurringSchedule, n: number): boolean =>
  (s.totalOccurrences === null || s.occurrencesGenerated < s.totalOccurrences) &&
  (s.endDate === null ||
    compareDates(occurrenceDate(storedDate(s.startDate), s.cadence, n), storedDate(s.endDate)) <= 0);

/** The schedule pointed at occurrence `n`: due then, or Completed when `n` lies past its end. */
export const pointAt = (s: RecurringSchedule, n: number, now: Date): RecurringSchedule =>
  isWithinSchedule(s, n)
    ? {
        ...s,
        nextOccurrence: n,
        nextRunAt: occurrenceRunAt(storedDate(s.startDate), s.cadence, n, s.timeZone),
        updatedAt: now,
      }
    : { ...s, nextOccurrence: n, nextRunAt: null, status: "Completed", updatedAt: now };

/** The schedule after its occurrence `nextOccurrence` was generated at `now`. */
export const advanceAfterGeneration = (s: RecurringSchedule, now: Date): RecurringSchedule =>
  pointAt({ ...s, occurrencesGenerated: s.occurrencesGenerated + 1, lastGeneratedAt: now }, s.nextOccurrence + 1, now);
