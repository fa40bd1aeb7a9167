import type { CatalogueKind, ImportReport } from "@apar/core/app";
import { type Html, html } from "../pages/html.js";
import { layout, notice } from "./layout.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";
import type { PageUser } from "./webhook-pages.js";

export const IMPORTS_PATH = "/portal/imports";
export const EXPORTS_PATH = "/portal/exports";

const KIND_NAMES: Readonly<Record<CatalogueKind, string>> = {
  suppliers: "Suppliers",
  customers: "Customers",
  products: "Products",
};
const ACTIONS: Readonly<Record<string, string>> = {
  create: "Create",
  update: "Update",
  unchanged: "Unchanged",
  error: "Error",
};

/** What the page shows: the organisation and kind chosen, the CSV sent, and the report of a dry run or import. */
export interface ImportChoice {
  readonly organisations: readonly PortalOrganisation[];
  readonly organisationId: string | undefined;
  readonly kind: CatalogueKind;
  readonly csv: string;
}

const reportTable = (report: ImportReport): Html => {
  const summary = report.imported
    ? `Imported: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged.`
    : report.errors.length > 0
      ? `${report.errors.length} error(s): nothing was ${report.dryRun ? "changed (a dry run)" : "imported"}.`
      : `Dry run: ${report.created} to create, ${report.updated} to update, ${report.unchanged} unchanged. Nothing was written yet.`;
  const errors =
    report.errors.length === 0
      ? html``
      : html`<div class="scroll" tabindex="0" role="region" aria-label="Errors"><table id="import-errors">
<caption>Errors, by row of the file (the header is row 1)</caption>
<thead><tr><th scope="col" class="n">Row</th><th scope="col">Column</th><th scope="col">Code</th><th scope="col">Message</th></tr></thead>
<tbody>${report.errors.map(
          (e) =>
            html`<tr><td class="n">${String(e.row)}</td><td>${e.column ?? ""}</td><td>${e.code}</td><td>${e.message}</td></tr>`,
        )}</tbody></table></div>`;
  const rows = html`<div class="scroll" tabindex="0" role="region" aria-label="Rows"><table id="import-rows">
<caption>What each row ${report.imported ? "did" : "would do"}</caption>
<thead><tr><th scope="col" class="n">Row</th><th scope="col">Action</th><th scope="col">Changes</th><th scope="col">Record</th></tr></thead>
<tbody>${report.results.map(
    (r) =>
      html`<tr data-action="${r.action}"><td class="n">${String(r.row)}</td><td>${ACTIONS[r.action] ?? r.action}</td><td>${r.changes.join(", ")}</td><td>${r.id ?? ""}</td></tr>`,
  )}</tbody></table></div>`;
  return html`<section aria-labelledby="report-title"><h2 id="report-title">${report.dryRun ? "Dry run" : "Import"}</h2><p id="import-summary">${summary}</p>${errors}${rows}</section>`;
};

/**
 * The Import and export page: links to each export (CSV, the columns the import takes), and a form taking a CSV
 * (pasted) to check as a dry run or to import, with the report as tables.
 */
export const importPage = (
  user: PageUser,
  choice: ImportChoice,
  report: ImportReport | undefined,
  messages: { error?: string } = {},
): Html => {
  const { organisations, organisationId, kind, csv } = choice;
  const head = html`<h1>Import and export</h1>${notice(messages.error, true)}`;
  if (organisations.length === 0)
    return layout(
      "Import and export",
      html`${head}<section><p class="muted">There is no organisation to import into.</p></section>`,
      user,
    );
  const selected = organisationId ?? organisations[0]?.id ?? "";
  const kinds = Object.keys(KIND_NAMES) as CatalogueKind[];
  const exports = html`<section aria-labelledby="export-title"><h2 id="export-title">Export</h2>
<p>CSV files (RFC 4180) of ${organisations.find((o) => o.id === selected)?.name ?? "the organisation"}, with exactly the columns the import takes:</p>
<ul>${kinds.map((k) => html`<li><a href="${EXPORTS_PATH}?organisationId=${selected}&amp;kind=${k}">${KIND_NAMES[k]} (CSV)</a></li>`)}</ul></section>`;
  const form = html`<section aria-labelledby="import-title"><h2 id="import-title">Import</h2>
<p>Paste a CSV file with a header row. Check it first: the dry run lists what each row would do and every error,
and writes nothing. An import writes every row or, if any row has an error, none. A supplier's bank account is
a proposal that another person confirms.</p>
<form method="post" action="${IMPORTS_PATH}">
<input type="hidden" name="csrf" value="${user.csrf}">
<div><label for="organisationId">Organisation</label><select id="organisationId" name="organisationId">${organisations.map(
    (o) => html`<option value="${o.id}"${o.id === selected ? html` selected` : ""}>${o.name}</option>`,
  )}</select></div>
<div><label for="kind">Records</label><select id="kind" name="kind">${kinds.map(
    (k) => html`<option value="${k}"${k === kind ? html` selected` : ""}>${KIND_NAMES[k]}</option>`,
  )}</select></div>
<div><label for="csv">CSV</label><textarea id="csv" name="csv" rows="10" cols="80" required>${csv}</textarea></div>
<p><button type="submit" name="mode" value="dryRun" id="dry-run">Check (dry run)</button>
<button type="submit" name="mode" value="import" id="import">Import</button></p>
</form></section>`;
  return layout(
    "Import and export",
    html`${head}${report === undefined ? html`` : reportTable(report)}${form}${exports}`,
    user,
  );
};
