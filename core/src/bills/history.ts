import type { Actor, StoredEvent } from "../events/envelope.js";

/** One change of a field between two snapshots of a bill. */
export interface FieldChange {
  readonly field: string;
  readonly from: unknown;
  readonly to: unknown;
}

/** One entry of a bill's audit trail. */
export interface HistoryEntry {
  readonly id: string;
  readonly type: string;
  readonly occurredAt: string;
  readonly actor: Actor;
  readonly changes: readonly FieldChange[];
  /** What the event said beyond the bill (a duplicate's `duplicateOfBillId`, `matchBasis`, `sameFile`). */
  readonly details: Readonly<Record<string, unknown>> | null;
}

// Times every change touches (they are the entry's `occurredAt`), and the reader's own confidence in what it read:
// not a field anyone set (a correction marks the fields it names sure), so never a change a person reads.
const SKIPPED = new Set(["updatedAt", "createdAt", "fieldConfidence"]);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * A bill's history from its events (commit order): each entry names its event, actor and time, and the
 * fields whose values differ from the bill in the event before (the first entry: its state).
 */
export const billHistory = (events: readonly StoredEvent[]): HistoryEntry[] => {
  let previous: Record<string, unknown> | undefined;
  return events.map((event) => {
    const { bill, ...rest } = event.envelope.data as { bill?: Record<string, unknown> };
    const current = bill ?? {};
    const changes: FieldChange[] =
      previous === undefined
        ? [{ field: "state", from: null, to: current.state ?? null }]
        : [...new Set([...Object.keys(previous), ...Object.keys(current)])]
            .filter((k) => !SKIPPED.has(k) && !same(previous?.[k], current[k]))
            .map((field) => ({ field, from: previous?.[field] ?? null, to: current[field] ?? null }));
    previous = current;
    return {
      id: event.envelope.id,
      type: event.envelope.type,
      occurredAt: event.envelope.occurredAt,
      actor: event.envelope.actor,
      changes,
      details: Object.keys(rest).length > 0 ? rest : null,
    };
  });
};
