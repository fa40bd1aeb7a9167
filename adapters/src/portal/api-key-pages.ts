import { type Html, html } from "../pages/html.js";
import { layout, notice } from "./layout.js";
import type { PortalApiKey } from "./portal-api-keys.js";
import { action, type PageUser, when } from "./webhook-pages.js";

/** Messages a redirect may ask the API keys page to show, by code. */
export const KEY_MESSAGES: Readonly<Record<string, string>> = {
  revoked: "The key is revoked: requests that carry it are refused from now on.",
};

const statusOf = (key: PortalApiKey, now: Date): { readonly word: string; readonly live: boolean } =>
  key.revokedAt !== null
    ? { word: "Revoked", live: false }
    : key.expiresAt !== null && key.expiresAt.getTime() <= now.getTime()
      ? { word: "Expired", live: false }
      : { word: "Active", live: true };

const keyRow = (user: PageUser, key: PortalApiKey, now: Date): Html => {
  const status = statusOf(key, now);
  return html`<tr data-key="${key.id}">
<td>${key.name ?? html`<span class="muted">(no name)</span>`}</td>
<td><code>${key.keyPrefix}…</code></td>
<td>${when(key.createdAt)}</td>
<td>${key.lastUsedAt === null ? html`<span class="muted">never</span>` : when(key.lastUsedAt)}</td>
<td class="${status.live ? "on" : "off"}">${status.word}</td>
<td>${
    !status.live
      ? ""
      : key.shared
        ? html`<span class="muted">Serves other clients too: the operator revokes it.</span>`
        : action(user, "/portal/api-keys/revoke", { id: key.id }, "Revoke", "danger")
  }</td>
</tr>`;
};

/** The API keys page: the client's keys, newest last, and the form to create one. */
export const apiKeysPage = (
  user: PageUser,
  keys: readonly PortalApiKey[],
  now: Date,
  form: { message?: string; error?: string; name?: string } = {},
): Html =>
  layout(
    "API keys",
    html`<h1>API keys</h1>
${notice(form.message)}${notice(form.error, true)}
<section>
<h2>Create a key</h2>
<form method="post" action="/portal/api-keys">
<input type="hidden" name="csrf" value="${user.csrf}">
<label for="name">Name (what the key is for)</label>
<input type="text" id="name" name="name" maxlength="200" required value="${form.name ?? ""}">
<p><button id="create" type="submit">Create key</button></p>
</form>
<p class="muted">A key acts for this client as a client administrator. It is shown once, when it is made; apar
keeps only its hash.</p>
</section>
<section>
<h2>Keys</h2>
${
  keys.length === 0
    ? html`<p class="muted">No keys yet.</p>`
    : html`<table id="keys"><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="muted">Action</span></th></tr>
${keys.map((k) => keyRow(user, k, now))}</table>`
}
</section>`,
    user,
  );

/** The page that shows a new key once (undefined: it was shown already). */
export const newKeyPage = (user: PageUser, key: PortalApiKey, rawKey: string | undefined): Html =>
  layout(
    "New API key",
    html`<h1>New API key</h1>
<section>
<p>Key <strong>${key.name ?? ""}</strong> <code>${key.keyPrefix}…</code></p>
${
  rawKey === undefined
    ? html`<p class="notice">The key was shown once and is not shown again. If it was lost, revoke it and create another.</p>`
    : html`<div class="secret">
<label for="secret">Copy the key now: it is shown only this once.</label>
<input type="text" id="secret" name="secret" readonly value="${rawKey}">
<p class="muted">Send it in the API key header of each request; keep it out of browsers and source code.</p>
</div>`
}
<p><a href="/portal/api-keys">All keys</a></p>
</section>`,
    user,
  );

/** The page of an API key that is not this client's, or not at all. */
export const keyNotFoundPage = (user: PageUser): Html =>
  layout(
    "Not found",
    html`<section><h1>Not found</h1><p>There is no such API key.</p><p><a href="/portal/api-keys">All keys</a></p></section>`,
    user,
  );
