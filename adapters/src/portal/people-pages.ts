import { ORGANISATION_ROLES, type Organisation } from "@apar/core";
import type { Person } from "@apar/core/app";
import { type Html, html } from "../pages/html.js";
import { layout, notice } from "./layout.js";
import { action, type PageUser } from "./webhook-pages.js";

/** Messages a redirect may ask the People page to show, by code. */
export const PEOPLE_MESSAGES: Readonly<Record<string, string>> = {
  invited: "Invited: a sign-in link is on its way to them (it works once, within 3 days).",
  roles: "The roles are changed: they count from the person's next page on.",
  removed: "Removed from the organisation: their next page is refused.",
};

/** What the People page shows. */
export interface PeopleView {
  /** The organisations the caller administers; `current` is one of them. */
  readonly organisations: readonly Organisation[];
  readonly current: Organisation;
  readonly people: readonly Person[];
  /** The signed-in person (none for an API key): their row says so. */
  readonly you: string | undefined;
  readonly message?: string;
  readonly error?: string;
  /** The invite form as sent, after a refusal. */
  readonly invite?: { readonly email: string; readonly name: string; readonly roles: readonly string[] };
}

const ROLE_WORDS: Readonly<Record<string, string>> = {
  Admin: "Admin (manages the organisation's people and rules)",
  Approver: "Approver (approves bills and payment runs)",
  Member: "Member (uploads, corrects and submits bills)",
};

const roleBoxes = (id: string, checked: readonly string[], withWords: boolean): Html =>
  html`<fieldset class="roles"><legend>Roles</legend>${ORGANISATION_ROLES.map(
    (role) =>
      html`<label><input type="checkbox" id="${id}-${role}" name="roles" value="${role}"${
        checked.includes(role) ? html` checked` : ""
      }> ${withWords ? ROLE_WORDS[role] : role}</label>`,
  )}</fieldset>`;

const personRow = (user: PageUser, view: PeopleView, p: Person): Html => {
  const rowId = `person-${p.userId}`;
  return html`<tr id="${rowId}">
<td>${p.name}${p.userId === view.you ? html` <span class="muted">(you)</span>` : ""}${
    p.clientRoles.length > 0 ? html`<br><span class="muted">${p.clientRoles.join(", ")} of the client</span>` : ""
  }</td>
<td>${p.email}</td>
<td><form method="post" action="/portal/people/roles">
<input type="hidden" name="csrf" value="${user.csrf}"><input type="hidden" name="organisationId" value="${view.current.id}"><input type="hidden" name="userId" value="${p.userId}">
${roleBoxes(rowId, p.roles, false)}
<button type="submit" class="secondary" aria-label="Save roles of ${p.name}">Save roles</button>
</form></td>
<td>${action(user, "/portal/people/remove", { organisationId: view.current.id, userId: p.userId }, "Remove", "danger")}</td>
</tr>`;
};

/** The People page of one organisation: its members with their roles, and the invite form. */
export const peoplePage = (user: PageUser, view: PeopleView): Html =>
  layout(
    "People",
    html`<h1>People of ${view.current.name}</h1>
${notice(view.message)}${notice(view.error, true)}
${
  view.organisations.length > 1
    ? html`<nav class="queue-nav" aria-label="Organisations">${view.organisations.map((o) =>
        o.id === view.current.id
          ? html`<strong>${o.name}</strong> `
          : html`<a href="/portal/people?organisationId=${o.id}">${o.name}</a> `,
      )}</nav>`
    : ""
}
<section>
<h2>Invite someone</h2>
<form method="post" action="/portal/people/invite">
<input type="hidden" name="csrf" value="${user.csrf}"><input type="hidden" name="organisationId" value="${view.current.id}">
<label for="invite-email">E-mail address</label>
<input type="email" id="invite-email" name="email" autocomplete="off" required value="${view.invite?.email ?? ""}">
<label for="invite-name">Name</label>
<input type="text" id="invite-name" name="name" maxlength="200" required value="${view.invite?.name ?? ""}">
${roleBoxes("invite", view.invite?.roles ?? ["Member"], true)}
<p><button type="submit" id="invite">Invite</button></p>
</form>
<p class="muted">They get a mail with a link that signs them in (once, within 3 days); afterwards they sign in with
their e-mail address on the sign-in page. Someone already in another organisation of the client keeps their name.</p>
</section>
<section>
<h2>Members</h2>
<div class="scroll"><table id="people">
<thead><tr><th scope="col">Name</th><th scope="col">E-mail</th><th scope="col">Roles</th><th scope="col"><span class="muted">Remove</span></th></tr></thead>
<tbody>${view.people.map((p) => personRow(user, view, p))}</tbody>
</table></div>
<p class="muted">Nobody may give themselves a role, and the organisation keeps at least one Admin.</p>
</section>`,
    user,
  );

/** The People page when the caller administers no organisation, or asked for one it does not. */
export const noPeoplePage = (user: PageUser, why: string): Html =>
  layout("People", html`<h1>People</h1><section><p>${why}</p></section>`, user);
