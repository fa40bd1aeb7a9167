import type * as t from "io-ts";
import type { StoredEvent } from "../events/envelope.js";
import type { FieldChangeView, HistoryEntryView } from "./history-view.js";

/** One change of a field between two snapshots of a bill. */
export type FieldChange = t.TypeOf<typeof FieldChangeView>;

/** One entry of a bill's audit trail. */
export type HistoryEntry = t.TypeOf<typeof HistoryEntryView>;

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
