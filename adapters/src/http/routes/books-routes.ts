import {
  type AccountingExport,
  ChartView,
  chartView,
  type DomainError,
  type ExportJson,
  ExportView,
  exportJson,
  IsoDate,
  listEnvelope,
  toJsonSchema,
} from "@apar/core";
import {
  acknowledgeExport,
  ChartBody,
  createExport,
  ExportBody,
  exportFile,
  getChart,
  getExport,
  listExports,
  putChart,
  readJournal,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { streamBookFile } from "../../books/book-files.js";
import { queryFilter } from "../query-filter.js";
import { type HttpReply, jsonBody, type RouteDef } from "../route.js";
import type { RouteDeps } from "./deps.js";
import {
  IDEMPOTENCY_KEY_PARAMETER,
  idOf,
  LIST_PARAMETERS,
  listSchema,
  operationKeyOf,
  orgScope,
  pageOf,
  reply,
  withBody,
} from "./support.js";

/** What the books' routes use. */
export type BooksRouteDeps = RouteDeps<"db" | "clock" | "ids">;

const TAG = "books";
/** The books need the `ap` module: they carry the match groups' Synced status (an AR-only plan has none yet). */
const ACCESS = { scope: "organisation", module: "ap" } as const;

export const BOOKS_TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  [TAG]:
    "The books: the journal of posted bills, issued invoices and credit notes and their payments, in apar's CSV or " +
    "DATEV's Buchungsstapel; the organisation's chart mapping; exports that record what they carried and, once " +
    "acknowledged, set the match groups of their bills Synced.",
};

/** An export as the API answers it: core's view and where its file is. */
const ExportAnswer = t.intersection([ExportView, t.type({ fileUrl: t.string })], "AccountingExportAnswer");
const CHART = toJsonSchema(ChartView);
const EXPORT = toJsonSchema(ExportAnswer);
const FILE = {
  description:
    "The file, streamed: apar's journal CSV (UTF-8) or DATEV's Buchungsstapel (Windows-1252), as the format says.",
  mediaType: "text/csv",
  schema: { type: "string" },
};
const PERIOD = queryFilter({
  from: { codec: IsoDate, required: true, description: "First day (YYYY-MM-DD)." },
  to: { codec: IsoDate, required: true, description: "Last day, included." },
});
const exportPath = (id: string) => `/v1/accounting/exports/${id}`;
const exportView = (json: ExportJson): t.TypeOf<typeof ExportAnswer> => ({
  ...json,
  fileUrl: `${exportPath(json.id)}/file`,
});
const exportAnswer = (e: AccountingExport) => exportView(exportJson(e));

const missing = { description: "`AccountingExport.NotFound`: no such export in the organisation." };
const invalid = { description: "`Request.Invalid` with the field errors." };

/** The chart mapping, the journal of a period, and exports with their files and acknowledgements. */
export const booksRoutes = (deps: BooksRouteDeps): RouteDef[] => [
  {
    method: "GET",
    path: "/v1/accounting/chart",
    operationId: "getAccountingChart",
    summary: "The organisation's chart mapping: the account of each role and the DATEV settings",
    tags: [TAG],
    access: ACCESS,
    responses: { "200": { description: "The chart (the defaults until set).", schema: CHART } },
    handler: (ctx) => reply(getChart(deps())(orgScope(ctx).scope), 200, chartView),
  },
  {
    method: "PUT",
    path: "/v1/accounting/chart",
    operationId: "putAccountingChart",
    summary: "Replace the organisation's chart mapping (members left out take the defaults)",
    tags: [TAG],
    access: ACCESS,
    requestBody: jsonBody(ChartBody),
    responses: { "200": { description: "The chart.", schema: CHART }, "400": invalid },
    handler: (ctx) => withBody(ChartBody, ctx, (b) => reply(putChart(deps())(orgScope(ctx).scope, b), 200, chartView)),
  },
  {
    method: "GET",
    path: "/v1/accounting/journal",
    operationId: "getAccountingJournal",
    summary: "The journal of a period as CSV, read now and recorded nowhere (an export records what it carried)",
    tags: [TAG],
    access: ACCESS,
    parameters: PERIOD.parameters,
    responses: {
      "200": FILE,
      "400": { description: "`Request.Invalid`: from or to missing, not a date, or the period longer than 366 days." },
    },
    handler: async (ctx): Promise<HttpReply | DomainError> => {
      const period = PERIOD.decode(ctx.query);
      if (E.isLeft(period)) return period.left;
      const journal = await readJournal(deps())(orgScope(ctx).scope, period.right)();
      if (E.isLeft(journal)) return journal.left;
      await streamBookFile(ctx.res, {
        format: "csv",
        ...period.right,
        createdAt: deps().clock.now(),
        chart: journal.right.chart,
        name: "journal",
        entries: journal.right.entries,
      });
      return { status: 200 };
    },
  },
  {
    method: "POST",
    path: "/v1/accounting/exports",
    operationId: "createAccountingExport",
    summary: "Export the journal of a period (CSV or DATEV), recording the entries it carries",
    tags: [TAG],
    access: ACCESS,
    parameters: [IDEMPOTENCY_KEY_PARAMETER],
    requestBody: jsonBody(ExportBody),
    responses: {
      "201": { description: "The export; its file is at fileUrl.", schema: EXPORT },
      "400": {
        description:
          "`Request.Invalid`: the period (at most 366 days; for DATEV within one fiscal year) or the format.",
      },
      "409": {
        description:
          "`Accounting.DatevNotConfigured`: the chart has no Beraternummer or Mandantennummer; " +
          "`Accounting.DatevAmount`: an amount DATEV cannot take; `Idempotency.KeyReused`.",
      },
    },
    handler: (ctx) =>
      withBody(ExportBody, ctx, async (body) => {
        const key = operationKeyOf(ctx, "POST /v1/accounting/exports", 201);
        if (E.isLeft(key)) return key.left;
        const { auth, scope } = orgScope(ctx);
        const made = await createExport(deps())({
          scope,
          actor: auth.actor,
          body,
          ...(key.right === undefined ? {} : { idempotency: key.right }),
        })();
        if (E.isLeft(made)) return made.left;
        return {
          status: 201,
          body: exportView(made.right.record),
          headers: {
            Location: exportPath(made.right.record.id),
            ...(made.right.replayed ? { "Idempotent-Replayed": "true" } : {}),
          },
        };
      }),
  },
  {
    method: "GET",
    path: "/v1/accounting/exports",
    operationId: "listAccountingExports",
    summary: "List the organisation's exports of the books, newest first",
    tags: [TAG],
    access: ACCESS,
    parameters: LIST_PARAMETERS,
    responses: { "200": { description: "A page.", schema: listSchema(ExportAnswer) } },
    handler: async (ctx) => {
      const page = pageOf(ctx);
      return E.isLeft(page)
        ? page.left
        : reply(listExports(deps())(orgScope(ctx).scope, page.right), 200, (p) => listEnvelope(p, exportAnswer));
    },
  },
  {
    method: "GET",
    path: "/v1/accounting/exports/{id}",
    operationId: "getAccountingExport",
    summary: "Fetch an export of the books",
    tags: [TAG],
    access: ACCESS,
    responses: { "200": { description: "The export.", schema: EXPORT }, "404": missing },
    handler: (ctx) => reply(getExport(deps())(orgScope(ctx).scope, idOf(ctx)), 200, exportAnswer),
  },
  {
    method: "GET",
    path: "/v1/accounting/exports/{id}/file",
    operationId: "getAccountingExportFile",
    summary: "Download an export's file: the same bytes every time (the entries as they were exported)",
    tags: [TAG],
    access: ACCESS,
    responses: { "200": FILE, "404": missing },
    handler: async (ctx): Promise<HttpReply | DomainError> => {
      const file = await exportFile(deps())(orgScope(ctx).scope, idOf(ctx))();
      if (E.isLeft(file)) return file.left;
      const { record, entries } = file.right;
      await streamBookFile(ctx.res, { ...record, name: record.id.slice(0, 8), entries });
      return { status: 200 };
    },
  },
  {
    method: "POST",
    path: "/v1/accounting/exports/{id}/acknowledge",
    operationId: "acknowledgeAccountingExport",
    summary:
      "Acknowledge an export (the accounting system took it): the match groups of its bills become Synced; a repeat changes nothing",
    tags: [TAG],
    access: ACCESS,
    responses: { "200": { description: "The export, acknowledged.", schema: EXPORT }, "404": missing },
    handler: (ctx) => {
      const { auth, scope } = orgScope(ctx);
      return reply(acknowledgeExport(deps())(scope, auth.actor, idOf(ctx)), 200, exportAnswer);
    },
  },
];
