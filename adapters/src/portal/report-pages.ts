import {
  AGING_BUCKETS,
  type AgingBucket,
  type AgingReport,
  type CustomerStatement,
  type StatementLineType,
  wireAmount,
  wireBuckets,
} from "@apar/core";
import { type Html, html } from "../pages/html.js";
import { layout, notice } from "./layout.js";
import type { PortalCustomer } from "./portal-reports.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";
import type { PageUser } from "./webhook-pages.js";

/** The three report pages. */
export const REPORT_PATHS = {
  payables: "/portal/reports/aged-payables",
  receivables: "/portal/reports/aged-receivables",
  statement: "/portal/reports/statement",
} as const;
type ReportPage = keyof typeof REPORT_PATHS;

const TITLES: Readonly<Record<ReportPage, string>> = {
  payables: "Aged payables",
  receivables: "Aged receivables",
  statement: "Customer statement",
};

const BUCKET_HEADS: Readonly<Record<AgingBucket, string>> = {
  current: "Current",
  days1To30: "1-30 days",
  days31To60: "31-60 days",
  days61To90: "61-90 days",
  over90: "Over 90 days",
};

const LINE_WORDS: Readonly<Record<StatementLineType, string>> = {
  Invoice: "Invoice",
  CreditNote: "Credit note",
  Payment: "Payment",
  Void: "Voided",
};

const query = (values: Readonly<Record<string, string | undefined>>): string =>
  Object.entries(values)
    .filter((e): e is [string, string] => e[1] !== undefined && e[1] !== "")
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("&");

/** A customer's statement page, ending on `to`. */
export const statementHref = (organisationId: string, customerId: string, to?: string): string =>
  `${REPORT_PATHS.statement}?${query({ organisationId, customerId, to })}`;

const reportsNav = (active: ReportPage): Html =>
  html`<nav aria-label="Reports" class="queue-nav">${(Object.keys(REPORT_PATHS) as ReportPage[]).map((p) =>
    p === active
      ? html`<a href="${REPORT_PATHS[p]}" aria-current="page"><strong>${TITLES[p]}</strong></a>`
      : html`<a href="${REPORT_PATHS[p]}">${TITLES[p]}</a>`,
  )}</nav>`;

const organisationSelect = (organisations: readonly PortalOrganisation[], selected: string | undefined): Html =>
  html`<div><label for="organisationId">Organisation</label><select id="organisationId" name="organisationId">${organisations.map(
    (o) => html`<option value="${o.id}"${o.id === selected ? html` selected` : ""}>${o.name}</option>`,
  )}</select></div>`;

const dateInput = (name: string, label: string, value: string | undefined): Html =>
  html`<div><label for="${name}">${label}</label><input type="date" id="${name}" name="${name}" value="${value ?? ""}"></div>`;

/** What every report page shows around its content: title, the reports' navigation, messages. */
const reportLayout = (user: PageUser, active: ReportPage, content: Html, messages: { error?: string } = {}): Html =>
  layout(
    TITLES[active],
    html`<h1>${TITLES[active]}</h1>${reportsNav(active)}${notice(messages.error, true)}${content}`,
    user,
  );

/** The page of a client without organisations the caller may read. */
const noOrganisations = html`<section><p class="muted">There is no organisation to report on.</p></section>`;

const amountCells = (
  buckets: Record<AgingBucket, string>,
  total: string,
  currency: AgingReport["rows"][number]["currency"],
) => {
  const wired = wireBuckets(buckets, currency);
  return html`${AGING_BUCKETS.map((b) => html`<td class="n" data-bucket="${b}">${wired[b]}</td>`)}<td class="n" data-bucket="total"><strong>${wireAmount(total, currency)}</strong></td>`;
};

/**
 * An aging page: the organisation and day to age at (a GET form), then a row per party and currency with the five
 * buckets, and the totals per currency below.
 */
export const agingPage = (
  user: PageUser,
  side: "payables" | "receivables",
  organisations: readonly PortalOrganisation[],
  shown: { organisation: PortalOrganisation; report: AgingReport } | undefined,
  messages: { error?: string } = {},
): Html => {
  if (organisations.length === 0) return reportLayout(user, side, noOrganisations, messages);
  const party = side === "payables" ? "Supplier" : "Customer";
  const form = html`<section><form method="get" action="${REPORT_PATHS[side]}" class="report-form">
${organisationSelect(organisations, shown?.organisation.id)}
${dateInput("asOf", "As of (the end of this day; empty: today)", shown?.report.asOf)}
<p><button type="submit" id="show">Show</button></p></form></section>`;
  if (shown === undefined) return reportLayout(user, side, form, messages);
  const { organisation, report } = shown;
  const name = (row: AgingReport["rows"][number]) =>
    side === "receivables" && row.partyId !== null
      ? html`<a href="${statementHref(organisation.id, row.partyId, report.asOf)}">${row.partyName}</a>`
      : row.partyName === ""
        ? html`<span class="muted">(no name)</span>`
        : html`${row.partyName}`;
  const table =
    report.rows.length === 0
      ? html`<p id="nothing" class="muted">Nothing was owed at the end of ${report.asOf}.</p>`
      : html`<div class="scroll" tabindex="0" role="region" aria-label="The report"><table id="aging">
<caption>${side === "payables" ? `What ${organisation.name} owed its suppliers` : `What customers owed ${organisation.name}`} at the end of ${report.asOf}, by days past due</caption>
<thead><tr><th scope="col">${party}</th><th scope="col">Currency</th>${AGING_BUCKETS.map((b) => html`<th scope="col" class="n">${BUCKET_HEADS[b]}</th>`)}<th scope="col" class="n">Total</th><th scope="col" class="n">Documents</th></tr></thead>
<tbody>${report.rows.map(
          (r) =>
            html`<tr><th scope="row">${name(r)}</th><td>${r.currency}</td>${amountCells({ ...r.buckets }, r.total, r.currency)}<td class="n">${r.documentCount}</td></tr>`,
        )}</tbody>
<tfoot>${report.totals.map(
          (x) =>
            html`<tr class="total" data-currency="${x.currency}"><th scope="row">Total</th><td>${x.currency}</td>${amountCells({ ...x.buckets }, x.total, x.currency)}<td class="n">${x.documentCount}</td></tr>`,
        )}</tfoot>
</table></div>`;
  return reportLayout(
    user,
    side,
    html`${form}<section aria-labelledby="report-heading"><h2 id="report-heading">${organisation.name}: as of ${report.asOf}</h2>
<p class="muted">Amounts per currency; currencies are never added together. Current is not yet due (due on ${report.asOf} or later).</p>
${table}</section>`,
    messages,
  );
};

/** The statement page's choice: organisation, customer and period. */
export interface StatementChoice {
  readonly organisations: readonly PortalOrganisation[];
  readonly organisationId: string | undefined;
  readonly customers: readonly PortalCustomer[];
  readonly customerId: string | undefined;
  readonly from: string | undefined;
  readonly to: string | undefined;
}

const statementTables = (organisationId: string, statement: CustomerStatement): Html => {
  const pdf = `${REPORT_PATHS.statement}.pdf?${query({ organisationId, customerId: statement.customer.id, from: statement.from, to: statement.to })}`;
  return html`<section aria-labelledby="statement-heading"><h2 id="statement-heading">${statement.customer.name}: ${statement.from} to ${statement.to}</h2>
<p><a id="pdf" href="${pdf}">Download the statement as a PDF</a></p>
${
  statement.currencies.length === 0
    ? html`<p id="nothing" class="muted">Nothing was invoiced, credited or paid up to ${statement.to}.</p>`
    : statement.currencies.map(
        (
          part,
        ) => html`<div class="scroll" tabindex="0" role="region" aria-label="Statement in ${part.currency}"><table class="statement" data-currency="${part.currency}">
<caption>${part.currency}</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Type</th><th scope="col">Document</th><th scope="col">Due</th><th scope="col" class="n">Amount</th><th scope="col" class="n">Balance</th></tr></thead>
<tbody><tr class="opening"><th scope="row" colspan="5">Opening balance</th><td class="n">${part.openingBalance}</td></tr>
${part.lines.map(
  (l) =>
    html`<tr data-type="${l.type}"><td>${l.date}</td><td>${LINE_WORDS[l.type]}</td><td>${l.type === "Invoice" ? (l.documentNumber ?? "") : [l.documentNumber, l.invoiceNumber === null ? null : `for ${l.invoiceNumber}`].filter((x) => x !== null).join(" ")}</td><td>${l.dueDate ?? ""}</td><td class="n">${l.amount}</td><td class="n">${l.balance}</td></tr>`,
)}
<tr class="closing"><th scope="row" colspan="5">Closing balance</th><td class="n"><strong>${part.closingBalance}</strong></td></tr></tbody>
</table></div>
<table class="aging" data-currency="${part.currency}"><caption>Owed at the end of ${statement.to} (${part.currency})</caption>
<tbody>${AGING_BUCKETS.map((b) => html`<tr><th scope="row">${BUCKET_HEADS[b]}</th><td class="n" data-bucket="${b}">${part.aging[b]}</td></tr>`)}
<tr><th scope="row">Overdue</th><td class="n" data-bucket="overdue"><strong>${part.overdue}</strong></td></tr></tbody></table>`,
      )
}</section>`;
};

/** The statement page: the choice (a GET form), then the statement when a customer is chosen. */
export const statementPage = (
  user: PageUser,
  choice: StatementChoice,
  statement: CustomerStatement | undefined,
  messages: { error?: string } = {},
): Html => {
  if (choice.organisations.length === 0) return reportLayout(user, "statement", noOrganisations, messages);
  const form = html`<section><form method="get" action="${REPORT_PATHS.statement}" class="report-form">
${organisationSelect(choice.organisations, choice.organisationId)}
<div><label for="customerId">Customer</label><select id="customerId" name="customerId">${choice.customers.map(
    (c) => html`<option value="${c.id}"${c.id === choice.customerId ? html` selected` : ""}>${c.name}</option>`,
  )}</select></div>
${dateInput("from", "From (empty: 90 days before the end)", choice.from)}
${dateInput("to", "To (empty: today)", choice.to)}
<p><button type="submit" id="show">Show</button></p></form>
${choice.customers.length === 0 ? html`<p class="muted">This organisation has no customers yet.</p>` : ""}</section>`;
  return reportLayout(
    user,
    "statement",
    html`${form}${statement === undefined || choice.organisationId === undefined ? "" : statementTables(choice.organisationId, statement)}`,
    messages,
  );
};
