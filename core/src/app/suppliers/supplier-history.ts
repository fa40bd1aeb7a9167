import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type * as t from "io-ts";
import type { DomainError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import type { SupplierHistoryEntryView } from "../../suppliers/views.js";
import type { CoreDeps } from "../deps.js";
import { supplierNotFound } from "./supplier-use-cases.js";

/** One entry of a supplier's audit trail: an event, who caused it, when, and what it said beyond the supplier. */
export type SupplierHistoryEntry = t.TypeOf<typeof SupplierHistoryEntryView>;

/**
 * A supplier's history from its events, oldest first: changes of its bank account (with the bill that named a
 * new one) and their confirmations (the confirmer is the actor, the proposer in the details).
 */
export const getSupplierHistory =
  (deps: CoreDeps<"suppliers" | "events">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, SupplierHistoryEntry[]> =>
  async () => {
    const supplier = await deps.db.stores.suppliers.ofId(scope, id);
    if (supplier === undefined) return E.left(supplierNotFound());
    const events = await deps.db.stores.events.ofSubject(scope.clientId, "supplier", supplier.id);
    return E.right(
      events
        .filter((e) => e.envelope.organisationId === scope.organisationId)
        .map(({ envelope }) => {
          const { supplier: _supplier, ...details } = envelope.data as Record<string, unknown>;
          return {
            id: envelope.id,
            type: envelope.type,
            occurredAt: envelope.occurredAt,
            actor: envelope.actor,
            details,
          };
        }),
    );
  };
