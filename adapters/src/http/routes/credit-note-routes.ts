import { CreditNoteView, decode, listEnvelope, Uuid } from "@apar/core";
import {
  CreateCreditNoteBody,
  createCreditNote,
  creditNoteEinvoice,
  creditNotePdf,
  getCreditNote,
  issueCreditNote,
  keyedDeps,
  listCreditNotes,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { queryFilter } from "../query-filter.js";
import { jsonBody, type RouteDef } from "../route.js";
import { documentFileRoutes } from "./document-file-routes.js";
import { AR_ACCESS, type InvoiceRouteDeps } from "./invoice-routes.js";
import { CREDIT_NOTE_SCHEMA } from "./invoice-schemas.js";
import {
  IDEMPOTENCY_KEY_PARAMETER,
  idOf,
  LIST_PARAMETERS,
  listSchema,
  operationKeyOf,
  orgScope,
  pageOf,
  reply,
} from "./support.js";

const TAG = "credit-notes";
const answer = { description: "The credit note.", schema: CREDIT_NOTE_SCHEMA };
const missing = { description: "`CreditNote.NotFound` (or `Invoice.NotFound`)." };
const FILTER = queryFilter({ InvoiceId: { codec: Uuid, description: "The credit notes of this invoice." } });

/** Credit notes: drafted against an invoice, issued, listed, fetched and printed. */
export const creditNoteRoutes = (deps: InvoiceRouteDeps): RouteDef[] => {
  return [
    {
      method: "POST",
      path: "/v1/invoices/{invoiceId}/credit-notes",
      operationId: "createCreditNote",
      summary: "Draft a credit note against a sent or partly paid invoice",
      tags: [TAG],
      access: AR_ACCESS,
      requestBody: jsonBody(CreateCreditNoteBody),
      responses: {
        "201": answer,
        "400": { description: "`Request.Invalid`." },
        "404": { description: "`Invoice.NotFound`." },
        "409": { description: "`CreditNote.ExceedsInvoice` or `Invoice.InvalidTransition`." },
      },
      parameters: [IDEMPOTENCY_KEY_PARAMETER],
      handler: async (ctx) => {
        const key = operationKeyOf(ctx, "POST /v1/invoices/{invoiceId}/credit-notes", 201);
        if (E.isLeft(key)) return key.left;
        const body = decode(CreateCreditNoteBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        const { scope } = orgScope(ctx);
        return reply(
          createCreditNote(keyedDeps(deps(), scope, key.right))({
            scope,
            invoiceId: idOf(ctx, "invoiceId"),
            body: body.right,
          }),
          201,
          (n) => n,
        );
      },
    },
    {
      method: "POST",
      path: "/v1/invoices/{invoiceId}/credit-notes/{creditNoteId}/issue",
      operationId: "issueCreditNote",
      summary: "Issue a draft credit note: numbered, the invoice's outstanding amount falls",
      tags: [TAG],
      access: AR_ACCESS,
      responses: {
        "200": answer,
        "404": missing,
        "409": { description: "`CreditNote.InvalidTransition` (issued already), `CreditNote.ExceedsInvoice`." },
      },
      parameters: [IDEMPOTENCY_KEY_PARAMETER],
      handler: async (ctx) => {
        const key = operationKeyOf(ctx, "POST /v1/invoices/{invoiceId}/credit-notes/{creditNoteId}/issue", 200);
        if (E.isLeft(key)) return key.left;
        const { auth, scope } = orgScope(ctx);
        return reply(
          issueCreditNote(keyedDeps(deps(), scope, key.right))({
            scope,
            actor: auth.actor,
            invoiceId: idOf(ctx, "invoiceId"),
            creditNoteId: idOf(ctx, "creditNoteId"),
          }),
          200,
          (n) => n,
        );
      },
    },
    {
      method: "GET",
      path: "/v1/credit-notes",
      operationId: "listCreditNotes",
      summary: "List the organisation's credit notes (oldest first)",
      tags: [TAG],
      access: AR_ACCESS,
      parameters: [...LIST_PARAMETERS, ...FILTER.parameters],
      responses: { "200": { description: "A page of credit notes.", schema: listSchema(CreditNoteView) } },
      handler: async (ctx) => {
        const page = pageOf(ctx);
        if (E.isLeft(page)) return page.left;
        const decoded = FILTER.decode(ctx.query);
        if (E.isLeft(decoded)) return decoded.left;
        const { InvoiceId: invoiceId } = decoded.right;
        const filter = invoiceId === undefined ? {} : { invoiceId };
        return reply(listCreditNotes(deps())(orgScope(ctx).scope, filter, page.right), 200, (p) => listEnvelope(p));
      },
    },
    {
      method: "GET",
      path: "/v1/credit-notes/{id}",
      operationId: "getCreditNote",
      summary: "Fetch a credit note",
      tags: [TAG],
      access: AR_ACCESS,
      responses: { "200": answer, "404": missing },
      handler: async (ctx) => reply(getCreditNote(deps())(orgScope(ctx).scope, idOf(ctx)), 200, (n) => n),
    },
    ...documentFileRoutes({
      path: "/v1/credit-notes/{id}",
      name: "CreditNote",
      tag: TAG,
      access: AR_ACCESS,
      pdfSummary: "The credit note as a PDF",
      einvoiceSummary:
        "The credit note as EN 16931 XML (type 381, referring to its invoice): UBL 2.1 (format=ubl, default) or CII",
      missing: missing.description,
      pdf: (scope, id) => creditNotePdf(deps())(scope, id),
      einvoice: (scope, id, format) => creditNoteEinvoice(deps())(scope, id, format),
    }),
  ];
};
