import { once } from "node:events";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type AuditEntry, canonicalJson, listEnvelope, validationError } from "@apar/core";
import { AUDIT_ACTOR_TYPES, auditEntries, auditEventView, auditFilterOf, listAuditEvents } from "@apar/core/app";
import { stringify } from "csv-stringify";
import * as E from "fp-ts/lib/Either.js";
import type { JsonSchema, ParameterDef, RouteContext, RouteDef } from "../route.js";
import { LIST_PARAMETERS, listSchema, NO_STORE, orgScope, pageOf, S, type TenancyRouteDeps } from "./support.js";

const TAG = "audit";
const ACCESS = { scope: "organisation" } as const; // which roles: the permissions table

const FILTERS: readonly ParameterDef[] = [
  {
    name: "actorType",
    in: "query",
    description: "Who acted: a user, an API key, or the system.",
    schema: { type: "string", enum: AUDIT_ACTOR_TYPES },
  },
  { name: "actorId", in: "query", description: "The user's or key's id.", schema: S.string },
  {
    name: "resourceType",
    in: "query",
    description: "What changed: `bill`, `supplier`, `api_key`, `webhook_subscription`, ...",
    schema: S.string,
  },
  { name: "resourceId", in: "query", description: "The changed resource's id.", schema: S.string },
  {
    name: "type",
    in: "query",
    description: "The entry's type: an event type (`bill.approved`) or `<resource>.<action>` (`api_key.created`).",
    schema: S.string,
  },
  {
    name: "from",
    in: "query",
    description: "Recorded at or after (a date-time with a zone, or a date: its start in UTC).",
    schema: S.string,
  },
  { name: "to", in: "query", description: "Recorded before (as `from`).", schema: S.string },
];

const ACTOR_SCHEMA: JsonSchema = {
  type: "object",
  required: ["type", "id"],
  properties: {
    type: { type: "string", enum: AUDIT_ACTOR_TYPES },
    id: { type: ["string", "null"], description: "Null for the system." },
    via: { type: "string", enum: ["mcp", "agent"], description: "Present when an MCP client or an agent acted." },
  },
};

const AUDIT_EVENT_SCHEMA: JsonSchema = {
  type: "object",
  required: ["id", "occurredAt", "organisationId", "actor", "type", "resource", "changes", "requestId", "chain"],
  properties: {
    id: S.uuid,
    occurredAt: S.dateTime,
    organisationId: { type: ["string", "null"], format: "uuid", description: "Null for a client-wide change." },
    actor: ACTOR_SCHEMA,
    type: S.string,
    resource: { type: "object", required: ["type", "id"], properties: { type: S.string, id: S.string } },
    changes: {
      type: "object",
      description: "Each changed field with its value before and after (null where the resource did not exist).",
      additionalProperties: { type: "object", required: ["before", "after"], properties: { before: {}, after: {} } },
    },
    requestId: S.nullableString,
    chain: {
      type: "object",
      description:
        "Where the entry sits in its hash chain (the organisation's, or the client's for client-wide changes).",
      required: ["id", "seq", "prevHash", "hash"],
      properties: {
        id: S.uuid,
        seq: { type: "integer" },
        prevHash: { type: "string", pattern: "^[0-9a-f]{64}$" },
        hash: { type: "string", pattern: "^[0-9a-f]{64}$" },
      },
    },
  },
};

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

const FORMATS = {
  csv: { contentType: "text/csv; charset=utf-8", extension: "csv" },
  jsonl: { contentType: "application/x-ndjson", extension: "jsonl" },
} as const;

/** Rows per read while exporting: one page of them is what an export holds in memory. */
const EXPORT_PAGE = 500;

/** The entries as the format's text: CSV per RFC 4180 (header row, CRLF, quotes doubled) or one JSON object a line. */
const encoder = (format: keyof typeof FORMATS): Transform =>
  format === "csv"
    ? stringify({ header: true, columns: [...AUDIT_CSV_COLUMNS], record_delimiter: "\r\n", cast: { number: String } })
    : new Transform({
        writableObjectMode: true,
        transform(entry: AuditEntry, _encoding, done) {
          done(null, `${JSON.stringify(auditEventView(entry))}\n`);
        },
      });

/** Streams the selected entries to the response, reading the database a page at a time as the client takes them. */
const streamExport = async (ctx: RouteContext, format: keyof typeof FORMATS, entries: AsyncIterable<AuditEntry>) => {
  const { contentType, extension } = FORMATS[format];
  ctx.res.writeHead(200, {
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="audit-events.${extension}"`,
    ...NO_STORE,
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
    await pipeline(rows, encoder(format), ctx.res);
  } catch (error) {
    // A client that hung up ends the export; anything else cuts the answer short (the status is already sent).
    if (ctx.res.destroyed && (error as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE") return;
    throw error;
  }
  if (!ctx.res.writableFinished) await once(ctx.res, "finish");
};

/** The audit log of the organisation: read it a page at a time, or export it whole as CSV or JSON Lines. */
export const auditRoutes = (deps: TenancyRouteDeps): RouteDef[] => [
  {
    method: "GET",
    path: "/v1/audit-events",
    operationId: "listAuditEvents",
    summary: "The organisation's audit log: who changed what, with each field before and after",
    description:
      "Every change by a person, an API key (through MCP or an agent too) or the system, recorded in the transaction " +
      "of the change: the organisation's own and its client's client-wide ones (API keys, webhooks, companies, " +
      "users). Oldest first. Each entry is chained to the one before it by SHA-256; `apar audit verify` checks the chains.",
    tags: [TAG],
    access: ACCESS,
    parameters: [...LIST_PARAMETERS, ...FILTERS],
    responses: { "200": { description: "One page, oldest first.", schema: listSchema(AUDIT_EVENT_SCHEMA) } },
    handler: async (ctx) => {
      const { scope } = orgScope(ctx);
      const page = pageOf(ctx);
      if (E.isLeft(page)) return page.left;
      const filter = auditFilterOf((name) => ctx.query.get(name));
      if (E.isLeft(filter)) return filter.left;
      const rows = await listAuditEvents(deps().db.stores.auditLog, scope, filter.right, page.right);
      return { status: 200, body: listEnvelope(rows, auditEventView), headers: NO_STORE };
    },
  },
  {
    method: "GET",
    path: "/v1/audit-events/export",
    operationId: "exportAuditEvents",
    summary: "Export the organisation's audit log as CSV or JSON Lines (streamed)",
    description:
      "The entries the filters select, oldest first, streamed as they are read from the database (a page at a time: " +
      "a year of entries does not grow the server's memory). CSV follows RFC 4180 with a header row; `changes` is " +
      "a JSON object, and `prevHash` and `hash` let the chain be checked outside apar.",
    tags: [TAG],
    access: ACCESS,
    parameters: [
      {
        name: "format",
        in: "query",
        description: "`csv` (default) or `jsonl`.",
        schema: { type: "string", enum: Object.keys(FORMATS), default: "csv" },
      },
      ...FILTERS,
    ],
    responses: {
      "200": {
        description: "The entries: a CSV header row then one row each, or one JSON object a line.",
        mediaType: "text/csv",
        schema: { type: "string", description: `Columns: ${AUDIT_CSV_COLUMNS.join(", ")}.` },
        alternatives: {
          "application/x-ndjson": { type: "string", description: "One audit event (as the list's items) a line." },
        },
      },
    },
    handler: async (ctx) => {
      const { scope } = orgScope(ctx);
      const format = (ctx.query.get("format") ?? "csv").toLowerCase();
      if (format !== "csv" && format !== "jsonl")
        return validationError([{ field: "format", code: "invalid", message: "format is csv or jsonl" }]);
      const filter = auditFilterOf((name) => ctx.query.get(name));
      if (E.isLeft(filter)) return filter.left;
      await streamExport(ctx, format, auditEntries(deps().db.stores.auditLog, scope, filter.right, EXPORT_PAGE));
      return { status: 200 };
    },
  },
];
