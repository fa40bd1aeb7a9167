import type { ServerResponse } from "node:http";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type AuditEntry, canonicalJson, type DomainError, validationError } from "@apar/core";
import { auditEventView } from "@apar/core/app";
import { stringify } from "csv-stringify";
import * as E from "fp-ts/lib/Either.js";

// The audit log's export as CSV (RFC 4180: a header row, CRLF line ends, fields quoted when they hold a comma, a
// quote or a line break, quotes doubled; written by csv-stringify) or JSON Lines, streamed with backpressure.

/** The columns of the CSV export, in order (the header row names them). */
export const AUDIT_CSV_COLUMNS = [
  "id",
  "occurredAt",
  "organisationId",
  "actorType",
  "actorId",
  "actorVia",
  "type",
  "resourceType",
  "resourceId",
  "changes",
  "requestId",
  "chainId",
  "seq",
  "prevHash",
  "hash",
] as const;

const csvRow = (e: AuditEntry): Record<(typeof AUDIT_CSV_COLUMNS)[number], string | number | null> => ({
  id: e.id,
  occurredAt: e.occurredAt.toISOString(),
  organisationId: e.organisationId,
  actorType: e.actor.type,
  actorId: e.actor.id,
  actorVia: e.actor.via ?? null,
  type: e.type,
  resourceType: e.resourceType,
  resourceId: e.resourceId,
  changes: canonicalJson(e.changes),
  requestId: e.requestId,
  chainId: e.chainId,
  seq: e.seq,
  prevHash: e.prevHash,
  hash: e.hash,
});

export const EXPORT_FORMATS = {
  csv: { contentType: "text/csv; charset=utf-8", extension: "csv" },
  jsonl: { contentType: "application/x-ndjson", extension: "jsonl" },
} as const;

/** Rows per read while exporting: one page of them is what an export holds in memory. */
export const EXPORT_PAGE = 500;

/** The entries as the format's text: CSV per RFC 4180 (header row, CRLF, quotes doubled) or one JSON object a line. */
const encoder = (format: ExportFormat): Transform =>
  format === "csv"
    ? stringify({ header: true, columns: [...AUDIT_CSV_COLUMNS], record_delimiter: "\r\n" })
    : new Transform({
        writableObjectMode: true,
        transform(entry: AuditEntry, _encoding, done) {
          done(null, `${JSON.stringify(auditEventView(entry))}\n`);
        },
      });

/** `csv` (the default) or `jsonl`, or the problem naming the parameter. */
export const exportFormatOf = (asked: string | undefined): E.Either<DomainError, ExportFormat> => {
  const format = (asked ?? "csv").toLowerCase();
  return format === "csv" || format === "jsonl"
    ? E.right(format)
    : E.left(validationError([{ field: "format", code: "invalid", message: "format is csv or jsonl" }]));
};

/**
 * Streams the entries to the response, reading the database a page at a time as the client takes them (the API's
 * export and the portal's): an export of a year holds one page in memory.
 */
export const streamAuditExport = async (
  res: ServerResponse,
  format: ExportFormat,
  entries: AsyncIterable<AuditEntry>,
): Promise<void> => {
  const { contentType, extension } = EXPORT_FORMATS[format];
  res.writeHead(200, {
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="audit-events.${extension}"`,
    "Cache-Control": "no-store",
  });
  const rows = Readable.from(
    format === "csv"
      ? (async function* () {
          for await (const entry of entries) yield csvRow(entry);
        })()
      : entries,
    { objectMode: true },
  );
  try {
    await pipeline(rows, encoder(format), res);
  } catch (error) {
    // A client that hung up ends the export; anything else cuts the answer short (the status is already sent).
    if (res.destroyed && (error as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE") return;
    throw error;
  }
};

/** The export formats. */
export type ExportFormat = keyof typeof EXPORT_FORMATS;
