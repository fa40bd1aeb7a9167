import { decodeDate, encodeDate } from "@apar/adapters/sql/columns";
import test from "ava";

test("decodeDate reads the stored DATETIME(3) text, ISO text with or without a zone, Dates and numbers alike", (t) => {
  const instant = new Date("2026-03-04T05:06:07.089Z");
  t.is(encodeDate(instant), "2026-03-04 05:06:07.089");
  for (const value of [
    "2026-03-04 05:06:07.089",
    "2026-03-04T05:06:07.089",
    "2026-03-04T05:06:07.089Z",
    "2026-03-04T07:06:07.089+02:00",
    instant,
    instant.getTime(),
  ])
    t.is(decodeDate(value).toISOString(), instant.toISOString(), String(value));
  // A value of the stored width that is no date still fails as one.
  t.throws(() => decodeDate("2026-13-04 05:06:07.089"), { instanceOf: TypeError });
  t.throws(() => decodeDate("not a date"), { instanceOf: TypeError });
});
