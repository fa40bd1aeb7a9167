import * as t from "io-ts";
import { CADENCES } from "../../recurring/cadence.js";
import { type RecurringSchedule, SCHEDULE_STATUSES } from "../../recurring/model.js";
import { nullable, oneOf } from "../../shared/codecs/combinators.js";
import { IsoDate } from "../../shared/codecs/iso-date.js";
import { IsoDateTime } from "../../shared/codecs/iso-date-time.js";
import { documented } from "../../shared/codecs/json-schema.js";
import { Integer } from "../../shared/codecs/numbers.js";
import { Uuid } from "../../shared/codecs/uuid.js";

/** A schedule as the API answers it (and as `recurring_invoice.*` events carry it). */
export const ScheduleView = t.type(
  {
    id: Uuid,
    customerId: Uuid,
    currency: documented(nullable(t.string), { pattern: "^[A-Z]{3}$" }),
    lineItems: t.readonlyArray(
      documented(t.record(t.string, t.unknown), { description: "A line item as POST /v1/invoices takes it." }),
    ),
    memo: nullable(t.string),
    dueDays: Integer,
    cadence: oneOf(CADENCES, "Cadence"),
    startDate: documented(IsoDate, { description: "The first occurrence's date." }),
    endDate: documented(nullable(IsoDate), { description: "Inclusive; null: no end date." }),
    totalOccurrences: documented(nullable(Integer), { description: "Null: until stopped." }),
    autoSend: documented(t.boolean, { description: "False: occurrences stay drafts." }),
    timeZone: t.string,
    status: oneOf(SCHEDULE_STATUSES, "ScheduleStatus"),
    occurrencesGenerated: Integer,
    nextOccurrenceNumber: nullable(Integer),
    nextRunAt: nullable(IsoDateTime),
    lastGeneratedAt: nullable(IsoDateTime),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  "RecurringInvoice",
);

export const scheduleJson = (s: RecurringSchedule): t.TypeOf<typeof ScheduleView> => ({
  id: s.id,
  customerId: s.template.customerId,
  currency: s.template.currency,
  lineItems: s.template.lines,
  memo: s.template.memo,
  dueDays: s.template.dueDays,
  cadence: s.cadence,
  startDate: s.startDate,
  endDate: s.endDate,
  totalOccurrences: s.totalOccurrences,
  autoSend: s.autoSend,
  timeZone: s.timeZone,
  status: s.status,
  occurrencesGenerated: s.occurrencesGenerated,
  nextOccurrenceNumber: s.nextRunAt === null ? null : s.nextOccurrence,
  nextRunAt: s.nextRunAt?.toISOString() ?? null,
  lastGeneratedAt: s.lastGeneratedAt?.toISOString() ?? null,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});
