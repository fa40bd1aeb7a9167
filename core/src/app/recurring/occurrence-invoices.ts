import * as E from "fp-ts/lib/Either.js";
import { SYSTEM_ACTOR } from "../../events/envelope.js";
import { decode } from "../../shared/codecs/field-errors.js";
import { createInvoiceIn } from "../invoices/create-invoice.js";
import type { InvoiceDeps } from "../invoices/deps.js";
import { CreateInvoiceBody } from "../invoices/invoice-bodies.js";
import { sendInvoiceIn } from "../invoices/send-invoice.js";
import type { OccurrenceInvoices } from "./deps.js";

/**
 * Occurrences through the invoice use cases: `createInvoiceIn` (the draft, marked with the schedule and the
 * occurrence number), then `sendInvoiceIn` when the schedule sends (the number is taken there, in the same
 * unit of work, so a rolled-back occurrence leaves no gap).
 */
export const occurrenceInvoicesOf = (deps: InvoiceDeps<never>): OccurrenceInvoices => ({
  async generate(stores, scope, o) {
    const body = decode(
      CreateInvoiceBody,
      {
        customerId: o.template.customerId,
        lineItems: o.template.lines,
        issueDate: o.issueDate,
        dueDate: o.dueDate,
        ...(o.template.memo === null ? {} : { memo: o.template.memo }),
        ...(o.template.currency === null ? {} : { currency: o.template.currency }),
      },
      "template",
    );
    if (E.isLeft(body)) return body;
    const created = await createInvoiceIn(deps)(stores, {
      scope,
      actor: SYSTEM_ACTOR,
      body: body.right,
      recurring: { scheduleId: o.scheduleId, occurrenceNumber: o.occurrenceNumber },
    });
    if (E.isLeft(created) || !o.send) return E.map((i: { id: string }) => ({ id: i.id }))(created);
    const sent = await sendInvoiceIn(deps)(stores, { scope, actor: SYSTEM_ACTOR, id: created.right.id });
    return E.map((i: { id: string }) => ({ id: i.id }))(sent);
  },
});
