import {
  BILL_STATES,
  BillView,
  DateParam,
  type DomainError,
  decode,
  documented,
  enumParam,
  HistoryEntryView,
  isDomainError,
  listEnvelope,
  toJsonSchema,
  Uuid,
  validationError,
} from "@apar/core";
import { BillPatch, billDocument, getBill, getBillHistory, listBills, updateBill, uploadBill } from "@apar/core/app";
import type { BillFilter } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import { pipe } from "fp-ts/lib/function.js";
import * as t from "io-ts";
import { billDocumentAnswer } from "../bill-document.js";
import { queryFilter } from "../query-filter.js";
import { jsonBody, type QueryParams, type RouteDef } from "../route.js";
import { BILL_SCHEMA } from "./bill-schemas.js";
import { receiveDocument } from "./bill-upload.js";
import type { RouteDeps } from "./deps.js";
import { idOf, LIST_PARAMETERS, listSchema, orgScope, pageOf, reply, wholeList } from "./support.js";

/** What the bill routes need. */
export type BillRouteDeps = RouteDeps<"db" | "clock" | "ids" | "files" | "maxUploadBytes">;

const TAG = "bills";
const ACCESS = { scope: "organisation", module: "ap" } as const;

// A malformed id answers like a missing bill: the nil UUID is never a bill.

const KEY = /^[\x21-\x7e]{1,255}$/;

const FILTER = queryFilter({
  State: { codec: enumParam(BILL_STATES, "BillState") },
  SupplierId: { codec: Uuid, description: "The matched supplier record." },
  Supplier: { codec: t.string, description: "Part of the supplier's name." },
  InvoiceDateFrom: { codec: DateParam },
  InvoiceDateTo: { codec: DateParam },
});
const FILTERS = FILTER.parameters;

/** The filter of `GET /v1/bills` (and the portal's bill list) from its query parameters. */
export const billListFilter = (query: QueryParams): E.Either<DomainError, BillFilter> =>
  pipe(
    FILTER.decode(query),
    E.map((f) => ({
      ...(f.State === undefined ? {} : { state: f.State }),
      ...(f.SupplierId === undefined ? {} : { supplierId: f.SupplierId }),
      ...(f.Supplier === undefined || f.Supplier.trim() === "" ? {} : { supplierName: f.Supplier }),
      ...(f.InvoiceDateFrom === undefined ? {} : { invoiceDateFrom: f.InvoiceDateFrom }),
      ...(f.InvoiceDateTo === undefined ? {} : { invoiceDateTo: f.InvoiceDateTo }),
    })),
  );

const billAnswer = { description: "The bill.", schema: BILL_SCHEMA };
const notFoundAnswer = { description: "`Bill.NotFound`: no such bill in the organisation." };
const conflictAnswer = {
  description: "`Bill.InvalidTransition`: the bill's state does not allow this (named in `detail`).",
};

/** Upload, list, read and correct bills, and read their documents and history (their actions: bill-action-routes.ts). */
export const billRoutes = (deps: BillRouteDeps): RouteDef[] => {
  return [
    {
      method: "POST",
      path: "/v1/bills",
      operationId: "uploadBill",
      summary: "Upload a bill document; it is read in the background",
      description:
        "multipart/form-data with the document in a part named `file`: PDF, PNG, JPEG, TIFF, WebP or e-invoice XML " +
        "(UBL 2.1, UN/CEFACT CII). Answers at once with the bill in Extracting. An `Idempotency-Key` header makes " +
        "a retry safe: the same key and file answer the first answer again; the same key with another file is 409.",
      tags: [TAG],
      access: ACCESS,
      stream: true,
      parameters: [
        {
          name: "Idempotency-Key",
          in: "header",
          description: "Up to 255 visible ASCII characters.",
          schema: { type: "string", maxLength: 255 },
        },
      ],
      requestBody: {
        mediaType: "multipart/form-data",
        schema: toJsonSchema(t.type({ file: documented(t.string, { format: "binary" }) })),
      },
      responses: {
        "202": { description: "The bill, in Extracting.", schema: BILL_SCHEMA },
        "400": { description: "`Bill.MissingDocument`, `Bill.EmptyDocument`, or a bad Idempotency-Key." },
        "409": { description: "`Idempotency.KeyReused`: the key was used for another request." },
        "413": { description: "`Request.TooLarge`: the document is larger than the configured limit." },
        "415": { description: "`Bill.UnsupportedDocumentType` or a body that is not multipart/form-data." },
      },
      handler: async (ctx) => {
        const { auth, scope } = orgScope(ctx);
        const keyHeader = ctx.headers["idempotency-key"];
        const key = Array.isArray(keyHeader) ? keyHeader.join(",") : keyHeader;
        if (key !== undefined && !KEY.test(key))
          return validationError([
            {
              field: "Idempotency-Key",
              code: "format",
              message: "Idempotency-Key must be 1 to 255 visible ASCII characters",
            },
          ]);
        const received = await receiveDocument(ctx, deps().files, deps().maxUploadBytes);
        if (isDomainError(received)) return received;
        const result = await uploadBill(deps())({
          scope,
          actor: auth.actor,
          document: received.document,
          ...(key === undefined
            ? {}
            : { idempotency: { key, requestHash: received.requestHash, operation: "POST /v1/bills", status: 202 } }),
        })();
        if (E.isLeft(result)) return result.left;
        return {
          status: 202,
          body: result.right.bill,
          headers: {
            Location: `/v1/bills/${result.right.bill.id}`,
            ...(result.right.replayed ? { "Idempotent-Replayed": "true" } : {}),
          },
        };
      },
    },
    {
      method: "GET",
      path: "/v1/bills",
      operationId: "listBills",
      summary: "List the organisation's bills (oldest first)",
      tags: [TAG],
      access: ACCESS,
      parameters: [...LIST_PARAMETERS, ...FILTERS],
      responses: {
        "200": { description: "A page of bills.", schema: listSchema(BillView) },
        "400": { description: "A bad filter or cursor." },
      },
      handler: async (ctx) => {
        const { scope } = orgScope(ctx);
        const page = pageOf(ctx);
        if (E.isLeft(page)) return page.left;
        const filter = billListFilter(ctx.query);
        if (E.isLeft(filter)) return filter.left;
        return reply(listBills(deps())(scope, filter.right, page.right), 200, (p) => listEnvelope(p));
      },
    },
    {
      method: "GET",
      path: "/v1/bills/{id}",
      operationId: "getBill",
      summary: "Fetch a bill",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": billAnswer, "404": notFoundAnswer },
      handler: async (ctx) => reply(getBill(deps())(orgScope(ctx).scope, idOf(ctx)), 200, (b) => b),
    },
    {
      method: "PATCH",
      path: "/v1/bills/{id}",
      operationId: "updateBill",
      summary: "Correct a bill's extracted fields (in PendingReview)",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(BillPatch),
      responses: {
        "200": billAnswer,
        "400": { description: "`Request.Invalid` with the field errors." },
        "404": notFoundAnswer,
        "409": conflictAnswer,
      },
      handler: async (ctx) => {
        const { auth, scope } = orgScope(ctx);
        const patch = decode(BillPatch, ctx.json);
        if (E.isLeft(patch)) return patch.left;
        return reply(
          updateBill(deps())({ scope, actor: auth.actor, id: idOf(ctx), patch: patch.right }),
          200,
          (b) => b,
        );
      },
    },
    {
      method: "GET",
      path: "/v1/bills/{id}/document",
      operationId: "getBillDocument",
      summary: "The original document of a bill",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": billDocumentAnswer("The bytes as uploaded, with their detected type."),
        "404": notFoundAnswer,
      },
      handler: async (ctx) => {
        const doc = await billDocument(deps())(orgScope(ctx).scope, idOf(ctx))();
        if (E.isLeft(doc)) return doc.left;
        const name = (doc.right.filename ?? "document").replace(/["\\\r\n]/g, "_");
        return {
          status: 200,
          body: Buffer.from(doc.right.bytes),
          contentType: doc.right.mediaType,
          headers: {
            "Content-Disposition": `inline; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
            "X-Content-Type-Options": "nosniff",
          },
        };
      },
    },
    {
      method: "GET",
      path: "/v1/bills/{id}/history",
      operationId: "getBillHistory",
      summary: "Every change of a bill with its actor and time (from its events)",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": {
          description: "The history, oldest first.",
          schema: listSchema(HistoryEntryView),
        },
        "404": notFoundAnswer,
      },
      handler: async (ctx) => reply(getBillHistory(deps())(orgScope(ctx).scope, idOf(ctx)), 200, wholeList),
    },
  ];
};
