import { isoInstant, sqlInstantTime } from "@apar/core";
import test from "ava";

// Times across the whole four-digit range, every month end, leap days and the edges of a day, each compared with
// what the engine's own formatter and parser give.
const edges = [
  "0000-01-01T00:00:00.000Z",
  "0000-02-29T23:59:59.999Z",
  "0001-01-01T00:00:00.000Z",
  "0099-12-31T23:59:59.999Z",
  "0100-03-01T00:00:00.000Z",
  "1600-02-29T12:00:00.000Z",
  "1899-12-31T23:59:59.999Z",
  "1900-02-28T00:00:00.001Z",
  "1969-12-31T23:59:59.999Z",
  "1970-01-01T00:00:00.000Z",
  "2000-02-29T00:00:00.000Z",
  "2024-02-29T23:59:59.999Z",
  "2026-11-28T13:59:01.123Z",
  "2100-03-01T00:00:00.000Z",
  "9999-12-31T23:59:59.999Z",
].map((s) => Date.parse(s));

/** Deterministic spread of time values over years 0000-9999 (a linear congruential walk, no clock). */
const spread = (count: number): number[] => {
  const from = Date.parse("0000-01-01T00:00:00.000Z");
  const span = Date.parse("9999-12-31T23:59:59.999Z") - from;
  const out: number[] = [];
  let x = 12345;
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const y = (x * 1103515245 + 12345) % 2147483648;
    x = y;
    out.push(from + Math.floor(((x / 2147483648 + i / count) % 1) * span));
  }
  return out;
};

test("isoInstant writes what toISOString writes across years 0000-9999", (t) => {
  const times = [...edges, ...spread(20_000)];
  for (let day = 0; day < 800; day++) times.push(Date.UTC(2023, 0, 1) + day * 86_400_000 - 1);
  for (const time of times) t.is(isoInstant(new Date(time)), new Date(time).toISOString(), String(time));
});

test("isoInstant leaves six-digit years and invalid dates to the built-in", (t) => {
  for (const time of [Date.parse("+010000-01-01T00:00:00.000Z"), Date.parse("-000001-12-31T23:59:59.999Z")])
    t.is(isoInstant(new Date(time)), new Date(time).toISOString());
  t.throws(() => isoInstant(new Date(Number.NaN)), { instanceOf: RangeError });
});

test("sqlInstantTime reads the stored DATETIME(3) form as Date.parse reads it in ISO form", (t) => {
  for (const time of [...edges, ...spread(20_000)]) {
    const iso = new Date(time).toISOString();
    const stored = `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
    t.is(sqlInstantTime(stored), time, stored);
  }
});

test("sqlInstantTime answers undefined for anything but a real instant in the fixed form", (t) => {
  for (const text of [
    "",
    "2026-11-28",
    "2026-11-28T13:59:01.123", // T instead of the space
    "2026-11-28 13:59:01.123Z",
    "2026-11-28 13:59:01",
    "2026-11-28 13:59:01.12 ",
    "2026-13-01 00:00:00.000",
    "2026-00-10 00:00:00.000",
    "2026-02-29 00:00:00.000", // not a leap year
    "1900-02-29 00:00:00.000",
    "2026-04-31 00:00:00.000",
    "2026-11-00 00:00:00.000",
    "2026-11-28 24:00:00.000",
    "2026-11-28 23:60:00.000",
    "2026-11-28 23:59:60.000",
    "2026-1a-28 23:59:59.000",
    "+026-11-28 23:59:59.000",
    "2026/11/28 23:59:59.000",
  ])
    t.is(sqlInstantTime(text), undefined, text);
  t.is(sqlInstantTime("2000-02-29 00:00:00.000"), Date.parse("2000-02-29T00:00:00.000Z"));
});
