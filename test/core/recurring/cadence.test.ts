import {
  addMonths,
  type Cadence,
  firstOccurrenceFrom,
  formatCalendarDate,
  localDateOf,
  occurrenceDate,
  occurrenceRunAt,
  parseCalendarDate,
  withinEnd,
  zonedInstant,
} from "@apar/core";
import test from "ava";

const d = (text: string) => {
  const date = parseCalendarDate(text);
  if (date === undefined) throw new Error(`bad date ${text}`);
  return date;
};

const dates: readonly [string, Cadence, number, string][] = [
  // Month ends clamp, and the anchor day comes back in longer months.
  ["2025-01-31", "Monthly", 2, "2025-02-28"],
  ["2025-01-31", "Monthly", 3, "2025-03-31"],
  ["2025-01-31", "Monthly", 4, "2025-04-30"],
  ["2024-01-31", "Monthly", 2, "2024-02-29"],
  ["2025-01-30", "Monthly", 2, "2025-02-28"],
  ["2025-01-30", "Monthly", 3, "2025-03-30"],
  ["2025-12-15", "Monthly", 2, "2026-01-15"],
  ["2025-03-31", "Monthly", 12, "2026-02-28"],
  ["2025-01-15", "Monthly", 1, "2025-01-15"],
  // Quarterly counts three months from the start each time.
  ["2025-11-30", "Quarterly", 2, "2026-02-28"],
  ["2025-11-30", "Quarterly", 3, "2026-05-30"],
  ["2025-08-31", "Quarterly", 2, "2025-11-30"],
  // Annually: Feb 29 falls back to Feb 28 and returns in the next leap year.
  ["2024-02-29", "Annually", 2, "2025-02-28"],
  ["2024-02-29", "Annually", 5, "2028-02-29"],
  ["2000-02-29", "Annually", 101, "2100-02-28"],
  // Weekly crosses month, year and leap days.
  ["2024-02-26", "Weekly", 2, "2024-03-04"],
  ["2025-12-29", "Weekly", 2, "2026-01-05"],
  ["2024-02-22", "Weekly", 2, "2024-02-29"],
];

for (const [start, cadence, n, expected] of dates) {
  test(`${cadence} from ${start}, occurrence ${n}: ${expected}`, (t) => {
    t.is(formatCalendarDate(occurrenceDate(d(start), cadence, n)), expected);
  });
}

test("occurrence numbers start at 1", (t) => {
  t.throws(() => occurrenceDate(d("2025-01-01"), "Monthly", 0), { instanceOf: RangeError });
});

test("addMonths goes backwards across years too", (t) => {
  t.is(formatCalendarDate(addMonths(d("2024-03-31"), -1)), "2024-02-29");
  t.is(formatCalendarDate(addMonths(d("2024-01-31"), -2)), "2023-11-30");
});

const runAts: readonly [string, string, string][] = [
  // [date, zone, instant of its 00:00]
  ["2026-01-15", "UTC", "2026-01-15T00:00:00.000Z"],
  ["2026-01-15", "Europe/Berlin", "2026-01-14T23:00:00.000Z"],
  ["2026-07-15", "Europe/Berlin", "2026-07-14T22:00:00.000Z"],
  // The days DST starts and ends in Berlin (the change is at 02:00/03:00: midnight exists once).
  ["2026-03-29", "Europe/Berlin", "2026-03-28T23:00:00.000Z"],
  ["2026-03-30", "Europe/Berlin", "2026-03-29T22:00:00.000Z"],
  ["2026-10-25", "Europe/Berlin", "2026-10-24T22:00:00.000Z"],
  ["2026-10-26", "Europe/Berlin", "2026-10-25T23:00:00.000Z"],
  ["2026-03-08", "America/New_York", "2026-03-08T05:00:00.000Z"],
  ["2026-03-09", "America/New_York", "2026-03-09T04:00:00.000Z"],
  // Santiago moves its clocks at midnight: 2026-09-06 00:00 does not exist, the day starts at 01:00 (-03).
  ["2026-09-06", "America/Santiago", "2026-09-06T04:00:00.000Z"],
  // ... and at the end of DST it turns 24:00 back to 23:00: the 5th's midnight happens once, at -04.
  ["2026-04-05", "America/Santiago", "2026-04-05T04:00:00.000Z"],
  ["2026-01-01", "Pacific/Kiritimati", "2025-12-31T10:00:00.000Z"],
  ["2026-01-01", "Asia/Kolkata", "2025-12-31T18:30:00.000Z"],
];

for (const [date, zone, instant] of runAts) {
  test(`00:00 of ${date} in ${zone} is ${instant}`, (t) => {
    t.is(zonedInstant(d(date), 0, zone).toISOString(), instant);
  });
}

test("a repeated wall time answers its first occurrence", (t) => {
  // Santiago, 2026-04-04: 23:00 happens at -03 and again at -04.
  t.is(zonedInstant(d("2026-04-04"), 23, "America/Santiago").toISOString(), "2026-04-05T02:00:00.000Z");
  // Berlin, 2026-10-25: 02:00 happens at +02 and again at +01.
  t.is(zonedInstant(d("2026-10-25"), 2, "Europe/Berlin").toISOString(), "2026-10-25T00:00:00.000Z");
});

test("a monthly schedule in Berlin keeps local midnight across the DST changes", (t) => {
  const start = d("2026-01-31");
  const got = [1, 2, 3, 4, 10, 11].map((n) => occurrenceRunAt(start, "Monthly", n, "Europe/Berlin").toISOString());
  t.deepEqual(got, [
    "2026-01-30T23:00:00.000Z",
    "2026-02-27T23:00:00.000Z",
    "2026-03-30T22:00:00.000Z",
    "2026-04-29T22:00:00.000Z",
    "2026-10-30T23:00:00.000Z",
    "2026-11-29T23:00:00.000Z",
  ]);
});

test("the local date of an instant follows the zone", (t) => {
  const instant = new Date("2026-03-01T23:30:00.000Z");
  t.is(formatCalendarDate(localDateOf(instant, "UTC")), "2026-03-01");
  t.is(formatCalendarDate(localDateOf(instant, "Europe/Berlin")), "2026-03-02");
  t.is(formatCalendarDate(localDateOf(instant, "America/Los_Angeles")), "2026-03-01");
});

test("the end: a count, an inclusive end date, or both", (t) => {
  const start = d("2026-01-31");
  t.true(withinEnd(start, "Monthly", 3, { totalOccurrences: 3, endDate: null }));
  t.false(withinEnd(start, "Monthly", 4, { totalOccurrences: 3, endDate: null }));
  t.true(withinEnd(start, "Monthly", 2, { totalOccurrences: null, endDate: d("2026-02-28") }));
  t.false(withinEnd(start, "Monthly", 3, { totalOccurrences: null, endDate: d("2026-03-30") }));
  t.true(withinEnd(start, "Monthly", 999, { totalOccurrences: null, endDate: null }));
  t.false(withinEnd(start, "Monthly", 2, { totalOccurrences: 5, endDate: d("2026-02-27") }));
});

test("resume skips the occurrences whose date passed, and keeps today's", (t) => {
  const start = d("2026-01-10");
  t.is(firstOccurrenceFrom(start, "Monthly", 2, d("2026-05-09")), 5);
  t.is(firstOccurrenceFrom(start, "Monthly", 2, d("2026-05-10")), 5);
  t.is(firstOccurrenceFrom(start, "Monthly", 2, d("2026-05-11")), 6);
  t.is(firstOccurrenceFrom(start, "Weekly", 1, d("2026-01-10")), 1);
});

test("calendar dates parse only real dates", (t) => {
  t.is(parseCalendarDate("2025-02-29"), undefined);
  t.is(parseCalendarDate("2024-02-29")?.day, 29);
  t.is(parseCalendarDate("2024-2-9"), undefined);
});
