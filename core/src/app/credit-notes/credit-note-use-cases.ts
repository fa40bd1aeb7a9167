import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { Actor } from "../../events/envelope.js";
import { makeEvent } from "../../events/make-event.js";
import { CREDIT_NOTE_MACHINE } from "../../invoices/credit-note-machine.js";
import { INVOICE_MACHINE } from "../../invoices/invoice-machine.js";
import { type CreditNoteJson, creditNoteJson } from "../../invoices/invoice-view.js";
import type { CreditNote, Invoice } from "../../invoices/model.js";
import { formatDocumentNumber } from "../../invoices/numbering.js";
import { creditableOf, outstandingOf } from "../../invoices/totals.js";
import type { Stores } from "../../ports/stores.js";
import { conflict, type DomainError, notFound, validationError } from "../../shared/errors.js";
import {
  addAmounts,
  compareAmounts,
  fitsCurrency,
  formatAmount,
  maxAmount,
  subtractAmounts,
} from "../../shared/money.js";
import type { Page, PageRequest } from "../../shared/page.js";
import type { OrgScope } from "../../shared/scope.js";
import { cannotDetail, canTrigger, transition } from "../../shared/state-machine.js";
import { documentContext, type InvoiceDeps, type InvoiceDocumentDeps } from "../invoices/deps.js";
import type { CreateCreditNoteBody } from "../invoices/invoice-bodies.js";
import type { RenderedFile } from "../invoices/invoice-documents.js";
import { invoiceEvents } from "../invoices/invoice-events.js";
import { loadInvoice, moveInvoice } from "../invoices/invoice-rules.js";

/** The answer for a missing credit note (or another organisation's, or another invoice's). */
export const creditNoteNotFound = (): DomainError => notFound("CreditNote.NotFound", "The credit note does not exist.");

const tooMuch = (invoice: Invoice, amount: string): DomainError =>
  conflict(
    "CreditNote.ExceedsInvoice",
    `A credit of ${formatAmount(amount, invoice.currency)} ${invoice.currency} is more than the ${formatAmount(creditableOf(invoice), invoice.currency)} ${invoice.currency} the invoice total less earlier credits leaves.`,
  );

/** Checks a credit against an invoice: a creditable state, the currency's scale, at most total minus credits. */
const checkCredit = (invoice: Invoice, amount: string, lineId: string | null): DomainError | undefined => {
  if (!canTrigger(INVOICE_MACHINE, invoice.status, "credit")) {
    return conflict("Invoice.InvalidTransition", cannotDetail("Invoice", invoice.status, "credit"));
  }
  if (!fitsCurrency(amount, invoice.currency)) {
    return validationError([
      { field: "body.amount", code: "scale", message: `has more decimals than ${invoice.currency} allows` },
    ]);
  }
  if (lineId !== null && !invoice.lines.some((l) => l.id === lineId)) {
    return validationError([
      { field: "body.invoiceLineItemId", code: "not_found", message: "is not a line of the invoice" },
    ]);
  }
  return compareAmounts(amount, creditableOf(invoice)) > 0 ? tooMuch(invoice, amount) : undefined;
};

/** Drafts a credit note against a sent or partly paid invoice (no number, no event until issued). */
export const createCreditNote =
  (deps: InvoiceDeps<"creditNotes" | "invoices">) =>
  (input: {
    scope: OrgScope;
    invoiceId: string;
    body: CreateCreditNoteBody;
  }): TE.TaskEither<DomainError, CreditNoteJson> =>
  () =>
    deps.db.run(async (s): Promise<E.Either<DomainError, CreditNoteJson>> => {
      const loaded = await loadInvoice(s, input.scope, input.invoiceId);
      if (E.isLeft(loaded)) return loaded;
      const invoice = loaded.right;
      const lineId = input.body.invoiceLineItemId ?? null;
      const problem = checkCredit(invoice, input.body.amount, lineId);
      if (problem !== undefined) return E.left(problem);
      const now = deps.clock.now();
      const note: CreditNote = {
        id: deps.ids.next(),
        ...input.scope,
        invoiceId: invoice.id,
        status: "Draft",
        documentNumber: null,
        currency: invoice.currency,
        amount: input.body.amount,
        reason: input.body.reason ?? null,
        invoiceLineItemId: lineId,
        amountOwedBack: "0",
        issuedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await s.creditNotes.add(note);
      return E.right(creditNoteJson(note));
    });

/**
 * Issues a draft credit note: its number, the invoice's credited amount rises and its outstanding falls (to
 * Credited when nothing is left); the part beyond what was outstanding is recorded as owed back. Emits
 * `credit_note.issued` and `invoice.credited` in one unit of work.
 */
export const issueCreditNote =
  (deps: InvoiceDeps<"creditNotes" | "documentNumbers" | "events" | "invoices">) =>
  (input: {
    scope: OrgScope;
    actor: Actor;
    invoiceId: string;
    creditNoteId: string;
  }): TE.TaskEither<DomainError, CreditNoteJson> =>
  () =>
    deps.db.run(async (s): Promise<E.Either<DomainError, CreditNoteJson>> => {
      const loaded = await loadInvoice(s, input.scope, input.invoiceId);
      if (E.isLeft(loaded)) return loaded;
      const invoice = loaded.right;
      const draft = await s.creditNotes.ofId(input.scope, input.creditNoteId);
      if (draft === undefined || draft.invoiceId !== invoice.id) return E.left(creditNoteNotFound());
      const issuing = transition(CREDIT_NOTE_MACHINE, draft.status, "issue", undefined);
      if (E.isLeft(issuing)) return issuing;
      const problem = checkCredit(invoice, draft.amount, draft.invoiceLineItemId);
      if (problem !== undefined) return E.left(problem);
      const outstanding = outstandingOf(invoice);
      const owedBack = maxAmount("0", subtractAmounts(draft.amount, outstanding));
      const settles = compareAmounts(draft.amount, outstanding) >= 0;
      const move = moveInvoice(invoice, "credit", { settles });
      if (E.isLeft(move)) return move;
      const now = deps.clock.now();
      const number = await s.documentNumbers.next(input.scope, "credit-note");
      const issued: CreditNote = {
        ...draft,
        status: issuing.right.to,
        documentNumber: formatDocumentNumber("credit-note", number),
        amountOwedBack: owedBack,
        issuedAt: now,
        updatedAt: now,
      };
      const credited: Invoice = {
        ...invoice,
        status: move.right.to,
        amountCredited: addAmounts(invoice.amountCredited, draft.amount),
        updatedAt: now,
      };
      await s.creditNotes.update(issued);
      await s.invoices.update(credited);
      const json = creditNoteJson(issued);
      await s.events.append([
        ...issuing.right.events.map((type) =>
          makeEvent({
            ids: deps.ids,
            clock: deps.clock,
            type,
            clientId: issued.clientId,
            organisationId: issued.organisationId,
            actor: input.actor,
            data: { creditNote: json },
          }),
        ),
        ...invoiceEvents(deps, credited, move.right.events, input.actor),
      ]);
      return E.right(json);
    });

/** A credit note of the organisation. */
export const getCreditNote =
  (deps: InvoiceDeps<"creditNotes">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, CreditNoteJson> =>
  async () => {
    const note = await deps.db.stores.creditNotes.ofId(scope, id);
    return note === undefined ? E.left(creditNoteNotFound()) : E.right(creditNoteJson(note));
  };

/** One page of the organisation's credit notes (oldest first), optionally of one invoice. */
export const listCreditNotes =
  (deps: InvoiceDeps<"creditNotes">) =>
  (
    scope: OrgScope,
    filter: { readonly invoiceId?: string },
    page: PageRequest,
  ): TE.TaskEither<DomainError, Page<CreditNoteJson>> =>
  async () => {
    const found = await deps.db.stores.creditNotes.list(scope, filter, page);
    return E.right({ items: found.items.map(creditNoteJson), hasMore: found.hasMore });
  };

const noteWithInvoice = async (
  s: Pick<Stores, "creditNotes" | "invoices" | "organisations" | "sellerIdentities">,
  scope: OrgScope,
  id: string,
) => {
  const note = await s.creditNotes.ofId(scope, id);
  if (note === undefined) return undefined;
  const invoice = await s.invoices.ofId(scope, note.invoiceId);
  if (invoice === undefined) return undefined;
  const organisation = await s.organisations.ofId(scope.clientId, scope.organisationId);
  const seller = await s.sellerIdentities.ofOrganisation(scope);
  return { note, invoice, organisation: organisation ?? { id: scope.organisationId, name: "" }, seller };
};

/** A credit note as a PDF. */
export const creditNotePdf =
  (deps: InvoiceDocumentDeps<"creditNotes" | "invoices" | "organisations" | "sellerIdentities">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, RenderedFile> =>
  async () => {
    const found = await noteWithInvoice(deps.db.stores, scope, id);
    if (found === undefined) return E.left(creditNoteNotFound());
    const bytes = await deps.renderer.creditNotePdf(
      found.note,
      found.invoice,
      documentContext(deps, found.organisation, found.invoice, found.seller),
    );
    return E.right({
      bytes,
      mediaType: "application/pdf",
      filename: `${found.note.documentNumber ?? `draft-${found.note.id}`}.pdf`,
    });
  };

/** A credit note as EN 16931 XML (type 381, referring to its invoice): UBL 2.1 CreditNote or CII. */
export const creditNoteEinvoice =
  (deps: InvoiceDocumentDeps) =>
  (scope: OrgScope, id: string, format: "ubl" | "cii"): TE.TaskEither<DomainError, RenderedFile> =>
  async () => {
    const found = await noteWithInvoice(deps.db.stores, scope, id);
    if (found === undefined) return E.left(creditNoteNotFound());
    const context = documentContext(deps, found.organisation, found.invoice, found.seller);
    const xml = deps.einvoices.writeCreditNote(found.note, found.invoice, context, format);
    return E.right({
      bytes: new TextEncoder().encode(xml),
      mediaType: "application/xml",
      filename: `${found.note.documentNumber ?? `draft-${found.note.id}`}-${format}.xml`,
    });
  };
