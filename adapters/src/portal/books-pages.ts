import { ACCOUNT_ROLES, type AccountingChart, type AccountingExport, type Organisation } from "@apar/core";
import { type Html, html } from "../pages/html.js";
import { layout, notice } from "./layout.js";
import { action, type PageUser, when } from "./webhook-pages.js";

/** Messages a redirect may ask the Books page to show, by code. */
export const BOOKS_MESSAGES: Readonly<Record<string, string>> = {
  exported: "The export is recorded: download its file below. Acknowledge it once your accounting system has taken it.",
  acknowledged: "The export is acknowledged: the match groups of its bills are Synced.",
};

/** The export form as sent (shown again after a refusal). */
export interface ExportForm {
  readonly from: string;
  readonly to: string;
  readonly format: string;
  readonly onlyNew: boolean;
}

/** What the Books page shows for one organisation. */
export interface BooksView {
  /** The organisations whose books the caller may open; `current` is one of them. */
  readonly organisations: readonly Organisation[];
  readonly current: Organisation;
  readonly chart: AccountingChart;
  readonly exports: readonly AccountingExport[];
  readonly form: ExportForm;
  readonly message?: string;
  readonly error?: string;
}

const ROLE_WORDS: Readonly<Record<(typeof ACCOUNT_ROLES)[number], string>> = {
  payables: "Payables (owed to suppliers)",
  receivables: "Receivables (owed by customers)",
  bank: "Bank",
  expenses: "Expenses (what bills cost)",
  revenue: "Revenue (what invoices earn)",
  inputVat: "Input VAT (on bills)",
  outputVat: "Output VAT (on invoices)",
};

const FORMAT_WORDS: Readonly<Record<string, string>> = {
  csv: "CSV (apar's journal: one row per line)",
  datev: "DATEV Buchungsstapel (EXTF, for a tax adviser)",
};

const fileHref = (view: BooksView, e: AccountingExport) =>
  `/portal/books/exports/${e.id}/file?organisationId=${view.current.id}`;

const exportRow = (user: PageUser, view: BooksView, e: AccountingExport): Html => html`<tr id="export-${e.id}">
<td>${e.from} to ${e.to}</td>
<td>${e.format === "datev" ? "DATEV" : "CSV"}${e.onlyNew ? html` <span class="muted">(only new)</span>` : ""}</td>
<td class="n">${String(e.entryCount)}</td>
<td>${when(e.createdAt)}</td>
<td><a href="${fileHref(view, e)}" aria-label="Download the export of ${e.from} to ${e.to}">Download</a></td>
<td>${
  e.acknowledgedAt !== null
    ? html`${when(e.acknowledgedAt)}<br><span class="muted">${String(e.matchGroupsSynced)} match groups synced</span>`
    : user.may?.("portalAcknowledgeBooksExport") === true
      ? action(
          user,
          `/portal/books/exports/${e.id}/acknowledge`,
          { organisationId: view.current.id },
          "Acknowledge",
          "secondary",
        )
      : html`<span class="muted">not yet</span>`
}</td>
</tr>`;

const exportForm = (user: PageUser, view: BooksView): Html => {
  const datevReady = view.chart.datev.consultantNumber !== null && view.chart.datev.clientNumber !== null;
  return html`<section>
<h2>Export the books</h2>
<form method="post" action="/portal/books/exports" class="report-form">
<input type="hidden" name="csrf" value="${user.csrf}"><input type="hidden" name="organisationId" value="${view.current.id}">
<div><label for="books-from">From</label><input type="date" id="books-from" name="from" required value="${view.form.from}"></div>
<div><label for="books-to">To (included)</label><input type="date" id="books-to" name="to" required value="${view.form.to}"></div>
<div><label for="books-format">Format</label><select id="books-format" name="format">${Object.entries(FORMAT_WORDS).map(
    ([value, words]) =>
      html`<option value="${value}"${view.form.format === value ? html` selected` : ""}>${words}</option>`,
  )}</select></div>
<div><label><input type="checkbox" name="onlyNew" value="true"${view.form.onlyNew ? html` checked` : ""}> Only entries no acknowledged export carried</label></div>
<p><button type="submit" id="export">Export</button></p>
</form>
<p class="muted">Posted bills (approved and later) by their invoice date, issued invoices and credit notes, and payments,
each entry balanced, in the document's currency. ${
    datevReady
      ? ""
      : html`A DATEV file needs the adviser's Beraternummer and Mandantennummer: an administrator sets them with
<code>PUT /v1/accounting/chart</code>.`
  }</p>
</section>`;
};

/** The Books page of one organisation: the export form, its exports with their files, and its chart. */
export const booksPage = (user: PageUser, view: BooksView): Html =>
  layout(
    "Books",
    html`<h1>Books of ${view.current.name}</h1>
${notice(view.message)}${notice(view.error, true)}
${
  view.organisations.length > 1
    ? html`<nav class="queue-nav" aria-label="Organisations">${view.organisations.map((o) =>
        o.id === view.current.id
          ? html`<strong>${o.name}</strong> `
          : html`<a href="/portal/books?organisationId=${o.id}">${o.name}</a> `,
      )}</nav>`
    : ""
}
${user.may?.("portalCreateBooksExport") === true ? exportForm(user, view) : ""}
<section>
<h2>Exports</h2>
${
  view.exports.length === 0
    ? html`<p>No export yet.</p>`
    : html`<div class="scroll" tabindex="0"><table id="exports">
<caption>The newest exports first</caption>
<thead><tr><th scope="col">Period</th><th scope="col">Format</th><th scope="col" class="n">Entries</th><th scope="col">Made</th><th scope="col">File</th><th scope="col">Acknowledged</th></tr></thead>
<tbody>${view.exports.map((e) => exportRow(user, view, e))}</tbody>
</table></div>`
}
</section>
<section>
<h2>Chart of accounts</h2>
<table id="chart">
<thead><tr><th scope="col">Role</th><th scope="col">Account</th></tr></thead>
<tbody>${ACCOUNT_ROLES.map((r) => html`<tr><td>${ROLE_WORDS[r]}</td><td><code>${view.chart.accounts[r]}</code></td></tr>`)}</tbody>
</table>
<p class="muted">${view.chart.updatedAt === null ? "SKR03 defaults. " : ""}An administrator changes the accounts and the DATEV
settings with <code>PUT /v1/accounting/chart</code>.</p>
</section>`,
    user,
  );

/** The Books page when the caller may open no organisation's books, or asked for one they may not. */
export const noBooksPage = (user: PageUser, why: string): Html =>
  layout("Books", html`<h1>Books</h1><section><p>${why}</p></section>`, user);
