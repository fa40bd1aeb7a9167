import type { Actor, OutboxEvent } from "../../events/envelope.js";
import { makeEvent } from "../../events/make-event.js";
import type { InvoiceEventType } from "../../invoices/invoice-machine.js";
import { invoiceJson } from "../../invoices/invoice-view.js";
import type { Invoice } from "../../invoices/model.js";
import type { InvoiceDeps } from "./deps.js";

/** The outbox events of an invoice's move: each carries the invoice as GET answers it. */
export const invoiceEvents = (
  deps: Pick<InvoiceDeps, "ids" | "clock" | "publicBaseUrl">,
  invoice: Invoice,
  types: readonly (InvoiceEventType | "invoice.created")[],
  actor: Actor,
): OutboxEvent[] => {
  const json = invoiceJson(invoice, deps.publicBaseUrl);
  return types.map((type) =>
    makeEvent({
      ids: deps.ids,
      clock: deps.clock,
      type,
      clientId: invoice.clientId,
      organisationId: invoice.organisationId,
      actor,
      data: { invoice: json },
    }),
  );
};
