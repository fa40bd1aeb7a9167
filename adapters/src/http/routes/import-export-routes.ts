import { createHash } from "node:crypto";
import { once } from "node:events";
import { BooleanParam, type DomainError, documented, domainError, toJsonSchema } from "@apar/core";
import {
  CATALOGUE_COLUMNS,
  type CatalogueFile,
  type CatalogueKind,
  exportCatalogue,
  type ImportReport,
  ImportReportView,
  importCatalogue,
  MAX_IMPORT_ROWS,
} from "@apar/core/app";
import { parse } from "csv-parse";
import * as E from "fp-ts/lib/Either.js";
import { PROBLEM_JSON, problem } from "../problem.js";
import { queryFilter } from "../query-filter.js";
import { readRaw } from "../raw-body.js";
import type { RouteContext, RouteDef } from "../route.js";
import type { RouteDeps } from "./deps.js";
import { IDEMPOTENCY_KEY_PARAMETER, idempotencyKeyOf, orgScope } from "./support.js";

/** What the import and export routes need. */
export type ImportExportRouteDeps = RouteDeps<"db" | "clock" | "ids">;

/** The largest CSV file an import takes. */
export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;

const TAG = "imports";
const MODULE: Readonly<Record<CatalogueKind, "ap" | "ar">> = { suppliers: "ap", customers: "ar", products: "ar" };
const CSV_TYPES = /^(text\/csv|text\/plain|application\/csv)$/;

export const IMPORT_REPORT_SCHEMA = toJsonSchema(ImportReportView);

const fileProblem = (code: string, detail: string): DomainError => domainError("BadRequest", code, detail);

/**
 * The CSV body read with csv-parse (RFC 4180: quoted fields, doubled quotes, CRLF or LF, a UTF-8 BOM), record by
 * record, stopping past `MAX_IMPORT_ROWS` rows.
 */
export const readCsv = async (raw: Buffer): Promise<E.Either<DomainError, CatalogueFile>> => {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 64 * 1024 });
  parser.end(raw);
  const records: string[][] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      records.push(record);
      if (records.length > MAX_IMPORT_ROWS + 1) {
        parser.destroy();
        return E.left(
          domainError(
            "TooLarge",
            "Import.TooManyRows",
            `The file has more than ${MAX_IMPORT_ROWS} rows: split it into several files.`,
          ),
        );
      }
    }
  } catch (error) {
    return E.left(fileProblem("Import.UnreadableCsv", `The file is not CSV as RFC 4180 writes it: ${String(error)}`));
  }
  const [header, ...rows] = records;
  if (header === undefined) return E.left(fileProblem("Request.EmptyBody", "Send the CSV file with a header row."));
  return E.right({ header: header.map((h) => h.trim()), rows });
};

const IMPORT_FILTER = queryFilter({
  dryRun: { codec: documented(BooleanParam, { default: false }), description: "true: report only, write nothing." },
});

/** Writes the chunks to the response, waiting while the socket's buffer is full. */
export const streamCsv = async (ctx: RouteContext, name: string, chunks: AsyncIterable<string>) => {
  const { res } = ctx;
  res.writeHead(200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}.csv"`,
  });
  try {
    for await (const chunk of chunks) if (!res.write(chunk)) await once(res, "drain");
    res.end();
  } catch (error) {
    ctx.log.error({ err: error }, "export failed after its header was sent");
    res.destroy();
  }
  return { status: 200 };
};

const importRoute = (deps: ImportExportRouteDeps, kind: CatalogueKind): RouteDef => {
  const cap = kind[0]?.toUpperCase() + kind.slice(1);
  return {
    method: "POST",
    path: `/v1/imports/${kind}`,
    operationId: `import${cap}`,
    summary: `Import ${kind} from a CSV file (a dry run first)`,
    description:
      `The CSV (\`text/csv\`, RFC 4180, UTF-8, at most ${MAX_IMPORT_BYTES} bytes and ${MAX_IMPORT_ROWS} rows) with a header row naming any of ` +
      `the columns ${CATALOGUE_COLUMNS[kind].join(", ")} (the export's). A row with an \`id\` updates that record; ` +
      `without one it updates the record with the same ${kind === "suppliers" ? "tax number" : kind === "customers" ? "e-mail" : "SKU"} ` +
      "(else the same name), and is created when none matches; two matches are an error, never a duplicate. An empty cell " +
      "clears the field, a column left out changes nothing. `dryRun=true` answers what each row would do and every " +
      "error, writing nothing. Otherwise all or nothing: any error answers 422 with the same report and nothing " +
      "written." +
      (kind === "suppliers"
        ? " Bank details are validated as over the API; an imported account is the importer's proposal, Unconfirmed until a second person confirms it."
        : ""),
    tags: [TAG],
    access: { scope: "organisation", module: MODULE[kind] },
    stream: true,
    parameters: [...IMPORT_FILTER.parameters, IDEMPOTENCY_KEY_PARAMETER],
    requestBody: { mediaType: "text/csv", schema: { type: "string" } },
    responses: {
      "200": { description: "The dry run's report, or the import's (imported: true).", schema: IMPORT_REPORT_SCHEMA },
      "400": { description: "`Import.UnreadableCsv`, `Request.EmptyBody`, `Request.Invalid` (dryRun)." },
      "409": { description: "`Idempotency.KeyReused`: the key was used for another file." },
      "413": { description: "`Request.TooLarge` or `Import.TooManyRows`." },
      "415": { description: "`Request.UnsupportedMediaType`: send text/csv." },
      "422": {
        description: "`Import.RowErrors`: rows have errors; nothing was written. The problem carries the report.",
        mediaType: PROBLEM_JSON,
      },
    },
    handler: async (ctx) => {
      const type = String(ctx.headers["content-type"] ?? "")
        .split(";")[0]
        ?.trim()
        .toLowerCase();
      if (!CSV_TYPES.test(type ?? ""))
        return domainError("UnsupportedMediaType", "Request.UnsupportedMediaType", "Send the file as text/csv.");
      const filter = IMPORT_FILTER.decode(ctx.query);
      if (E.isLeft(filter)) return filter.left;
      const dryRun = filter.right.dryRun ?? false;
      const key = idempotencyKeyOf(ctx);
      if (E.isLeft(key)) return key.left;
      const raw = await readRaw(ctx, MAX_IMPORT_BYTES);
      if (!Buffer.isBuffer(raw)) return raw;
      if (raw.length === 0) return fileProblem("Request.EmptyBody", "Send the CSV file.");
      const file = await readCsv(raw);
      if (E.isLeft(file)) return file.left;
      const { scope, auth } = orgScope(ctx);
      const requestHash = createHash("sha256").update(`${kind} ${dryRun}\n`).update(raw).digest("hex");
      const report = await importCatalogue(deps())({
        scope,
        actor: auth.actor,
        kind,
        file: file.right,
        dryRun,
        ...(key.right === undefined
          ? {}
          : { idempotency: { key: key.right, requestHash, operation: `POST /v1/imports/${kind}`, status: 200 } }),
      });
      if (E.isLeft(report)) return report.left;
      return answer(ctx, report.right);
    },
  };
};

/** 200 with the report; a real import with errors is a 422 problem carrying it. */
const answer = (ctx: RouteContext, report: ImportReport) => {
  if (report.dryRun || report.errors.length === 0) return { status: 200, body: report };
  const detail = `${report.errors.length} error(s) in the file: nothing was imported. Fix them (a dry run lists them) and send the file again.`;
  return {
    status: 422,
    contentType: PROBLEM_JSON,
    body: { ...problem(422, "Import.RowErrors", detail, ctx.req.url), report },
  };
};

const exportRoute = (deps: ImportExportRouteDeps, kind: CatalogueKind): RouteDef => {
  const cap = kind[0]?.toUpperCase() + kind.slice(1);
  return {
    method: "GET",
    path: `/v1/exports/${kind}.csv`,
    operationId: `export${cap}`,
    summary: `Export the organisation's ${kind} as CSV (the columns the import takes)`,
    description:
      `RFC 4180 CSV, CRLF lines, header ${CATALOGUE_COLUMNS[kind].join(",")}, in id order, streamed a page at a time. ` +
      "Text a spreadsheet would run as a formula gets a leading apostrophe, which the import removes: the file " +
      "imports back unchanged.",
    tags: [TAG],
    access: { scope: "organisation", module: MODULE[kind] },
    responses: { "200": { description: "The CSV file.", mediaType: "text/csv", schema: { type: "string" } } },
    handler: async (ctx) => streamCsv(ctx, kind, exportCatalogue(deps())(orgScope(ctx).scope, kind)),
  };
};

/** CSV imports (dry run, then all or nothing) and exports of suppliers, customers and products. */
export const importExportRoutes = (deps: ImportExportRouteDeps): RouteDef[] => [
  ...(["suppliers", "customers", "products"] as const).map((kind) => importRoute(deps, kind)),
  ...(["suppliers", "customers", "products"] as const).map((kind) => exportRoute(deps, kind)),
];
