import type { RecurringSchedule } from "../../recurring/model.js";

/** A schedule as the API answers it (and as `recurring_invoice.*` events carry it). */
export const scheduleJson = (s: RecurringSchedule) => ({
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
