import { type AuditEntry, encodeIdCursor } from "@apar/core";
import { AUDIT_ACTOR_TYPES } from "@apar/core/app";
import type { Page } from "@apar/core/ports";
import { type Html, html } from "../pages/html.js";
import { layout, notice } from "./layout.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";
import { type PageUser, when } from "./webhook-pages.js";

/** The filters as the form sends them (text as typed), for the form, the paging and the export links. */
export type AuditQuery = Readonly<Record<(typeof AUDIT_QUERY_FIELDS)[number], string>>;
const PERIOD = ["from", "to"] as const;
/** The filters' names, in the form's order. */
export const AUDIT_QUERY_FIELDS = ["actorType", "actorId", "resourceType", "resourceId", "type", ...PERIOD] as const;

/** `/portal/audit-log` for an organisation with the filters given (empty ones left out), and more. */
export const auditHref = (
  organisationId: string,
  query: Partial<AuditQuery> = {},
  extra: Record<string, string> = {},
  path = "/portal/audit-log",
): string => {
  const params = new URLSearchParams({ organisationId });
  for (const [name, value] of Object.entries({ ...query, ...extra })) if (value !== "") params.set(name, value);
  return `${path}?${params.toString()}`;
};

/** The organisations to choose from. */
export const auditOrganisationsPage = (user: PageUser, organisations: readonly PortalOrganisation[]): Html =>
  layout(
    "Audit log",
    html`<h1>Audit log</h1>
<section>
<p>Every change in an organisation and its client: who made it (a person, an API key, an MCP client or agent acting
for one, or the system), when, and each field before and after. Choose an organisation.</p>
${
  organisations.length === 0
    ? html`<p class="muted">The client has no organisations yet.</p>`
    : html`<ul id="organisations">${organisations.map((o) => html`<li><a href="${auditHref(o.id)}">${o.name}</a></li>`)}</ul>`
}
</section>`,
    user,
  );

const actorOf = (e: AuditEntry): Html =>
  e.actor.type === "system"
    ? html`system`
    : html`${e.actor.type === "user" ? "user" : "API key"} <code>${e.actor.id ?? ""}</code>${
        e.actor.via === undefined ? "" : html` via ${e.actor.via === "mcp" ? "MCP" : "agent"}`
      }`;

const shown = (value: unknown): string => {
  const text = value === null || value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

const changesOf = (e: AuditEntry): Html => {
  const fields = Object.entries(e.changes);
  if (fields.length === 0) return html`<span class="muted">no field changes</span>`;
  return html`<ul class="changes">${fields.map(
    ([field, c]) => html`<li><code>${field}</code>: ${shown(c.before)} → ${shown(c.after)}</li>`,
  )}</ul>`;
};

const field = (name: keyof AuditQuery, label: string, query: AuditQuery, type = "text"): Html =>
  html`<label for="${name}">${label}</label><input type="${type}" id="${name}" name="${name}" value="${query[name]}">`;

/** One organisation's log: the filters, a page of entries, the next page, and the exports of what is filtered. */
export const auditLogPage = (
  user: PageUser,
  organisation: PortalOrganisation,
  query: AuditQuery,
  entries: Page<AuditEntry>,
  error?: string,
): Html => {
  const last = entries.items.at(-1);
  const exportHref = (format: string) => auditHref(organisation.id, query, { format }, "/portal/audit-log/export");
  return layout(
    `Audit log of ${organisation.name}`,
    html`<h1>Audit log of ${organisation.name}</h1>
${error === undefined ? "" : notice(error, true)}
<section>
<h2>Filters</h2>
<form method="get" action="/portal/audit-log" id="filters">
<input type="hidden" name="organisationId" value="${organisation.id}">
<label for="actorType">Who</label>
<select id="actorType" name="actorType">
<option value=""${query.actorType === "" ? " selected" : ""}>anyone</option>
${AUDIT_ACTOR_TYPES.map(
  (t) =>
    html`<option value="${t}"${query.actorType === t ? html` selected` : ""}>${t === "api_key" ? "an API key" : t === "user" ? "a person" : "the system"}</option>`,
)}
</select>
${field("actorId", "Person's or key's id", query)}
${field("resourceType", "Kind of resource (bill, supplier, api_key, ...)", query)}
${field("resourceId", "Resource id", query)}
${field("type", "Change (bill.approved, api_key.created, ...)", query)}
${field("from", "From (date, UTC)", query, "date")}
${field("to", "Before (date, UTC)", query, "date")}
<p><button type="submit">Show</button> <a href="${auditHref(organisation.id)}">Clear the filters</a></p>
</form>
<p>Export what these filters select: <a id="export-csv" href="${exportHref("csv")}">CSV</a> ·
<a id="export-jsonl" href="${exportHref("jsonl")}">JSON Lines</a>. Each entry carries its hash and the previous
entry's; <code>apar audit verify</code> checks the chains.</p>
</section>
<section class="scroll">
<table id="entries">
<caption>Changes, oldest first</caption>
<thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">Resource</th><th scope="col">Fields before → after</th></tr></thead>
<tbody>
${
  entries.items.length === 0
    ? html`<tr><td colspan="5" class="muted">No changes match.</td></tr>`
    : entries.items.map(
        (e) =>
          html`<tr data-entry="${e.id}"><td>${when(e.occurredAt)}</td><td>${actorOf(e)}</td><td><code>${e.type}</code></td><td>${e.resourceType} <code>${e.resourceId}</code></td><td>${changesOf(e)}</td></tr>`,
      )
}
</tbody>
</table>
${
  entries.hasMore && last !== undefined
    ? html`<p><a id="next" href="${auditHref(organisation.id, query, { cursor: encodeIdCursor(last.id) })}">Next page</a></p>`
    : ""
}
<p><a href="/portal/audit-log">All organisations</a></p>
</section>`,
    user,
  );
};

/** The form's text of each filter. */
export const auditQueryOf = (get: (name: string) => string | undefined): AuditQuery =>
  Object.fromEntries(AUDIT_QUERY_FIELDS.map((name) => [name, (get(name) ?? "").trim()])) as AuditQuery;
