import { BILL_STATES, type BillJson } from "@apar/core";
import { type Html, html } from "../pages/html.js";
import { layout, notice } from "./layout.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";
import { billHref, money, overdue, stateWords } from "./review-pages.js";
import type { PageUser } from "./webhook-pages.js";

/** What the bill list was asked for: the filter form's values as sent (shown again in the form). */
export interface BillListQuery {
  readonly organisationId: string;
  readonly state: string;
  readonly supplier: string;
  readonly invoiceDateFrom: string;
  readonly invoiceDateTo: string;
}

/** One page of the list: the bills and the cursor of the next page (absent on the last). */
export interface BillListRows {
  readonly organisation: PortalOrganisation;
  readonly bills: readonly BillJson[];
  readonly nextCursor?: string;
}

/** What the page says after an upload (the `done` query parameter). */
export const BILL_LIST_MESSAGES: Readonly<Record<string, string>> = {
  uploaded: "The document is uploaded: it is being read, then it waits in the review queue.",
};

/** The list's address with the filter (and a cursor), as the filter form sends it. */
export const billListHref = (query: BillListQuery, cursor?: string): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== "") params.set(name, value);
  if (cursor !== undefined) params.set("cursor", cursor);
  return `/portal/bills?${params.toString()}`;
};

const organisationSelect = (organisations: readonly PortalOrganisation[], selected: string, id: string): Html =>
  html`<label for="${id}">Organisation</label>
<select id="${id}" name="organisationId">${organisations.map(
    (o) => html`<option value="${o.id}"${o.id === selected ? html` selected` : ""}>${o.name}</option>`,
  )}</select>`;

const filterForm = (organisations: readonly PortalOrganisation[], query: BillListQuery): Html =>
  html`<form method="get" action="/portal/bills" class="filters" aria-label="Filter the bills">
${organisationSelect(organisations, query.organisationId, "filter-organisation")}
<label for="filter-state">State</label>
<select id="filter-state" name="state"><option value="">Any state</option>${BILL_STATES.map(
    (s) => html`<option value="${s}"${s === query.state ? html` selected` : ""}>${stateWords(s)}</option>`,
  )}</select>
<label for="filter-supplier">Supplier name contains</label>
<input id="filter-supplier" name="supplier" value="${query.supplier}">
<label for="filter-from">Invoice date from</label>
<input id="filter-from" type="date" name="invoiceDateFrom" value="${query.invoiceDateFrom}">
<label for="filter-to">Invoice date to</label>
<input id="filter-to" type="date" name="invoiceDateTo" value="${query.invoiceDateTo}">
<button type="submit">Show bills</button>
</form>`;

const uploadForm = (user: PageUser, organisations: readonly PortalOrganisation[], selected: string): Html =>
  user.may?.("portalUploadBill") === false
    ? html``
    : html`<section><h2>Upload a bill</h2>
<form method="post" action="/portal/bills/upload" enctype="multipart/form-data">
<input type="hidden" name="csrf" value="${user.csrf}">
${organisationSelect(organisations, selected, "upload-organisation")}
<label for="upload-file">Document (PDF, image or e-invoice XML)</label>
<input id="upload-file" type="file" name="file" required accept=".pdf,.png,.jpg,.jpeg,.tif,.tiff,.webp,.xml,application/pdf,image/*,application/xml,text/xml">
<button type="submit">Upload</button>
</form></section>`;

const billRows = (rows: BillListRows, now: Date): Html =>
  rows.bills.length === 0
    ? html`<p class="muted" id="bills-empty">No bills match.</p>`
    : html`<div class="scroll"><table id="bills"><caption>Bills of ${rows.organisation.name}</caption>
<thead><tr><th scope="col">Supplier</th><th scope="col">Invoice number</th><th scope="col">Invoice date</th><th scope="col" class="n">Total</th><th scope="col">Due</th><th scope="col">State</th></tr></thead>
<tbody>${rows.bills.map(
        (
          bill,
        ) => html`<tr><td><a href="${billHref(rows.organisation.id, bill.id)}">${bill.supplierName ?? "Unknown supplier"}</a></td>
<td>${bill.invoiceNumber ?? ""}</td><td>${bill.invoiceDate ?? ""}</td><td class="n">${money(bill.totalAmount, bill.currency)}</td>
<td>${bill.dueDate ?? ""}${
          overdue(bill.dueDate, rows.organisation, now) && !["Paid", "Voided", "Rejected"].includes(bill.state)
            ? html` <span class="overdue">overdue</span>`
            : ""
        }</td><td>${stateWords(bill.state)}</td></tr>`,
      )}</tbody></table></div>`;

/**
 * The Bills page: a filter over one organisation's bills (state, supplier, invoice dates), a page of them oldest
 * first with a link to the next page, and the upload form. `rows` is absent when the filter was refused.
 */
export const billListPage = (
  user: PageUser,
  organisations: readonly PortalOrganisation[],
  query: BillListQuery,
  rows: BillListRows | undefined,
  now: Date,
  messages: { readonly message?: string; readonly error?: string } = {},
): Html =>
  layout(
    "Bills",
    html`<h1>Bills</h1>
${notice(messages.message)}${notice(messages.error, true)}
${
  organisations.length === 0
    ? html`<p class="muted">The client has no organisation you act in.</p>`
    : html`<section>${filterForm(organisations, query)}</section>
<section>${rows === undefined ? "" : billRows(rows, now)}${
        rows?.nextCursor === undefined
          ? ""
          : html`<p><a rel="next" href="${billListHref(query, rows.nextCursor)}">Next page</a></p>`
      }</section>
${uploadForm(user, organisations, query.organisationId)}`
}`,
    user,
  );
