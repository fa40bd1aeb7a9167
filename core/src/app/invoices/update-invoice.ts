import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { Actor } from "../../events/envelope.js";
import { type InvoiceJson, invoiceJson } from "../../invoices/invoice-view.js";
import type { Invoice } from "../../invoices/model.js";
import type { DomainError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import type { InvoiceDeps } from "./deps.js";
import { checkDates, customerFor, partyOf, priceLines } from "./draft-lines.js";
import type { UpdateInvoiceBody } from "./invoice-bodies.js";
import { invoiceEvents } from "./invoice-events.js";
import { loadInvoice, moveInvoice } from "./invoice-rules.js";

/** Who changes which draft, and how. */
export interface UpdateInvoiceInput {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly id: string;
  readonly body: UpdateInvoiceBody;
}

/**
 * Changes a draft (`invoice.updated`; 409 `Invoice.InvalidTransition` once sent): the members given; new
 * lines replace the old ones, and a new currency re-prices them.
 */
export const updateInvoice =
  (deps: InvoiceDeps<"customers" | "events" | "invoices" | "products">) =>
  (input: UpdateInvoiceInput): TE.TaskEither<DomainError, InvoiceJson> =>
  () =>
    deps.db.run(async (s): Promise<E.Either<DomainError, InvoiceJson>> => {
      const { scope, body } = input;
      const loaded = await loadInvoice(s, scope, input.id);
      if (E.isLeft(loaded)) return loaded;
      const draft = loaded.right;
      const move = moveInvoice(draft, "update");
      if (E.isLeft(move)) return move;
      let customer = { customerId: draft.customerId, customer: draft.customer };
      if (body.customerId !== undefined) {
        const found = await customerFor(s, scope, body.customerId);
        if (E.isLeft(found)) return found;
        customer = { customerId: found.right.id, customer: partyOf(found.right) };
      }
      const currency = body.currency ?? draft.currency;
      const lines =
        body.lineItems ??
        draft.lines.map((l) => ({
          productId: l.productId,
          description: l.description,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          discountPercent: l.discountPercent,
          taxRate: l.taxRate,
          ...(l.taxCategory === undefined
            ? {}
            : { taxCategory: l.taxCategory, taxExemptionReason: l.taxExemptionReason ?? null }),
        }));
      const priced = await priceLines(s, deps.ids, scope, lines, currency);
      if (E.isLeft(priced)) return priced;
      const issueDate = body.issueDate ?? draft.issueDate;
      const dueDate = body.dueDate ?? draft.dueDate;
      const badDates = checkDates(issueDate, dueDate);
      if (badDates !== undefined) return E.left(badDates);
      const changed: Invoice = {
        ...draft,
        ...customer,
        currency,
        issueDate,
        dueDate,
        memo: body.memo === undefined ? draft.memo : body.memo,
        // Lines not replaced keep their ids.
        ...priced.right,
        lines:
          body.lineItems === undefined
            ? priced.right.lines.map((l, i) => ({ ...l, id: draft.lines[i]?.id ?? l.id }))
            : priced.right.lines,
        status: move.right.to,
        updatedAt: deps.clock.now(),
      };
      await s.invoices.update(changed);
      await s.events.append(invoiceEvents(deps, changed, move.right.events, input.actor));
      return E.right(invoiceJson(changed, deps.publicBaseUrl));
    });
