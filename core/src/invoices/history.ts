import type * as t from "io-ts";
import type { StoredEvent } from "../events/envelope.js";
import type { InvoiceHistoryEntryView } from "./views.js";

/** One entry of an invoice's audit trail. */
export type InvoiceHistoryEntry = t.TypeOf<typeof InvoiceHistoryEntryView>;

const SKIPPED = new Set(["updatedAt", "createdAt"]);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** An invoice's history from its events (commit order), credit notes' events included as they name it. */
export const invoiceHistory = (events: readonly StoredEvent[]): InvoiceHistoryEntry[] => {
  let previous: Record<string, unknown> | undefined;
  return events.map((event) => {
    const data = event.envelope.data as { invoice?: Record<string, unknown>; creditNote?: Record<string, unknown> };
    const current = data.invoice ?? previous ?? {};
    const changes =
      previous === undefined
        ? []
        : [...new Set([...Object.keys(previous), ...Object.keys(current)])]
            .filter((k) => !SKIPPED.has(k) && !same(previous?.[k], current[k]))
            .map((field) => ({ field, from: previous?.[field] ?? null, to: current[field] ?? null }));
    previous = current;
    return {
      id: event.envelope.id,
      type: event.envelope.type,
      occurredAt: event.envelope.occurredAt,
      actor: event.envelope.actor,
      status: typeof current.status === "string" ? current.status : null,
      changes,
    };
  });
};
