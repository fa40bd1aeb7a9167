import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { Actor } from "../../events/envelope.js";
import { type InvoiceJson, invoiceJson } from "../../invoices/invoice-view.js";
import type { Invoice, ReminderOffset } from "../../invoices/model.js";
import { formatDocumentNumber } from "../../invoices/numbering.js";
import type { Stores } from "../../ports/stores.js";
import { conflict, type DomainError } from "../../shared/errors.js";
import { isPositiveAmount } from "../../shared/money.js";
import type { OrgScope } from "../../shared/scope.js";
import { EMAIL_INVOICE_JOB, type EmailInvoiceJob, type InvoiceDeps } from "./deps.js";
import { partyOf } from "./draft-lines.js";
import { invoiceEvents } from "./invoice-events.js";
import { loadInvoice, moveInvoice } from "./invoice-rules.js";

/** Who sends which invoice, with the reminder offsets chosen for it (absent: the organisation's defaults). */
export interface SendInvoiceInput {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly id: string;
  readonly reminderOffsets?: readonly ReminderOffset[] | null;
}

/**
 * Sends a draft in the caller's unit of work `s`: the next invoice number of the organisation (taken in this
 * transaction, so a rollback leaves no gap), a long random public token, the customer as it is now,
 * `invoice.sent`, and an email-invoice job when the customer has an e-mail address. A draft without lines or
 * with a zero total cannot be sent (`Invoice.Empty`), nor a reverse-charge one to a customer without a VAT
 * number (`Invoice.ReverseChargeNeedsBuyerVat`).
 */
export const sendInvoiceIn =
  (deps: InvoiceDeps<never>) =>
  async (
    s: Pick<Stores, "customers" | "documentNumbers" | "events" | "invoices" | "jobs">,
    input: SendInvoiceInput,
  ): Promise<E.Either<DomainError, Invoice>> => {
    const loaded = await loadInvoice(s, input.scope, input.id);
    if (E.isLeft(loaded)) return loaded;
    const draft = loaded.right;
    const move = moveInvoice(draft, "send");
    if (E.isLeft(move)) return move;
    if (draft.lines.length === 0 || !isPositiveAmount(draft.totalAmount)) {
      return E.left(conflict("Invoice.Empty", "An invoice needs at least one line and a total above zero to be sent."));
    }
    const customer = await s.customers.ofId(input.scope, draft.customerId);
    const party = customer === undefined ? draft.customer : partyOf(customer);
    // Reverse charge shifts the VAT to the buyer, who must be named by its VAT number (EN 16931 BR-AE-02).
    if (draft.lines.some((l) => l.taxCategory === "AE") && party.taxNumber === null) {
      return E.left(
        conflict(
          "Invoice.ReverseChargeNeedsBuyerVat",
          "A reverse-charge line needs the customer's VAT number: set the customer's taxNumber, then send.",
        ),
      );
    }
    const number = await s.documentNumbers.next(input.scope, "invoice");
    const now = deps.clock.now();
    const sent: Invoice = {
      ...draft,
      status: move.right.to,
      documentNumber: formatDocumentNumber("invoice", number),
      // A deleted customer keeps the snapshot the draft already has.
      customer: party,
      publicToken: deps.tokens.next(),
      reminderOffsets: input.reminderOffsets ?? null,
      sentAt: now,
      updatedAt: now,
    };
    await s.invoices.update(sent);
    await s.events.append(invoiceEvents(deps, sent, move.right.events, input.actor));
    if (sent.customer.email !== null) {
      const job: EmailInvoiceJob = { ...input.scope, invoiceId: sent.id };
      await s.jobs.enqueue({ type: EMAIL_INVOICE_JOB, payload: job }, now);
    }
    return E.right(sent);
  };

/** Sends a draft invoice in a unit of work of its own (see `sendInvoiceIn`) and answers its JSON. */
export const sendInvoice =
  (deps: InvoiceDeps<"customers" | "documentNumbers" | "events" | "invoices" | "jobs">) =>
  (input: SendInvoiceInput): TE.TaskEither<DomainError, InvoiceJson> =>
  async () => {
    const sent = await deps.db.run((s) => sendInvoiceIn(deps)(s, input));
    return E.map((invoice: Invoice) => invoiceJson(invoice, deps.publicBaseUrl))(sent);
  };
