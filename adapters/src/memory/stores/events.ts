import type { EventEnvelope, StoredEvent } from "@apar/core";
import type { Events } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";

/** Positions are handed out like an auto-increment: never reused, even after a rollback. */
export interface PositionCounter {
  next(): number;
}

const byPosition = (a: StoredEvent, b: StoredEvent): number => a.position - b.position;

/** The outbox in memory. */
export const memoryEvents = (access: Access, positions: PositionCounter): Events => ({
  append: (events) =>
    access.write((t) => {
      const seen = new Set<string>();
      for (const event of events) {
        assertAbsent(t.eventIds, event.envelope.id, "event id");
        if (seen.has(event.envelope.id)) throw new Error(`duplicate event id: ${event.envelope.id}`);
        seen.add(event.envelope.id);
      }
      for (const event of events) {
        const position = positions.next();
        // Through JSON, as the SQL adapters store it.
        const envelope = JSON.parse(JSON.stringify(event.envelope)) as EventEnvelope;
        const { clientId, subjectType, subjectId } = event;
        t.events.set(position, { envelope, clientId, subjectType, subjectId, position, dispatchedAt: null });
        t.eventIds.set(envelope.id, position);
      }
    }),
  pending: async (limit) => {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`bad limit: ${limit}`);
    const pending = [...access.read().events.values()].filter((e) => e.dispatchedAt === null);
    return copy(pending.sort(byPosition).slice(0, limit));
  },
  markDispatched: (eventIds, at) =>
    access.write((t) => {
      for (const id of eventIds) {
        const position = t.eventIds.get(id);
        const event = position === undefined ? undefined : t.events.get(position);
        if (event !== undefined && event.dispatchedAt === null) {
          t.events.set(event.position, { ...event, dispatchedAt: new Date(at) });
        }
      }
    }),
  oldestPendingAt: async () => {
    let oldest: number | undefined;
    for (const event of access.read().events.values()) {
      if (event.dispatchedAt !== null) continue;
      const at = Date.parse(event.envelope.occurredAt);
      if (oldest === undefined || at < oldest) oldest = at;
    }
    return oldest === undefined ? undefined : new Date(oldest);
  },
  ofSubject: async (clientId, subjectType, subjectId) =>
    copy(
      [...access.read().events.values()]
        .filter((e) => e.clientId === clientId && e.subjectType === subjectType && e.subjectId === subjectId)
        .sort(byPosition),
    ),
  ofId: async (eventId) => {
    const tables = access.read();
    const position = tables.eventIds.get(eventId);
    return position === undefined ? undefined : copy(tables.events.get(position));
  },
  ofIds: async (eventIds) => {
    const tables = access.read();
    const found: StoredEvent[] = [];
    for (const id of new Set(eventIds)) {
      const position = tables.eventIds.get(id);
      const event = position === undefined ? undefined : tables.events.get(position);
      if (event !== undefined) found.push(copy(event));
    }
    return found;
  },
});
