import { POLICY_ACTIONS, POLICY_MATCH_STATUSES, SUPPLIER_STANDINGS } from "@apar/core";
import type { PolicyJson } from "@apar/core/app";
import { type Html, html } from "../pages/html.js";
import type { PortalChoice, PortalPolicySet } from "./core-policies.js";
import { layout, notice } from "./layout.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";
import type { PageUser } from "./webhook-pages.js";

export const policiesHref = (organisationId: string, done?: string): string =>
  `/portal/approval-policies?organisationId=${encodeURIComponent(organisationId)}${done === undefined ? "" : `&done=${done}`}`;

export const policyHref = (organisationId: string, id?: string): string =>
  `/portal/approval-policies/policy?organisationId=${encodeURIComponent(organisationId)}${id === undefined ? "" : `&id=${encodeURIComponent(id)}`}`;

/** What the list says after a change (the `done` query parameter). */
export const POLICY_MESSAGES: Readonly<Record<string, string>> = {
  saved: "Saved: bills submitted from now on are decided by it; bills already submitted keep their decision.",
  deleted: "The policy is deleted.",
};

const ACTION_WORDS: Readonly<Record<string, string>> = {
  AutoApprove: "Approve at once",
  AlwaysReview: "Ask for approval",
  AutoVoid: "Void",
};

const STANDING_WORDS: Readonly<Record<string, string>> = {
  Any: "Any supplier",
  New: "New suppliers (fewer than 3 approved bills)",
  Established: "Established suppliers",
};

const either = (value: boolean | null, yes: string, no: string): string | undefined =>
  value === null ? undefined : value ? yes : no;

/** A policy's conditions in words, for the list ("every bill" when it has none). */
export const conditionWords = (p: PolicyJson, suppliers: readonly PortalChoice[]): string => {
  const name = (id: string) => suppliers.find((s) => s.id === id)?.name ?? id;
  const currency = p.currency === null ? "" : ` ${p.currency}`;
  const words = [
    p.supplierIds.length === 0 ? undefined : `supplier is ${p.supplierIds.map(name).join(" or ")}`,
    p.supplierStanding === "Any" ? undefined : p.supplierStanding === "New" ? "new supplier" : "established supplier",
    p.amountGte === null ? undefined : `total at least ${p.amountGte}${currency}`,
    p.amountLte === null ? undefined : `total at most ${p.amountLte}${currency}`,
    p.currency === null || p.amountGte !== null || p.amountLte !== null ? undefined : `in ${p.currency}`,
    p.minConfidence === null ? undefined : `read with confidence at least ${p.minConfidence}`,
    either(p.duplicateFlagged, "flagged as a possible duplicate", "not flagged as a duplicate"),
    either(p.bankDetailsChanged, "bank account new to the supplier", "bank account known"),
    p.matchStatuses.length === 0 ? undefined : `match status ${p.matchStatuses.join(" or ")}`,
  ].filter((w): w is string => w !== undefined);
  return words.length === 0 ? "every bill" : words.join("; ");
};

const actionWords = (p: PolicyJson, approvers: readonly PortalChoice[]): string => {
  if (p.action !== "AlwaysReview") return ACTION_WORDS[p.action] ?? p.action;
  const who =
    p.approverUserIds.length === 0
      ? "the organisation's administrators"
      : p.approverUserIds.map((id) => approvers.find((a) => a.id === id)?.name ?? id).join(", ");
  return `Ask for approval: ${p.approvalsRequired} of ${who}`;
};

/** The organisations to choose from. */
export const policyOrganisationsPage = (
  user: PageUser,
  organisations: readonly PortalOrganisation[],
  error?: string,
): Html =>
  layout(
    "Approval policies",
    html`<h1>Approval policies</h1>
${notice(error, true)}<section><p>Each organisation's rules for submitted bills: approve at once, ask for approval, or void, by supplier,
amount, currency, reading confidence, duplicates, bank account and matching.</p>
${
  organisations.length === 0
    ? html`<p class="muted">The client has no organisations yet.</p>`
    : html`<ul id="organisations">${organisations.map((o) => html`<li><a href="${policiesHref(o.id)}">${o.name}</a></li>`)}</ul>`
}</section>`,
    user,
  );

/** An organisation's policies in evaluation order, each with its conditions and action in words. */
export const policiesPage = (
  user: PageUser,
  set: PortalPolicySet,
  messages: { message?: string; error?: string },
): Html =>
  layout(
    `Approval policies of ${set.organisation.name}`,
    html`<h1>Approval policies of ${set.organisation.name}</h1>
${notice(messages.message)}${notice(messages.error, true)}
<section>
<p class="muted">A submitted bill takes the first active policy (lowest priority first) whose conditions all hold;
without one, the organisation's administrators approve it.</p>
${
  set.policies.length === 0
    ? html`<p class="muted" id="no-policies">No policies yet.</p>`
    : html`<div class="scroll"><table id="policies"><caption>Policies</caption>
<thead><tr><th scope="col">Priority</th><th scope="col">Name</th><th scope="col">When</th><th scope="col">Then</th><th scope="col">State</th><th scope="col"><span class="muted">Actions</span></th></tr></thead>
<tbody>${set.policies.map(
        (
          p,
        ) => html`<tr data-policy="${p.id}"><td>${p.priorityOrder}</td><td><a href="${policyHref(set.organisation.id, p.id)}">${p.name}</a> <span class="muted">v${p.version}</span></td>
<td>${conditionWords(p, set.suppliers)}</td><td>${actionWords(p, set.approvers)}</td><td>${p.active ? html`<span class="on">Active</span>` : html`<span class="off">Off</span>`}</td>
<td><form class="inline" method="post" action="/portal/approval-policies/delete"><input type="hidden" name="csrf" value="${user.csrf}"><input type="hidden" name="organisationId" value="${set.organisation.id}"><input type="hidden" name="id" value="${p.id}"><button class="danger" type="submit" aria-label="Delete ${p.name}">Delete</button></form></td></tr>`,
      )}</tbody></table></div>`
}
<p><a id="new-policy" href="${policyHref(set.organisation.id)}">New policy</a> · <a href="/portal/approval-policies">All organisations</a></p>
</section>`,
    user,
  );

/** What the form shows: a stored policy, the defaults of a new one, or what was just sent when it was refused. */
export interface PolicyForm {
  readonly name: string;
  readonly priorityOrder: string;
  readonly action: string;
  readonly active: boolean;
  readonly supplierIds: readonly string[];
  readonly supplierStanding: string;
  readonly amountGte: string;
  readonly amountLte: string;
  readonly currency: string;
  readonly minConfidence: string;
  readonly duplicateFlagged: string;
  readonly bankDetailsChanged: string;
  readonly matchStatuses: readonly string[];
  readonly approverUserIds: readonly string[];
  readonly approvalsRequired: string;
}

const tri = (v: boolean | null): string => (v === null ? "" : String(v));

/** The form's values of a policy, or a new one's defaults. */
export const formOfPolicy = (p: PolicyJson | undefined, nextPriority: number): PolicyForm => ({
  name: p?.name ?? "",
  priorityOrder: String(p?.priorityOrder ?? nextPriority),
  action: p?.action ?? "AlwaysReview",
  active: p?.active ?? true,
  supplierIds: p?.supplierIds ?? [],
  supplierStanding: p?.supplierStanding ?? "Any",
  amountGte: p?.amountGte ?? "",
  amountLte: p?.amountLte ?? "",
  currency: p?.currency ?? "",
  minConfidence: p?.minConfidence?.toString() ?? "",
  duplicateFlagged: tri(p?.duplicateFlagged ?? null),
  bankDetailsChanged: tri(p?.bankDetailsChanged ?? null),
  matchStatuses: p?.matchStatuses ?? [],
  approverUserIds: p?.approverUserIds ?? [],
  approvalsRequired: String(p?.approvalsRequired ?? 1),
});

const text = (form: PolicyForm, name: keyof PolicyForm, label: string, hint?: string): Html =>
  html`<label for="${name}">${label}</label><input type="text" id="${name}" name="${name}" value="${String(form[name])}"${
    hint === undefined ? "" : html` aria-describedby="hint-${name}"`
  }>${hint === undefined ? "" : html`<span class="muted" id="hint-${name}">${hint}</span>`}`;

const select = (id: string, label: string, value: string, options: readonly (readonly [string, string])[]): Html =>
  html`<label for="${id}">${label}</label><select id="${id}" name="${id}">${options.map(
    ([v, words]) => html`<option value="${v}"${v === value ? html` selected` : ""}>${words}</option>`,
  )}</select>`;

const checkboxes = (
  name: string,
  legend: string,
  chosen: readonly string[],
  options: readonly PortalChoice[],
  empty: string,
): Html =>
  html`<fieldset id="${name}"><legend>${legend}</legend>${
    options.length === 0
      ? html`<span class="muted">${empty}</span>`
      : options.map(
          (o, i) =>
            html`<label><input type="checkbox" id="${name}-${i + 1}" name="${name}" value="${o.id}"${chosen.includes(o.id) ? html` checked` : ""}> ${o.name}</label>`,
        )
  }</fieldset>`;

/** A policy's form: new (no id) or a stored one; saving replaces every field, as the API's PUT does. */
export const policyPage = (
  user: PageUser,
  set: PortalPolicySet,
  id: string | undefined,
  form: PolicyForm,
  error?: string,
): Html => {
  const title = id === undefined ? "New approval policy" : `Approval policy ${form.name}`;
  // A chosen supplier or approver the lists do not hold (beyond the shown suppliers) stays chosen.
  const known = (list: readonly PortalChoice[], chosen: readonly string[]) => [
    ...list,
    ...chosen.filter((c) => !list.some((o) => o.id === c)).map((c) => ({ id: c, name: c })),
  ];
  return layout(
    title,
    html`<h1>${title}</h1><p class="muted">${set.organisation.name}</p>
${notice(error, true)}
<form method="post" action="/portal/approval-policies/policy">
<input type="hidden" name="csrf" value="${user.csrf}"><input type="hidden" name="organisationId" value="${set.organisation.id}">${
      id === undefined ? "" : html`<input type="hidden" name="id" value="${id}">`
    }
<section><h2>Policy</h2>
${text(form, "name", "Name")}
${text(form, "priorityOrder", "Priority (0 to 1000, lower first)")}
${select(
  "action",
  "Then",
  form.action,
  POLICY_ACTIONS.map((a) => [a, ACTION_WORDS[a] ?? a] as const),
)}
<label><input type="checkbox" id="active" name="active" value="on"${form.active ? html` checked` : ""}> Active</label>
</section>
<section><h2>When (every condition given must hold)</h2>
${select(
  "supplierStanding",
  "Supplier standing",
  form.supplierStanding,
  SUPPLIER_STANDINGS.map((s) => [s, STANDING_WORDS[s] ?? s] as const),
)}
${checkboxes("supplierIds", "Only these suppliers (none ticked: every supplier)", form.supplierIds, known(set.suppliers, form.supplierIds), "The organisation has no supplier records yet.")}
${set.moreSuppliers ? html`<p class="muted">Only the first suppliers are listed; the API takes any supplier.</p>` : ""}
${text(form, "amountGte", "Total at least", "A decimal amount, e.g. 1000.00; empty: no lower bound.")}
${text(form, "amountLte", "Total at most", "Empty: no upper bound.")}
${text(form, "currency", "Currency (ISO 4217, e.g. EUR; empty: any)")}
${text(form, "minConfidence", "Reading confidence at least (0 to 1; empty: any)")}
${select("duplicateFlagged", "Duplicate flag", form.duplicateFlagged, [
  ["", "Either"],
  ["true", "Only bills flagged as possible duplicates"],
  ["false", "Only bills not flagged"],
])}
${select("bankDetailsChanged", "Bank account", form.bankDetailsChanged, [
  ["", "Either (a new account is never approved at once)"],
  ["true", "Only bills naming an account new to the supplier"],
  ["false", "Only bills naming a known account"],
])}
${checkboxes(
  "matchStatuses",
  "Match status (none ticked: any)",
  form.matchStatuses,
  POLICY_MATCH_STATUSES.map((m) => ({ id: m, name: m })),
  "",
)}
</section>
<section><h2>Approvers (when asking for approval)</h2>
${checkboxes("approverUserIds", "Who approves (none ticked: the organisation's administrators)", form.approverUserIds, known(set.approvers, form.approverUserIds), "The organisation has no members yet: its administrators approve.")}
${text(form, "approvalsRequired", "Approvals needed")}
</section>
<p><button id="save" type="submit">Save</button> <a href="${policiesHref(set.organisation.id)}">Back to the policies</a></p>
</form>`,
    user,
  );
};

/** The page of an organisation or policy that is not this client's, or not at all. */
export const policyNotFoundPage = (user: PageUser): Html =>
  layout(
    "Not found",
    html`<section><h1>Not found</h1><p>There is no such organisation or policy.</p><p><a href="/portal/approval-policies">All organisations</a></p></section>`,
    user,
  );
