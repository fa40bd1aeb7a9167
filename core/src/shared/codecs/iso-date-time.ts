import type * as t from "io-ts";
import { codec } from "./failure.js";
import { isIsoDate } from "./iso-date.js";
import { withSchema } from "./json-schema.js";

// RFC 3339: a date, `T`, a time with optional fraction, and a zone (`Z` or an offset). A zone is required:
// an instant without one means different things on different servers.
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-](\d{2}):(\d{2}))$/;

/** True when `u` is an RFC 3339 date-time with a zone that names a real instant. */
export const isIsoDateTime = (u: unknown): u is string => {
  if (typeof u !== "string") return false;
  const m = DATE_TIME.exec(u);
  if (m === null || !isIsoDate(m[1])) return false;
  const [hours, minutes, seconds] = [Number(m[2]), Number(m[3]), Number(m[4])];
  const zoneOk = m[7] === undefined || (Number(m[7]) <= 23 && Number(m[8]) <= 59);
  return hours <= 23 && minutes <= 59 && seconds <= 59 && zoneOk && !Number.isNaN(Date.parse(u));
};

const message = "must be a date-time with a zone, such as 2026-01-31T09:30:00Z";

/** An instant on the wire: an RFC 3339 date-time with a zone. Stays a string (envelopes, stored JSON). */
export const IsoDateTime: t.Type<string, string, unknown> = withSchema(
  codec("IsoDateTime", isIsoDateTime, (u) => (isIsoDateTime(u) ? { ok: u } : { code: "date_time", message })),
  { type: "string", format: "date-time" },
);

/** An instant decoded to a `Date` from an RFC 3339 string; encodes as UTC ISO 8601 (`toISOString`). */
export const DateFromIsoDateTime: t.Type<Date, string, unknown> = withSchema(
  codec(
    "DateFromIsoDateTime",
    (u): u is Date => u instanceof Date && !Number.isNaN(u.getTime()),
    (u) => (isIsoDateTime(u) ? { ok: new Date(u) } : { code: "date_time", message }),
    (d) => d.toISOString(),
  ),
  { type: "string", format: "date-time" },
);
