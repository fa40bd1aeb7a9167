import type { EventEnvelope, StoredEvent } from "@apar/core";
import type { Events } from "@apar/core/ports";
import {
  decodeDate,
  decodeInt,
  decodeJson,
  decodeOptionalDate,
  decodeOptionalString,
  encodeDate,
  placeholders,
} from "../columns.js";
import type { SqlSession } from "../sql-session.js";

interface EventRow {
  readonly position: unknown;
  readonly client_id: string;
  readonly subject_type: string | null;
  readonly subject_id: string | null;
  readonly envelope: string;
  readonly dispatched_at: unknown;
}

const SELECT = "SELECT position, client_id, subject_type, subject_id, envelope, dispatched_at FROM outbox_events";
const COLUMNS_PER_ROW = 8;
/** Rows per INSERT statement (keeps bind parameters far below every driver's limit). */
const ROWS_PER_INSERT = 100;

const decode = (row: EventRow): StoredEvent => ({
  envelope: decodeJson<EventEnvelope>(row.envelope),
  clientId: row.client_id,
  subjectType: decodeOptionalString(row.subject_type),
  subjectId: decodeOptionalString(row.subject_id),
  position: decodeInt(row.position),
  dispatchedAt: decodeOptionalDate(row.dispatched_at),
});

/** The outbox in SQL (table `outbox_events`). */
export const sqlEvents = (session: SqlSession): Events => ({
  append: (events) =>
    session.write(async (tx) => {
      for (let start = 0; start < events.length; start += ROWS_PER_INSERT) {
        const chunk = events.slice(start, start + ROWS_PER_INSERT);
        const bind = chunk.flatMap((event) => [
          event.envelope.id,
          event.envelope.type,
          event.clientId,
          event.subjectType,
          event.subjectId,
          JSON.stringify(event.envelope),
          encodeDate(new Date(event.envelope.occurredAt)),
          null,
        ]);
        const rows = chunk.map((_, i) => `(${placeholders(i * COLUMNS_PER_ROW + 1, COLUMNS_PER_ROW)})`).join(", ");
        await tx.execute(
          `INSERT INTO outbox_events
             (event_id, type, client_id, subject_type, subject_id, envelope, occurred_at, dispatched_at)
           VALUES ${rows}`,
          bind,
        );
      }
    }),
  async pending(limit) {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`bad limit: ${limit}`);
    const rows = await session.select<EventRow>(
      `${SELECT} WHERE dispatched_at IS NULL ORDER BY position LIMIT ${limit}`,
    );
    return rows.map(decode);
  },
  async markDispatched(eventIds, at) {
    if (eventIds.length === 0) return;
    // Already dispatched rows keep their first time.
    await session.execute(
      `UPDATE outbox_events SET dispatched_at = $1
       WHERE dispatched_at IS NULL AND event_id IN (${placeholders(2, eventIds.length)})`,
      [encodeDate(at), ...eventIds],
    );
  },
  async oldestPendingAt() {
    const [row] = await session.select<{ oldest: unknown }>(
      "SELECT MIN(occurred_at) AS oldest FROM outbox_events WHERE dispatched_at IS NULL",
    );
    return row?.oldest === null || row?.oldest === undefined ? undefined : decodeDate(row.oldest);
  },
  async ofSubject(clientId, subjectType, subjectId) {
    const rows = await session.select<EventRow>(
      `${SELECT} WHERE client_id = $1 AND subject_type = $2 AND subject_id = $3 ORDER BY position`,
      [clientId, subjectType, subjectId],
    );
    return rows.map(decode);
  },
  async ofId(eventId) {
    const [row] = await session.select<EventRow>(`${SELECT} WHERE event_id = $1`, [eventId]);
    return row === undefined ? undefined : decode(row);
  },
  async ofIds(eventIds) {
    const unique = [...new Set(eventIds)];
    const found: StoredEvent[] = [];
    for (let start = 0; start < unique.length; start += ROWS_PER_INSERT * 5) {
      const chunk = unique.slice(start, start + ROWS_PER_INSERT * 5);
      const rows = await session.select<EventRow>(
        `${SELECT} WHERE event_id IN (${placeholders(1, chunk.length)})`,
        chunk,
      );
      for (const row of rows) found.push(decode(row));
    }
    return found;
  },
});
