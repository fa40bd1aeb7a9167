import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { Actor } from "../../events/envelope.js";
import { type InvoiceJson, invoiceJson } from "../../invoices/invoice-view.js";
import type { Invoice } from "../../invoices/model.js";
import type { DomainError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import type { InvoiceDeps } from "./deps.js";
import { invoiceEvents } from "./invoice-events.js";
import { loadInvoice, moveInvoice } from "./invoice-rules.js";

/** Who voids which invoice, and why. */
export interface VoidInvoiceInput {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly id: string;
  readonly reason?: string | null;
}

/**
 * Voids a draft or a sent, unpaid invoice (`invoice.voided`, terminal). The record stays readable; its number
 * stays used and its public link stops working.
 */
export const voidInvoice =
  (deps: InvoiceDeps<"events" | "invoices">) =>
  (input: VoidInvoiceInput): TE.TaskEither<DomainError, InvoiceJson> =>
  () =>
    deps.db.run(async (s): Promise<E.Either<DomainError, InvoiceJson>> => {
      const loaded = await loadInvoice(s, input.scope, input.id);
      if (E.isLeft(loaded)) return loaded;
      const move = moveInvoice(loaded.right, "void");
      if (E.isLeft(move)) return move;
      const now = deps.clock.now();
      const voided: Invoice = {
        ...loaded.right,
        status: move.right.to,
        voidedAt: now,
        voidReason: input.reason ?? null,
        updatedAt: now,
      };
      await s.invoices.update(voided);
      await s.events.append(invoiceEvents(deps, voided, move.right.events, input.actor));
      return E.right(invoiceJson(voided, deps.publicBaseUrl));
    });
