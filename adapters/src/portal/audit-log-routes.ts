import { pageRequest } from "@apar/core";
import { auditFilterOf } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { exportFormatOf, streamAuditExport } from "../http/audit-export.js";
import type { HttpReply, ParameterDef, RouteDef } from "../http/route.js";
import { html } from "../pages/html.js";
import { explain, idOf, run } from "./actions.js";
import { AUDIT_QUERY_FIELDS, auditLogPage, auditOrganisationsPage, auditQueryOf } from "./audit-log-pages.js";
import { type PortalDeps, type Signed, signedInPage, userOf } from "./guard.js";
import { page } from "./http.js";
import { layout } from "./layout.js";
import type { PortalKeys } from "./seal.js";
import { HTML_RESPONSE, PORTAL_ROUTE, SEE_OTHER } from "./sign-in-routes.js";

const NOT_FOUND = { ...HTML_RESPONSE, description: "An HTML page: no such organisation of this client." };
/** Rows a page shows. */
const PAGE_ROWS = 50;

const FILTER_PARAMETERS: readonly ParameterDef[] = [
  { name: "organisationId", in: "query", schema: { type: "string", format: "uuid" } },
  ...AUDIT_QUERY_FIELDS.map((name): ParameterDef => ({ name, in: "query", schema: { type: "string" } })),
];

const notFoundPage = (s: Signed): HttpReply =>
  page(
    404,
    layout(
      "Not found",
      html`<section><h1>Not found</h1><p>There is no such organisation.</p><p><a href="/portal/audit-log">All organisations</a></p></section>`,
      userOf(s),
    ),
  );

/** The Audit log pages: choose an organisation, then read its log page by page with filters, or export it. */
export const auditLogRoutes = (deps: PortalDeps, keys: () => Promise<PortalKeys>): RouteDef[] => [
  {
    ...PORTAL_ROUTE,
    method: "GET",
    path: "/portal/audit-log",
    operationId: "portalAuditLogPage",
    summary: "The audit log: the organisations, or one organisation's changes with filters and paging",
    parameters: [...FILTER_PARAMETERS, { name: "cursor", in: "query", schema: { type: "string" } }],
    responses: {
      "200": HTML_RESPONSE,
      "303": SEE_OTHER,
      "400": { ...HTML_RESPONSE, description: "An HTML page: a filter is not valid (the log unfiltered)." },
      "404": NOT_FOUND,
    },
    handler: signedInPage(deps, keys, async (ctx, s) => {
      const asked = ctx.query.get("organisationId");
      if (asked === undefined) {
        const listed = await run(deps().auditLog.organisations(s.auth));
        return E.isLeft(listed) ? notFoundPage(s) : page(200, auditOrganisationsPage(userOf(s), listed.right));
      }
      const id = idOf(asked);
      if (id === undefined) return notFoundPage(s);
      const query = auditQueryOf((name) => ctx.query.get(name));
      const filter = auditFilterOf({ get: (name) => query[name as keyof typeof query] });
      const paging = pageRequest(ctx.query.get("cursor"), PAGE_ROWS);
      // A filter that is not valid shows the log unfiltered, with the reason.
      const problem = E.isLeft(filter) ? filter.left : E.isLeft(paging) ? paging.left : undefined;
      const shown = await run(
        deps().auditLog.page(
          s.auth,
          id,
          E.isRight(filter) ? filter.right : {},
          E.isRight(paging) ? paging.right : { limit: PAGE_ROWS },
        ),
      );
      if (E.isLeft(shown)) return notFoundPage(s);
      return page(
        problem === undefined ? 200 : 400,
        auditLogPage(userOf(s), shown.right.organisation, query, shown.right.page, problem && explain(problem)),
      );
    }),
  },
  {
    ...PORTAL_ROUTE,
    method: "GET",
    path: "/portal/audit-log/export",
    operationId: "portalExportAuditLog",
    summary: "Download an organisation's audit log as CSV or JSON Lines (the filters of the page; streamed)",
    parameters: [
      ...FILTER_PARAMETERS,
      { name: "format", in: "query", schema: { type: "string", enum: ["csv", "jsonl"] } },
    ],
    responses: {
      "200": {
        description: "The entries, as GET /v1/audit-events/export answers them.",
        mediaType: "text/csv",
        schema: { type: "string" },
        alternatives: { "application/x-ndjson": { type: "string" } },
      },
      "303": SEE_OTHER,
      "400": { ...HTML_RESPONSE, description: "An HTML page: a filter or the format is not valid." },
      "404": NOT_FOUND,
    },
    handler: signedInPage(deps, keys, async (ctx, s) => {
      const id = idOf(ctx.query.get("organisationId"));
      if (id === undefined) return notFoundPage(s);
      const format = exportFormatOf(ctx.query.get("format"));
      const filter = auditFilterOf(ctx.query);
      const problem = E.isLeft(format) ? format.left : E.isLeft(filter) ? filter.left : undefined;
      if (problem !== undefined || E.isLeft(format) || E.isLeft(filter))
        return page(
          400,
          layout(
            "Not valid",
            html`<section><h1>Not valid</h1><p>${problem && explain(problem)}</p></section>`,
            userOf(s),
          ),
        );
      const entries = await run(deps().auditLog.entries(s.auth, id, filter.right));
      if (E.isLeft(entries)) return notFoundPage(s);
      await streamAuditExport(ctx.res, format.right, entries.right);
      return { status: 200 };
    }),
  },
];
