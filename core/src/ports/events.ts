import type { OutboxEvent, StoredEvent } from "../events/envelope.js";

/** The outbox: events are appended in the same transaction as the state change they record. */
export interface Events {
  append(events: readonly OutboxEvent[]): Promise<void>;
  /** Events not yet fanned out, oldest first. */
  pending(limit: number): Promise<readonly StoredEvent[]>;
  markDispatched(eventIds: readonly string[], at: Date): Promise<void>;
  /** When the oldest undispatched event occurred (for the outbox-lag metric). */
  oldestPendingAt(): Promise<Date | undefined>;
  /** A subject's events in commit order (the audit trail), scoped to the client. */
  ofSubject(clientId: string, subjectType: string, subjectId: string): Promise<readonly StoredEvent[]>;
  ofId(eventId: string): Promise<StoredEvent | undefined>;
  /** Several events by id, in no particular order; unknown ids are left out (the delivery worker's batch read). */
  ofIds(eventIds: readonly string[]): Promise<readonly StoredEvent[]>;
}
