import type { CalendarDate } from "./calendar-date.js";

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
};

/** The wall-clock fields of an instant in a time zone. */
const wallOf = (instant: number, timeZone: string) => {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
};

/** The zone's offset from UTC at `instant`, in milliseconds. */
const offsetAt = (instant: number, timeZone: string): number => {
  const w = wallOf(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
};

/** True when `timeZone` is an IANA zone this runtime knows. */
export const isTimeZone = (timeZone: string): boolean => {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
};

/** The calendar date an instant falls on in a time zone. */
export const localDateOf = (instant: Date, timeZone: string): CalendarDate => {
  const w = wallOf(instant.getTime(), timeZone);
  return { year: w.year, month: w.month, day: w.day };
};

/**
 * The instant the wall clock of `timeZone` shows `hour`:00 on `date`. A wall time skipped by a DST jump
 * answers the first instant after the gap (the same wall time shifted forward by the jump); a repeated one
 * answers its first occurrence.
 */
export const zonedInstant = (date: CalendarDate, hour: number, timeZone: string): Date => {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour);
  // The offsets in force a day either side cover both sides of any DST change near the wall time.
  const before = offsetAt(wall - 86_400_000, timeZone);
  const after = offsetAt(wall + 86_400_000, timeZone);
  const candidates = [wall - before, wall - after].sort((a, b) => a - b);
  for (const c of candidates) if (c + offsetAt(c, timeZone) === wall) return new Date(c);
  // In a gap: the wall time does not exist; shifted by the offset before the gap it lands just after it.
  return new Date(wall - before);
};
