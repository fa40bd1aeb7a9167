import { type DomainError, hasModule, isDomainError } from "@apar/core";
import { CATALOGUE_KINDS, type CatalogueKind } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import type { HttpReply, RouteDef } from "../http/route.js";
import { formBody } from "../http/route.js";
import { readCsv, streamCsv } from "../http/routes/import-export-routes.js";
import { explain, idOf, run } from "./actions.js";
import { actingInOrganisation, type PortalDeps, type Signed, signedInForm, signedInPage, userOf } from "./guard.js";
import { page } from "./http.js";
import { EXPORTS_PATH, IMPORTS_PATH, type ImportChoice, importPage } from "./import-pages.js";
import type { PortalKeys } from "./seal.js";
import { HTML_RESPONSE, PORTAL_ROUTE, SEE_OTHER } from "./sign-in-routes.js";

const RESPONSES = {
  "200": HTML_RESPONSE,
  "303": SEE_OTHER,
  "400": { ...HTML_RESPONSE, description: "An HTML page: the file is not CSV, or a choice is not valid." },
  "403": { ...HTML_RESPONSE, description: "An HTML page: the role or the client's plan does not allow it." },
  "404": { ...HTML_RESPONSE, description: "An HTML page: no such organisation the caller acts in." },
} as const;
const MODULE: Readonly<Record<CatalogueKind, "ap" | "ar">> = { suppliers: "ap", customers: "ar", products: "ar" };
const kindOf = (v: string | undefined | null): CatalogueKind | undefined =>
  CATALOGUE_KINDS.find((k) => k === (v ?? "suppliers"));
const cap = (k: CatalogueKind) => k[0]?.toUpperCase() + k.slice(1);
const statusOf = (e: DomainError): number =>
  e.kind === "NotFound" ? 404 : e.kind === "Forbidden" ? 403 : e.kind === "TooLarge" ? 413 : 400;

/** The Import and export page, its form (a dry run or an import), and the exports as CSV. */
export const importRoutes = (deps: PortalDeps, keys: () => Promise<PortalKeys>): RouteDef[] => {
  const organisationsOf = async (s: Signed) => {
    const listed = await run(deps().reports.organisations(s.auth));
    return E.isLeft(listed) ? [] : listed.right;
  };
  /** The caller acting in the organisation as the API's operation allows, with the plan's module; or why not. */
  const acting = async (s: Signed, organisationId: string | undefined, kind: CatalogueKind, verb: string) => {
    if (s.auth.client !== undefined && !hasModule(s.auth.client, MODULE[kind]))
      return { status: 403, error: `The client's plan does not include the ${MODULE[kind]} module.` } as const;
    const at = await actingInOrganisation(deps, s, organisationId ?? "", `${verb}${cap(kind)}`);
    return isDomainError(at) ? ({ status: statusOf(at), error: explain(at) } as const) : at;
  };
  const shown = (
    s: Signed,
    status: number,
    choice: ImportChoice,
    report?: Parameters<typeof importPage>[2],
    error?: string,
  ): HttpReply => page(status, importPage(userOf(s), choice, report, error === undefined ? {} : { error }));

  return [
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: IMPORTS_PATH,
      operationId: "portalImportExportPage",
      summary: "Import suppliers, customers or products from CSV (a dry run first), and export them",
      parameters: [{ name: "organisationId", in: "query", schema: { type: "string", format: "uuid" } }],
      responses: RESPONSES,
      handler: signedInPage(deps, keys, async (ctx, s) => {
        const organisations = await organisationsOf(s);
        const organisationId = idOf(ctx.query.get("organisationId")) ?? organisations[0]?.id;
        return shown(s, 200, { organisations, organisationId, kind: "suppliers", csv: "" });
      }),
    },
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: IMPORTS_PATH,
      operationId: "portalImportCsv",
      summary: "Check a CSV file as a dry run, or import it (all rows or none)",
      requestBody: formBody(["csrf", "organisationId", "kind", "csv", "mode"]),
      responses: {
        ...RESPONSES,
        "422": { ...HTML_RESPONSE, description: "An HTML page: rows have errors; nothing imported." },
      },
      handler: signedInForm(deps, keys, async (_ctx, s, form) => {
        const organisations = await organisationsOf(s);
        const kind = kindOf(form.get("kind"));
        const choice: ImportChoice = {
          organisations,
          organisationId: idOf(form.get("organisationId") ?? undefined),
          kind: kind ?? "suppliers",
          csv: form.get("csv") ?? "",
        };
        if (kind === undefined) return shown(s, 400, choice, undefined, "Choose suppliers, customers or products.");
        const at = await acting(s, choice.organisationId, kind, "import");
        if ("error" in at) return shown(s, at.status, choice, undefined, at.error);
        const file = await readCsv(Buffer.from(choice.csv, "utf8"));
        if (E.isLeft(file)) return shown(s, statusOf(file.left), choice, undefined, explain(file.left));
        const dryRun = form.get("mode") !== "import";
        const report = await run(
          deps().imports.importCsv(at.auth, choice.organisationId ?? "", kind, file.right, dryRun),
        );
        if (E.isLeft(report)) return shown(s, statusOf(report.left), choice, undefined, explain(report.left));
        const failed = !dryRun && report.right.errors.length > 0;
        return shown(s, failed ? 422 : 200, choice, report.right);
      }),
    },
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: EXPORTS_PATH,
      operationId: "portalExportCsv",
      summary: "Export an organisation's suppliers, customers or products as CSV",
      parameters: [
        { name: "organisationId", in: "query", required: true, schema: { type: "string", format: "uuid" } },
        { name: "kind", in: "query", required: true, schema: { type: "string", enum: [...CATALOGUE_KINDS] } },
      ],
      responses: {
        ...RESPONSES,
        "200": { description: "The CSV file.", mediaType: "text/csv", schema: { type: "string" } },
      },
      handler: signedInPage(deps, keys, async (ctx, s) => {
        const organisations = await organisationsOf(s);
        const organisationId = idOf(ctx.query.get("organisationId"));
        const kind = kindOf(ctx.query.get("kind"));
        const choice: ImportChoice = { organisations, organisationId, kind: kind ?? "suppliers", csv: "" };
        if (kind === undefined) return shown(s, 400, choice, undefined, "Choose suppliers, customers or products.");
        const at = await acting(s, organisationId, kind, "export");
        if ("error" in at) return shown(s, at.status, choice, undefined, at.error);
        const chunks = await run(deps().imports.exportCsv(at.auth, organisationId ?? "", kind));
        if (E.isLeft(chunks)) return shown(s, statusOf(chunks.left), choice, undefined, explain(chunks.left));
        return streamCsv(ctx, kind, chunks.right);
      }),
    },
  ];
};
