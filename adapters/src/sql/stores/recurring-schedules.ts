import type { InvoiceTemplate, RecurringSchedule } from "@apar/core";
import { CADENCES, oneOf, SCHEDULE_STATUSES } from "@apar/core";
import type { RecurringSchedules } from "@apar/core/ports";
import {
  column,
  decodeDate,
  decodeInt,
  decodeJson,
  decodeOptionalDate,
  decodeOptionalString,
  encodeDate,
  encodeOptionalDate,
} from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { listPage, pageLimit } from "./paging.js";

// Enum columns are decoded, not cast: a value no code of ours writes is a defect named by its column.
const decodeStatus = column(oneOf(SCHEDULE_STATUSES, "ScheduleStatus"), "recurring_schedules.status");
const decodeCadence = column(oneOf(CADENCES, "Cadence"), "recurring_schedules.cadence");

interface ScheduleRow {
  readonly id: string;
  readonly client_id: string;
  readonly organisation_id: string;
  readonly template: unknown;
  readonly cadence: string;
  readonly start_date: string;
  readonly end_date: unknown;
  readonly total_occurrences: unknown;
  readonly auto_send: unknown;
  readonly time_zone: string;
  readonly status: string;
  readonly occurrences_generated: unknown;
  readonly next_occurrence: unknown;
  readonly next_run_at: unknown;
  readonly last_generated_at: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

const COLUMNS =
  "id, client_id, organisation_id, template, cadence, start_date, end_date, total_occurrences, auto_send, time_zone, status, occurrences_generated, next_occurrence, next_run_at, last_generated_at, created_at, updated_at";
const SELECT = `SELECT ${COLUMNS} FROM recurring_schedules`;

const decode = (r: ScheduleRow): RecurringSchedule => ({
  id: r.id,
  clientId: r.client_id,
  organisationId: r.organisation_id,
  template: decodeJson<InvoiceTemplate>(r.template),
  cadence: decodeCadence(r.cadence),
  startDate: r.start_date,
  endDate: decodeOptionalString(r.end_date),
  totalOccurrences:
    r.total_occurrences === null || r.total_occurrences === undefined ? null : decodeInt(r.total_occurrences),
  autoSend: r.auto_send === true || Number(r.auto_send) === 1,
  timeZone: r.time_zone,
  status: decodeStatus(r.status),
  occurrencesGenerated: decodeInt(r.occurrences_generated),
  nextOccurrence: decodeInt(r.next_occurrence),
  nextRunAt: decodeOptionalDate(r.next_run_at),
  lastGeneratedAt: decodeOptionalDate(r.last_generated_at),
  createdAt: decodeDate(r.created_at),
  updatedAt: decodeDate(r.updated_at),
});

const values = (s: RecurringSchedule): unknown[] => [
  JSON.stringify(s.template),
  s.cadence,
  s.startDate,
  s.endDate,
  s.totalOccurrences,
  s.autoSend ? 1 : 0,
  s.timeZone,
  s.status,
  s.occurrencesGenerated,
  s.nextOccurrence,
  encodeOptionalDate(s.nextRunAt),
  encodeOptionalDate(s.lastGeneratedAt),
  encodeDate(s.updatedAt),
];

/** Recurring-invoice schedules in SQL. */
export const sqlRecurringSchedules = (session: SqlSession): RecurringSchedules => ({
  async add(s) {
    await session.execute(
      `INSERT INTO recurring_schedules (template, cadence, start_date, end_date, total_occurrences, auto_send,
       time_zone, status, occurrences_generated, next_occurrence, next_run_at, last_generated_at, updated_at, id,
       client_id, organisation_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
      [...values(s), s.id, s.clientId, s.organisationId, encodeDate(s.createdAt)],
    );
  },
  async ofId(scope, id) {
    const [row] = await session.select<ScheduleRow>(
      `${SELECT} WHERE id = $1 AND client_id = $2 AND organisation_id = $3`,
      [id, scope.clientId, scope.organisationId],
    );
    return row === undefined ? undefined : decode(row);
  },
  list(scope, page) {
    return listPage(
      session,
      { select: SELECT, table: "recurring_schedules", index: "recurring_schedules_organisation", scope },
      page,
      decode,
    );
  },
  async update(s, expected) {
    const changed = await session.execute(
      `UPDATE recurring_schedules SET template = $1, cadence = $2, start_date = $3, end_date = $4,
       total_occurrences = $5, auto_send = $6, time_zone = $7, status = $8, occurrences_generated = $9,
       next_occurrence = $10, next_run_at = $11, last_generated_at = $12, updated_at = $13
       WHERE id = $14 AND client_id = $15 AND organisation_id = $16 AND next_occurrence = $17`,
      [...values(s), s.id, s.clientId, s.organisationId, expected],
    );
    return changed > 0;
  },
  async due(now, limit) {
    const rows = await session.select<ScheduleRow>(
      `${SELECT} WHERE status = 'Active' AND next_run_at <= $1 ORDER BY next_run_at, id LIMIT ${pageLimit({ limit })}`,
      [encodeDate(now)],
    );
    return rows.map(decode);
  },
});
