import { Html, html } from "../pages/html.js";

/** The portal's stylesheet (served at /portal/portal.css; the CSP allows no inline style). */
export const PORTAL_CSS = `
:root { color-scheme: light; --ink: #1d2430; --muted: #5b6575; --line: #d8dde5; --accent: #1f5fbf; --bad: #b42318; --good: #067647; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: var(--ink); background: #f6f7f9; }
header { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; padding: .75rem 1.5rem; background: #fff; border-bottom: 1px solid var(--line); }
header .brand { font-weight: 700; }
header nav { flex: 1; }
header nav a { margin-right: 1rem; }
main { max-width: 70rem; margin: 1.5rem auto; padding: 0 1.5rem; }
section { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 1rem 1.25rem; margin-bottom: 1.25rem; }
h1 { font-size: 1.4rem; margin: 0 0 1rem; } h2 { font-size: 1.1rem; margin: 0 0 .75rem; }
a { color: var(--accent); }
table { width: 100%; border-collapse: collapse; font-size: .92rem; }
th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; }
code, .mono { font-family: ui-monospace, monospace; font-size: .9em; word-break: break-all; }
label { display: block; margin: .5rem 0 .25rem; font-weight: 600; }
input[type=text], input[type=url], input[type=password], input[type=email] { width: 100%; padding: .45rem .5rem; border: 1px solid var(--line); border-radius: 4px; font: inherit; }
fieldset { border: 1px solid var(--line); border-radius: 4px; margin: .75rem 0; columns: 3 14rem; }
fieldset label { font-weight: 400; margin: 0; }
button { font: inherit; padding: .35rem .8rem; border: 1px solid var(--accent); background: var(--accent); color: #fff; border-radius: 4px; cursor: pointer; }
button.secondary { background: #fff; color: var(--accent); }
a.button { display: inline-block; padding: .35rem .8rem; border: 1px solid var(--accent); background: var(--accent); color: #fff; border-radius: 4px; text-decoration: none; }
ul.accounts { list-style: none; padding: 0; } ul.accounts li { margin: .5rem 0; } ul.accounts form { display: flex; gap: .75rem; align-items: baseline; flex-wrap: wrap; }
fieldset.roles { columns: auto; display: flex; gap: 1rem; flex-wrap: wrap; } fieldset.roles label { display: inline; }
button.danger { background: #fff; color: var(--bad); border-color: var(--bad); }
form.inline { display: inline; }
.actions form { display: inline-block; margin: 0 .4rem .4rem 0; }
.notice { padding: .6rem .8rem; border-radius: 4px; margin-bottom: 1rem; background: #eef4ff; border: 1px solid #c7d7fe; }
.error { background: #fef3f2; border-color: #fecdca; color: var(--bad); }
.secret { padding: .75rem; background: #fffaeb; border: 1px solid #fedf89; border-radius: 4px; }
.secret input { font-family: ui-monospace, monospace; }
.on { color: var(--good); font-weight: 600; } .off { color: var(--bad); font-weight: 600; }
.muted { color: var(--muted); }
input[type=date], select, textarea { width: 100%; padding: .45rem .5rem; border: 1px solid var(--line); border-radius: 4px; font: inherit; }
input[readonly] { background: #f6f7f9; }
caption { text-align: left; font-weight: 600; padding-bottom: .5rem; }
.review { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 1.25rem; align-items: start; }
@media (max-width: 56rem) { .review { grid-template-columns: 1fr; } }
.document { width: 100%; height: 48rem; border: 1px solid var(--line); border-radius: 4px; background: #fff; }
img.document { height: auto; }
.field { margin-bottom: .5rem; }
.field.low input { border: 2px solid #b54708; background: #fffaeb; }
.field input[aria-invalid=true] { border: 2px solid var(--bad); background: #fef3f2; }
.field-error { display: block; color: var(--bad); font-weight: 600; }
.flag { font-size: .8rem; font-weight: 700; color: #93370d; background: #fef0c7; border-radius: 3px; padding: 0 .35rem; }
.decide { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; } .decide form { flex: 1 1 14rem; }
.queue-nav a { margin-right: .75rem; }
.scroll { overflow-x: auto; }
@media (max-width: 40rem) { main { padding: 0 .5rem; } section { padding: .75rem; } header nav { flex-basis: 100%; order: 3; } header nav a { display: inline-block; } }
td.n, th.n { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.overdue { color: var(--bad); font-weight: 600; }
tfoot th, tfoot td { border-top: 2px solid var(--line); font-weight: 600; }
.report-form { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: 0 1rem; align-items: end; }
ul.changes { margin: 0; padding-left: 1rem; } ul.changes li { word-break: break-word; }
kbd { font-family: ui-monospace, monospace; border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 3px; padding: 0 .3rem; background: #fff; }
a:focus-visible, button:focus-visible, input:focus-visible, textarea:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
`;

/** What the layout shows about the signed-in caller (absent on the sign-in page). */
export interface LayoutUser {
  readonly clientName: string;
  readonly csrf: string;
  /** Whether the caller may do an operation: the navigation links only the pages the caller may open. */
  readonly may?: (operationId: string) => boolean;
}

/** The navigation: each page with the operation that opens it. */
const NAVIGATION: readonly (readonly [path: string, label: string, operationId: string])[] = [
  ["/portal/review", "Review", "portalReviewQueue"],
  ["/portal/bills", "Bills", "portalBillList"],
  ["/portal/approval-policies", "Approval policies", "portalApprovalPoliciesPage"],
  ["/portal/people", "People", "portalPeoplePage"],
  ["/portal/webhooks", "Webhooks", "portalWebhooksPage"],
  ["/portal/api-keys", "API keys", "portalApiKeysPage"],
  ["/portal/companies", "Companies", "portalCompaniesPage"],
  ["/portal/seller-identity", "Seller identity", "portalSellerIdentityPage"],
  ["/portal/reports/aged-receivables", "Reports", "portalAgedReceivablesPage"],
  ["/portal/imports", "Import and export", "portalImportExportPage"],
  ["/portal/audit-log", "Audit log", "portalAuditLogPage"],
  ["/portal/books", "Books", "portalBooksPage"],
];

const navigationOf = (user: LayoutUser): Html =>
  html`<nav>${NAVIGATION.filter(([, , op]) => user.may?.(op) ?? true).map(
    ([path, label]) => html`<a href="${path}">${label}</a>`,
  )}</nav>`;

/** A whole page: head (with `head` added), header with navigation and sign-out, and the content. */
export const layout = (title: string, content: Html, user?: LayoutUser, head?: Html): Html => html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · apar portal</title>
<link rel="stylesheet" href="/portal/portal.css">
${head}
</head>
<body>
<header>
<span class="brand">apar portal</span>
${
  user === undefined
    ? html`<nav></nav>`
    : html`${navigationOf(user)}
<span class="muted">${user.clientName}</span>
<form class="inline" method="post" action="/portal/sign-out"><input type="hidden" name="csrf" value="${user.csrf}"><button class="secondary" type="submit">Sign out</button></form>`
}
</header>
<main>
${content}
</main>
</body>
</html>
`;

/** A notice line; `error` styles it as a failure. */
export const notice = (text: string | undefined, error = false): Html =>
  text === undefined || text === ""
    ? new Html("")
    : html`<p class="${error ? "notice error" : "notice"}" role="status">${text}</p>`;
