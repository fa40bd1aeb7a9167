import { createHash } from "node:crypto";
import {
  DateParam,
  type DomainError,
  decode,
  enumParam,
  INVOICE_STATUSES,
  InvoicePaymentView,
  InvoiceView,
  listEnvelope,
  Uuid,
  validationError,
} from "@apar/core";
import {
  CreateInvoiceBody,
  createInvoice,
  getInvoice,
  getInvoiceHistory,
  invoiceEinvoice,
  invoicePdf,
  listInvoicePayments,
  listInvoices,
  RecordPaymentBody,
  recordPayment,
  SendInvoiceBody,
  sendInvoice,
  UpdateInvoiceBody,
  updateInvoice,
  VoidInvoiceBody,
  voidInvoice,
} from "@apar/core/app";
import type { InvoiceFilter } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import { pipe } from "fp-ts/lib/function.js";
import { queryFilter } from "../query-filter.js";
import { jsonBody, type RouteContext, type RouteDef } from "../route.js";
import type { RouteDeps } from "./deps.js";
import { documentFileRoutes } from "./document-file-routes.js";
import { INVOICE_HISTORY_SCHEMA, INVOICE_SCHEMA, PAYMENT_SCHEMA } from "./invoice-schemas.js";
import { idOf, LIST_PARAMETERS, listSchema, orgScope, pageOf, reply, wholeList } from "./support.js";

/** What the invoice routes need. */
export type InvoiceRouteDeps = RouteDeps<
  "db" | "clock" | "ids" | "tokens" | "publicBaseUrl" | "renderer" | "einvoices"
>;

const TAG = "invoices";
/** The idempotency scope of recorded payments (keys are unique per operation and organisation). */
const PAYMENTS_OPERATION = "POST /v1/invoices/payments";

export const AR_ACCESS = { scope: "organisation", module: "ar" } as const;
const KEY = /^[\x21-\x7e]{1,255}$/;

const FILTER = queryFilter({
  Status: { codec: enumParam(INVOICE_STATUSES, "InvoiceStatus") },
  CustomerId: { codec: Uuid },
  IssueDateFrom: { codec: DateParam, description: "Inclusive." },
  IssueDateTo: { codec: DateParam, description: "Inclusive." },
});
const FILTERS = FILTER.parameters;

const listFilter = (ctx: RouteContext): E.Either<DomainError, InvoiceFilter> =>
  pipe(
    FILTER.decode(ctx.query),
    E.map((f) => ({
      ...(f.Status === undefined ? {} : { status: f.Status }),
      ...(f.CustomerId === undefined ? {} : { customerId: f.CustomerId }),
      ...(f.IssueDateFrom === undefined ? {} : { issueDateFrom: f.IssueDateFrom }),
      ...(f.IssueDateTo === undefined ? {} : { issueDateTo: f.IssueDateTo }),
    })),
  );

const answer = { description: "The invoice.", schema: INVOICE_SCHEMA };
const missing = { description: "`Invoice.NotFound`: no such invoice in the organisation." };
const conflictAnswer = { description: "`Invoice.InvalidTransition`: the invoice's status does not allow this." };

/** The invoice routes: drafts, edits, send, void, payments, PDF, e-invoice, history. */
export const invoiceRoutes = (deps: InvoiceRouteDeps): RouteDef[] => {
  return [
    {
      method: "POST",
      path: "/v1/invoices",
      operationId: "createInvoice",
      summary: "Create a draft invoice (no number until it is sent)",
      tags: [TAG],
      access: AR_ACCESS,
      requestBody: jsonBody(CreateInvoiceBody),
      responses: { "201": answer, "400": { description: "`Request.Invalid` with the field errors." } },
      handler: async (ctx) => {
        const body = decode(CreateInvoiceBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        const { auth, scope } = orgScope(ctx);
        return reply(createInvoice(deps())({ scope, actor: auth.actor, body: body.right }), 201, (i) => i);
      },
    },
    {
      method: "GET",
      path: "/v1/invoices",
      operationId: "listInvoices",
      summary: "List the organisation's invoices (oldest first), filtered",
      tags: [TAG],
      access: AR_ACCESS,
      parameters: [...LIST_PARAMETERS, ...FILTERS],
      responses: {
        "200": { description: "A page of invoices.", schema: listSchema(InvoiceView) },
        "400": { description: "`Request.Invalid`: a bad filter or cursor." },
      },
      handler: async (ctx) => {
        const page = pageOf(ctx);
        if (E.isLeft(page)) return page.left;
        const filter = listFilter(ctx);
        if (E.isLeft(filter)) return filter.left;
        return reply(listInvoices(deps())(orgScope(ctx).scope, filter.right, page.right), 200, (p) => listEnvelope(p));
      },
    },
    {
      method: "GET",
      path: "/v1/invoices/{id}",
      operationId: "getInvoice",
      summary: "Fetch an invoice",
      tags: [TAG],
      access: AR_ACCESS,
      responses: { "200": answer, "404": missing },
      handler: async (ctx) => reply(getInvoice(deps())(orgScope(ctx).scope, idOf(ctx)), 200, (i) => i),
    },
    {
      method: "PATCH",
      path: "/v1/invoices/{id}",
      operationId: "updateInvoice",
      summary: "Change a draft (the members given; lineItems replaces every line)",
      tags: [TAG],
      access: AR_ACCESS,
      requestBody: jsonBody(UpdateInvoiceBody),
      responses: { "200": answer, "400": { description: "`Request.Invalid`." }, "404": missing, "409": conflictAnswer },
      handler: async (ctx) => {
        const body = decode(UpdateInvoiceBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        const { auth, scope } = orgScope(ctx);
        return reply(
          updateInvoice(deps())({ scope, actor: auth.actor, id: idOf(ctx), body: body.right }),
          200,
          (i) => i,
        );
      },
    },
    {
      method: "POST",
      path: "/v1/invoices/{id}/send",
      operationId: "sendInvoice",
      summary: "Send a draft: number, public link, email to the customer with the PDF",
      tags: [TAG],
      access: AR_ACCESS,
      requestBody: jsonBody(SendInvoiceBody, { required: false }),
      responses: {
        "200": answer,
        "404": missing,
        "409": { description: "`Invoice.InvalidTransition` (not a draft) or `Invoice.Empty` (no lines, zero total)." },
      },
      handler: async (ctx) => {
        const body = decode(SendInvoiceBody, ctx.json ?? {});
        if (E.isLeft(body)) return body.left;
        const { auth, scope } = orgScope(ctx);
        const sent = await sendInvoice(deps())({
          scope,
          actor: auth.actor,
          id: idOf(ctx),
          ...(body.right.reminderOffsets === undefined ? {} : { reminderOffsets: body.right.reminderOffsets }),
        })();
        if (E.isLeft(sent)) return sent.left;
        return { status: 200, body: sent.right };
      },
    },
    {
      method: "POST",
      path: "/v1/invoices/{id}/void",
      operationId: "voidInvoice",
      summary: "Void a draft or an unpaid sent invoice (the record stays; its link stops working)",
      tags: [TAG],
      access: AR_ACCESS,
      requestBody: jsonBody(VoidInvoiceBody, { required: false }),
      responses: { "200": answer, "404": missing, "409": conflictAnswer },
      handler: async (ctx) => {
        const body = decode(VoidInvoiceBody, ctx.json ?? {});
        if (E.isLeft(body)) return body.left;
        const { auth, scope } = orgScope(ctx);
        return reply(
          voidInvoice(deps())({ scope, actor: auth.actor, id: idOf(ctx), reason: body.right.reason ?? null }),
          200,
          (i) => i,
        );
      },
    },
    {
      method: "GET",
      path: "/v1/invoices/{id}/payments",
      operationId: "listInvoicePayments",
      summary: "The payments recorded against an invoice",
      tags: [TAG],
      access: AR_ACCESS,
      responses: {
        "200": { description: "Every payment, oldest first.", schema: listSchema(InvoicePaymentView) },
        "404": missing,
      },
      handler: async (ctx) =>
        reply(listInvoicePayments(deps())(orgScope(ctx).scope, idOf(ctx)), 200, (data) => ({
          data,
          nextCursor: null,
          hasMore: false,
        })),
    },
    {
      method: "POST",
      path: "/v1/invoices/{id}/payments",
      operationId: "recordInvoicePayment",
      summary: "Record a manual payment: PartiallyPaid, or Paid when nothing is left",
      tags: [TAG],
      access: AR_ACCESS,
      parameters: [
        {
          name: "Idempotency-Key",
          in: "header",
          description: "Repeats with the same key and body answer the first answer (Idempotent-Replayed: true).",
          schema: { type: "string", maxLength: 255 },
        },
      ],
      requestBody: jsonBody(RecordPaymentBody),
      responses: {
        "201": { description: "The payment.", schema: PAYMENT_SCHEMA },
        "400": { description: "`Request.Invalid`." },
        "404": missing,
        "409": {
          description:
            "`Invoice.Overpayment` (more than outstanding), `Invoice.InvalidTransition`, or `Idempotency.KeyReused`.",
        },
      },
      handler: async (ctx) => {
        const header = ctx.headers["idempotency-key"];
        const key = Array.isArray(header) ? header.join(",") : header;
        if (key !== undefined && !KEY.test(key))
          return validationError([
            {
              field: "Idempotency-Key",
              code: "format",
              message: "Idempotency-Key must be 1 to 255 visible ASCII characters",
            },
          ]);
        const body = decode(RecordPaymentBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        const { auth, scope } = orgScope(ctx);
        const invoiceId = idOf(ctx);
        const requestHash = createHash("sha256")
          .update(JSON.stringify([invoiceId, body.right]))
          .digest("hex");
        const result = await recordPayment(deps())({
          scope,
          actor: auth.actor,
          invoiceId,
          body: body.right,
          ...(key === undefined
            ? {}
            : { idempotency: { key, requestHash, operation: PAYMENTS_OPERATION, status: 201 } }),
        })();
        if (E.isLeft(result)) return result.left;
        return {
          status: 201,
          body: result.right.payment,
          headers: result.right.replayed ? { "Idempotent-Replayed": "true" } : ({} as Record<string, string>),
        };
      },
    },
    ...documentFileRoutes({
      path: "/v1/invoices/{id}",
      name: "Invoice",
      tag: TAG,
      access: AR_ACCESS,
      pdfSummary: "The invoice as a PDF",
      einvoiceSummary: "The invoice as EN 16931 XML: UBL 2.1 (format=ubl, default) or CII (format=cii)",
      missing: missing.description,
      pdf: (scope, id) => invoicePdf(deps())(scope, id),
      einvoice: (scope, id, format) => invoiceEinvoice(deps())(scope, id, format),
    }),
    {
      method: "GET",
      path: "/v1/invoices/{id}/history",
      operationId: "getInvoiceHistory",
      summary: "Every change of an invoice with its actor and time (from its events)",
      tags: [TAG],
      access: AR_ACCESS,
      responses: {
        "200": { description: "The history, oldest first.", schema: INVOICE_HISTORY_SCHEMA },
        "404": missing,
      },
      handler: async (ctx) => reply(getInvoiceHistory(deps())(orgScope(ctx).scope, idOf(ctx)), 200, wholeList),
    },
  ];
};

/** Descriptions of the receivables tags. */
export const RECEIVABLES_TAG_DESCRIPTIONS = {
  customers: "Customers of the organisation: who its invoices are addressed to (with a fuzzy search).",
  products: "Products and services: the defaults of invoice lines (with a fuzzy search).",
  invoices:
    "Invoices: drafts, send (number, public link, email with the PDF), payments, void, PDF, e-invoice, history.",
  "credit-notes": "Credit notes against invoices: drafted, issued (numbered), printed.",
} as const;
