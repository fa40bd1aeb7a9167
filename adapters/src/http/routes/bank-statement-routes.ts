import { createHash } from "node:crypto";
import {
  BooleanParam,
  domainError,
  ImportedEntryView,
  ImportedStatementView,
  importedEntryJson,
  importedStatementJson,
  listEnvelope,
  toJsonSchema,
} from "@apar/core";
import {
  getBankStatement,
  importBankStatement,
  listBankStatements,
  listStatementEntries,
  MAX_STATEMENT_ENTRIES,
  MatchEntryBody,
  matchStatementEntry,
  type OperationName,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { camtReader } from "../../payments/camt-reader.js";
import { MAX_STATEMENT_BYTES } from "../../payments/camt-xml.js";
import { queryFilter } from "../query-filter.js";
import { readRaw } from "../raw-body.js";
import { jsonBody, type RouteDef } from "../route.js";
import type { RouteDeps } from "./deps.js";
import { decodeBody, idOf, LIST_PARAMETERS, listSchema, orgScope, pageOf, reply } from "./support.js";

/** What the bank statement routes use: the invoice payment use case's deps (every store: debits move bills). */
export type BankStatementRouteDeps = RouteDeps<"db" | "clock" | "ids" | "tokens" | "publicBaseUrl">;

const TAG = "payments";
const ACCESS = { scope: "organisation", module: "payments" } as const;
const STATEMENT = toJsonSchema(ImportedStatementView);
const ENTRY = toJsonSchema(ImportedEntryView);
/** The operation an import's (and a manual match's) payments are remembered under: keys are unique per operation. */
const STATEMENT_PAYMENTS: OperationName = { operation: "POST /v1/bank-statements", status: 201 };
const missing = { description: "`BankStatement.NotFound`: no such import in the organisation." };
const ENTRY_FILTER = queryFilter({ matched: { codec: BooleanParam, description: "true or false; absent: all." } });
const XML_TYPES = /^(application|text)\/([a-z0-9.+-]*\+)?xml$/;

/**
 * Bank statements: camt.053/camt.054 files imported (credits paying invoices, debits confirming payment runs),
 * the imports and their entries, and a person's match of a credit nobody could place.
 */
export const bankStatementRoutes = (deps: BankStatementRouteDeps): RouteDef[] => [
  {
    method: "POST",
    path: "/v1/bank-statements",
    operationId: "importBankStatement",
    summary: "Import a camt.053 or camt.054 file: credits pay open invoices, debits confirm payment runs",
    description:
      "The file as the bank gave it (`application/xml`). Credits are matched to open invoices by their RF creditor " +
      "reference, then by amount + customer + dates, and recorded as invoice payments keyed by the entry's identity " +
      "(account, booking date, amount, direction and the bank's references), so an entry already imported, in this " +
      "or any other file, names its earlier payment (basis EarlierImport) and is not paid again; debits confirm the " +
      "payment runs' bills by their end-to-end ids, paid on the booking date. The same file again answers 200 with " +
      "the first import and changes nothing.",
    tags: [TAG],
    access: ACCESS,
    stream: true,
    requestBody: { mediaType: "application/xml", schema: { type: "string", format: "binary" } },
    responses: {
      "201": { description: "The import.", schema: STATEMENT },
      "200": { description: "The earlier import of the same file (nothing recorded again).", schema: STATEMENT },
      "400": { description: "`BankStatement.Unreadable`: not camt.052/053/054 XML; `Request.EmptyBody`." },
      "413": {
        description:
          "`Request.TooLarge`: over 16 MiB; `BankStatement.TooManyEntries`: over 10,000 entries (counted before the " +
          "file is parsed); `BankStatement.TooSlow`: the file took more than a minute or 512 MiB to read.",
      },
      "415": { description: "`Request.UnsupportedMediaType`: send application/xml." },
    },
    handler: async (ctx) => {
      const type =
        String(ctx.headers["content-type"] ?? "")
          .split(";")[0]
          ?.trim()
          .toLowerCase() ?? "";
      if (!XML_TYPES.test(type))
        return domainError("UnsupportedMediaType", "Request.UnsupportedMediaType", "Send the file as application/xml.");
      const raw = await readRaw(ctx, MAX_STATEMENT_BYTES);
      if (!Buffer.isBuffer(raw)) return raw;
      if (raw.length === 0) return domainError("BadRequest", "Request.EmptyBody", "Send the statement file.");
      // Read in a worker thread (the event loop keeps serving), the entries counted before anything is parsed.
      const statements = await camtReader.read(raw, MAX_STATEMENT_ENTRIES);
      if (statements === "too-many")
        return domainError(
          "TooLarge",
          "BankStatement.TooManyEntries",
          `The file carries more than ${MAX_STATEMENT_ENTRIES} entries: split it (one file per day or per account).`,
        );
      if (statements === "too-slow")
        return domainError(
          "TooLarge",
          "BankStatement.TooSlow",
          "The file took too long or too much memory to read: split it into smaller files.",
        );
      if (!Array.isArray(statements))
        return domainError(
          "BadRequest",
          "BankStatement.Unreadable",
          statements === "not-camt"
            ? "The XML is not a camt.052, camt.053 or camt.054 document."
            : "The file is not well-formed XML (or carries a DOCTYPE, which is refused).",
        );
      const { scope, auth } = orgScope(ctx);
      const fingerprint = createHash("sha256").update(raw).digest("hex");
      const imported = await importBankStatement(deps())({
        scope,
        actor: auth.actor,
        fingerprint,
        statements,
        payments: STATEMENT_PAYMENTS,
      })();
      if (E.isLeft(imported)) return imported.left;
      return {
        status: imported.right.replayed ? 200 : 201,
        body: importedStatementJson(imported.right.statement),
      };
    },
  },
  {
    method: "GET",
    path: "/v1/bank-statements",
    operationId: "listBankStatements",
    summary: "List the organisation's statement imports (oldest first)",
    tags: [TAG],
    access: ACCESS,
    parameters: LIST_PARAMETERS,
    responses: { "200": { description: "A page.", schema: listSchema(ImportedStatementView) } },
    handler: async (ctx) => {
      const page = pageOf(ctx);
      if (E.isLeft(page)) return page.left;
      return reply(listBankStatements(deps())(orgScope(ctx).scope, page.right), 200, (p) =>
        listEnvelope(p, importedStatementJson),
      );
    },
  },
  {
    method: "GET",
    path: "/v1/bank-statements/{id}",
    operationId: "getBankStatement",
    summary: "Get a statement import (counts of its entries and matches)",
    tags: [TAG],
    access: ACCESS,
    responses: { "200": { description: "The import.", schema: STATEMENT }, "404": missing },
    handler: async (ctx) => reply(getBankStatement(deps())(orgScope(ctx).scope, idOf(ctx)), 200, importedStatementJson),
  },
  {
    method: "GET",
    path: "/v1/bank-statements/{id}/entries",
    operationId: "listBankStatementEntries",
    summary: "An import's entries in file order; `matched=false` lists what waits for a person",
    tags: [TAG],
    access: ACCESS,
    parameters: [...LIST_PARAMETERS, ...ENTRY_FILTER.parameters],
    responses: {
      "200": { description: "A page.", schema: listSchema(ImportedEntryView) },
      "400": { description: "`Request.Invalid`: matched is true or false." },
      "404": missing,
    },
    handler: async (ctx) => {
      const page = pageOf(ctx);
      if (E.isLeft(page)) return page.left;
      const filter = ENTRY_FILTER.decode(ctx.query);
      if (E.isLeft(filter)) return filter.left;
      return reply(
        listStatementEntries(deps())(orgScope(ctx).scope, idOf(ctx), filter.right.matched, page.right),
        200,
        (p) => listEnvelope(p, importedEntryJson),
      );
    },
  },
  {
    method: "POST",
    path: "/v1/bank-statements/{id}/entries/{entryId}/match",
    operationId: "matchBankStatementEntry",
    summary: "Match an unmatched credit to an invoice by hand (recorded as its payment)",
    tags: [TAG],
    access: ACCESS,
    requestBody: jsonBody(MatchEntryBody),
    responses: {
      "200": { description: "The entry, matched.", schema: ENTRY },
      "400": { description: "`Request.Invalid`; the amount does not fit the invoice's currency." },
      "404": { description: "`BankStatement.NotFound`, `BankStatement.EntryNotFound`, `Invoice.NotFound`." },
      "409": {
        description:
          "`BankStatement.EntryMatched`, `BankStatement.NotACredit`, `Invoice.Overpayment`, or the invoice's state.",
      },
    },
    handler: async (ctx) => {
      const body = decodeBody(MatchEntryBody, ctx);
      if (E.isLeft(body)) return body.left;
      const { scope, auth } = orgScope(ctx);
      return reply(
        matchStatementEntry(deps())({
          scope,
          actor: auth.actor,
          payments: STATEMENT_PAYMENTS,
          statementId: idOf(ctx),
          entryId: idOf(ctx, "entryId"),
          invoiceId: body.right.invoiceId,
        }),
        200,
        importedEntryJson,
      );
    },
  },
];
