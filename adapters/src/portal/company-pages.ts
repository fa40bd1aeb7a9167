import { type Html, html } from "../pages/html.js";
import { layout, notice } from "./layout.js";
import type { PortalCompany, PortalCompanyDetail } from "./portal-companies.js";
import { action, type PageUser, when } from "./webhook-pages.js";

/** Messages a redirect may ask a company's page to show, by code. */
export const COMPANY_MESSAGES: Readonly<Record<string, string>> = {
  allowed: "The sender is allowed: its next forwards are read as bills.",
  removed: "The entry is removed: forwards from it are refused from now on.",
};

export const companyHref = (id: string, done?: string): string =>
  `/portal/companies/company?id=${encodeURIComponent(id)}${done === undefined ? "" : `&done=${done}`}`;

/** The Companies page: each company with the address its bills are forwarded to. */
export const companiesPage = (user: PageUser, companies: readonly PortalCompany[], error?: string): Html =>
  layout(
    "Companies",
    html`<h1>Companies</h1>
${notice(error, true)}
<section>
${
  companies.length === 0
    ? html`<p class="muted">No companies yet: create one with <code>POST /v1/companies</code>.</p>`
    : html`<table id="companies"><tr><th scope="col">Company</th><th scope="col">Forward bills to</th></tr>
${companies.map((c) => html`<tr data-company="${c.id}"><td><a href="${companyHref(c.id)}">${c.name}</a></td><td><code>${c.forwardingAddress}</code></td></tr>`)}</table>`
}
</section>`,
    user,
  );

/** One company: who may forward bills to it, and the forwards it refused with a button to allow their sender. */
export const companyPage = (
  user: PageUser,
  d: PortalCompanyDetail,
  form: { message?: string; error?: string; sender?: string } = {},
): Html =>
  layout(
    d.company.name,
    html`<h1>${d.company.name}</h1>
${notice(form.message)}${notice(form.error, true)}
<section>
<p>Forward bills to <code id="forwarding-address">${d.company.forwardingAddress}</code>. Only the senders below are
accepted; anything else is refused and listed under <a href="#rejections">Refused forwards</a>.</p>
<h2>Allowed senders</h2>
${
  d.senders.length === 0
    ? html`<p class="muted">Nobody yet: every forward is refused.</p>`
    : html`<table id="senders"><tr><th scope="col">Sender</th><th scope="col">Kind</th><th scope="col">Added</th><th scope="col"><span class="muted">Action</span></th></tr>
${d.senders.map((s) => html`<tr data-sender="${s.id}"><td><code>${s.value}</code></td><td>${s.kind === "Domain" ? "every address at the domain" : "one address"}</td><td>${when(s.createdAt)}</td><td>${action(user, "/portal/companies/remove-sender", { id: d.company.id, senderId: s.id }, "Remove", "danger")}</td></tr>`)}</table>`
}
<form method="post" action="/portal/companies/allow">
<input type="hidden" name="csrf" value="${user.csrf}"><input type="hidden" name="id" value="${d.company.id}">
<label for="sender">Allow an address (ap@supplier.example) or a whole domain (supplier.example)</label>
<input type="text" id="sender" name="sender" maxlength="320" required value="${form.sender ?? ""}">
<p><button id="allow" type="submit">Allow</button></p>
</form>
</section>
<section id="rejections">
<h2>Refused forwards</h2>
${
  d.rejections.length === 0
    ? html`<p class="muted">None.</p>`
    : html`<table><tr><th scope="col">Received</th><th scope="col">From</th><th scope="col">Subject</th><th scope="col">Why</th><th scope="col"><span class="muted">Action</span></th></tr>
${d.rejections.map(
  (
    r,
  ) => html`<tr data-rejection="${r.id}"><td>${when(r.receivedAt)}</td><td><code>${r.fromAddress}</code></td><td>${r.subject ?? ""}</td>
<td>${r.reason === "SenderNotAllowed" ? "The sender is not allowed" : "The message's sender could not be authenticated (DKIM/SPF/DMARC)"}</td>
<td>${
    r.reason === "SenderNotAllowed"
      ? html`<div class="actions">${action(user, "/portal/companies/allow-rejected", { id: d.company.id, rejectionId: r.id }, "Allow this address", "secondary")}${action(user, "/portal/companies/allow-rejected", { id: d.company.id, rejectionId: r.id, wholeDomain: "true" }, `Allow ${r.fromDomain}`, "secondary")}</div>`
      : ""
  }</td></tr>`,
)}</table>`
}
</section>
<p><a href="/portal/companies">All companies</a></p>`,
    user,
  );

/** The page of a company that is not this client's, or not at all. */
export const companyNotFoundPage = (user: PageUser): Html =>
  layout(
    "Not found",
    html`<section><h1>Not found</h1><p>There is no such company or entry.</p><p><a href="/portal/companies">All companies</a></p></section>`,
    user,
  );
