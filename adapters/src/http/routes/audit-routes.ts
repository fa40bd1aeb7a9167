import { listEnvelope } from "@apar/core";
import {
  AUDIT_FILTER,
  AuditEventView,
  auditEntries,
  auditEventView,
  auditFilterOf,
  listAuditEvents,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { AUDIT_CSV_COLUMNS, EXPORT_PAGE, exportFormatOf, streamAuditExport } from "../audit-export.js";
import { queryFilter } from "../query-filter.js";
import type { RouteDef } from "../route.js";
import { LIST_PARAMETERS, listSchema, NO_STORE, orgScope, pageOf, type TenancyRouteDeps } from "./support.js";

const TAG = "audit";
const ACCESS = { scope: "organisation" } as const; // which roles: the permissions table

const FILTERS = queryFilter(AUDIT_FILTER).parameters;

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
    responses: { "200": { description: "One page, oldest first.", schema: listSchema(AuditEventView) } },
    handler: async (ctx) => {
      const { scope } = orgScope(ctx);
      const page = pageOf(ctx);
      if (E.isLeft(page)) return page.left;
      const filter = auditFilterOf(ctx.query);
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
        schema: { type: "string", enum: ["csv", "jsonl"], default: "csv" },
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
      const format = exportFormatOf(ctx.query.get("format"));
      if (E.isLeft(format)) return format.left;
      const filter = auditFilterOf(ctx.query);
      if (E.isLeft(filter)) return filter.left;
      await streamAuditExport(
        ctx.res,
        format.right,
        auditEntries(deps().db.stores.auditLog, scope, filter.right, EXPORT_PAGE),
      );
      return { status: 200 };
    },
  },
];
