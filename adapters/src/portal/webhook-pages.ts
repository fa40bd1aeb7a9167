import { type Html, html } from "../pages/html.js";
import { LOG_ROWS } from "./core-webhooks.js";
import { layout, notice } from "./layout.js";
import type { PortalDelivery, PortalSubscription } from "./portal-webhooks.js";

/** The signed-in part of every page: the client's name and this session's CSRF token. */
export interface PageUser {
  readonly clientName: string;
  readonly csrf: string;
  /** True when the signed-in credential may do the operation (the permissions table): other buttons are not shown. */
  readonly may?: (operation: string) => boolean;
}

/** Messages a redirect may ask a page to show, by code: a URL never carries text of its own onto a page. */
export const DONE_MESSAGES: Readonly<Record<string, string>> = {
  saved: "The event types are saved; they apply to events from now on.",
  enabled: "The subscription is on again and its failure count is reset.",
  disabled: "The subscription is off: no deliveries are made until it is enabled.",
  tested: "A webhook.test event is queued for this subscription; it appears in the delivery log below.",
  replayed: "The delivery is queued again, with the same event id.",
  deleted: "The subscription and its delivery log are deleted.",
};

/** The message after a recovery: how many failed deliveries were queued again (a count from the redirect). */
export const recoveredMessage = (count: string | null | undefined): string => {
  if (count === null || count === undefined || !/^\d{1,9}$/.test(count))
    return "The failed deliveries since then are queued again.";
  const n = Number(count);
  return n === 0
    ? "No failed deliveries since then: nothing was queued."
    : `${n} failed ${n === 1 ? "delivery is" : "deliveries are"} queued again, with the same event ids.`;
};

export const when = (d: Date | null): string =>
  d === null ? "" : `${d.toISOString().slice(0, 19).replace("T", " ")} UTC`;

const hidden = (name: string, value: string): Html => html`<input type="hidden" name="${name}" value="${value}">`;

/** A one-button form posting to a portal action with the CSRF token and an id. */
export const action = (user: PageUser, path: string, fields: Record<string, string>, label: string, style = ""): Html =>
  html`<form method="post" action="${path}">${hidden("csrf", user.csrf)}${Object.entries(fields).map(([k, v]) =>
    hidden(k, v),
  )}<button type="submit" class="${style}">${label}</button></form>`;

const state = (s: PortalSubscription): Html =>
  s.active
    ? html`<span class="on">active</span>`
    : html`<span class="off">off</span>${s.disabledReason === "ConsecutiveFailures" ? html` <span class="muted">(after repeated failures)</span>` : ""}`;

const eventTypeBoxes = (eventTypes: readonly string[], selected: ReadonlySet<string>): Html =>
  html`<fieldset><legend>Event types</legend>${eventTypes.map(
    (type) =>
      html`<label><input type="checkbox" name="eventType" value="${type}"${selected.has(type) ? html` checked` : ""}> <code>${type}</code></label>`,
  )}</fieldset>`;

const detailHref = (id: string): string => `/portal/webhooks/subscription?id=${encodeURIComponent(id)}`;

/** The Webhooks page: the client's subscriptions and the form that creates one. */
export const listPage = (
  user: PageUser,
  subscriptions: readonly PortalSubscription[],
  eventTypes: readonly string[],
  form: { message?: string; error?: string; url?: string; selected?: readonly string[] } = {},
): Html =>
  layout(
    "Webhooks",
    html`<h1>Webhooks</h1>
${notice(form.message)}${notice(form.error, true)}
<section>
<h2>Subscriptions</h2>
${
  subscriptions.length === 0
    ? html`<p class="muted">No subscriptions yet.</p>`
    : html`<table>
<thead><tr><th>URL</th><th>Event types</th><th>State</th><th>Consecutive failures</th><th></th></tr></thead>
<tbody>${subscriptions.map(
        (s) => html`<tr data-subscription="${s.id}">
<td class="mono">${s.url}</td>
<td>${s.eventTypes.map((t, i) => html`${i > 0 ? ", " : ""}<code>${t}</code>`)}</td>
<td>${state(s)}</td>
<td>${s.consecutiveFailures}</td>
<td><a href="${detailHref(s.id)}">Manage</a></td>
</tr>`,
      )}</tbody>
</table>`
}
</section>
<section>
<h2>New subscription</h2>
<p class="muted">Deliveries are signed POSTs to an https URL; a client has at most 10 subscriptions and receives only events
that happen after the subscription is created.</p>
<form method="post" action="/portal/webhooks">
${hidden("csrf", user.csrf)}
<label for="url">Endpoint URL</label>
<input type="url" id="url" name="url" required placeholder="https://example.com/webhooks" value="${form.url ?? ""}">
${eventTypeBoxes(eventTypes, new Set(form.selected ?? []))}
<button type="submit">Create subscription</button>
</form>
</section>`,
    user,
  );

/** The page that shows a new signing secret once (or says it is no longer shown). */
export const secretPage = (user: PageUser, subscription: PortalSubscription, secret: string | undefined): Html =>
  layout(
    "Signing secret",
    html`<h1>Signing secret</h1>
<section>
<p>Subscription <span class="mono">${subscription.url}</span></p>
${
  secret === undefined
    ? html`<p class="notice">The signing secret was shown once and is not shown again. If it was lost, rotate it to get a new one.</p>`
    : html`<div class="secret">
<label for="secret">Copy the secret now: it is shown only this once.</label>
<input type="text" id="secret" name="secret" readonly value="${secret}">
<p class="muted">Select the field and copy it (Ctrl+C / ⌘C) into your receiver's configuration; it verifies the
<code>Service-Signature</code> header of every delivery. Any earlier secret of this subscription no longer signs.</p>
</div>`
}
<p><a href="${detailHref(subscription.id)}">Manage this subscription</a> · <a href="/portal/webhooks">All subscriptions</a></p>
</section>`,
    user,
  );

const deliveryRow = (
  user: PageUser,
  subscriptionId: string,
  d: PortalDelivery,
): Html => html`<tr data-delivery="${d.id}">
<td>${when(d.createdAt)}</td>
<td><code>${d.eventType}</code></td>
<td class="${d.status === "Failed" ? "off" : d.status === "Succeeded" ? "on" : ""}">${d.status}</td>
<td>${d.attempts}</td>
<td>${d.lastStatusCode ?? (d.lastError === null ? "" : html`<span class="muted">${d.lastError}</span>`)}</td>
<td>${d.lastLatencyMs === null ? "" : `${d.lastLatencyMs} ms`}</td>
<td>${d.status === "Failed" ? action(user, "/portal/webhooks/replay", { id: d.id, subscriptionId }, "Replay", "secondary") : ""}</td>
</tr>`;

/** One subscription: its event types, its actions and its delivery log. */
export const detailPage = (
  user: PageUser,
  s: PortalSubscription,
  deliveries: readonly PortalDelivery[],
  eventTypes: readonly string[],
  messages: { message?: string; error?: string } = {},
): Html =>
  layout(
    "Subscription",
    html`<p><a href="/portal/webhooks">← All subscriptions</a></p>
<h1 class="mono">${s.url}</h1>
${notice(messages.message)}${notice(messages.error, true)}
<section>
<p>State: ${state(s)} · consecutive failures: <span id="failures">${s.consecutiveFailures}</span> · created ${when(s.createdAt)}</p>
<div class="actions">
${action(user, "/portal/webhooks/test", { id: s.id }, "Send test event")}
${action(user, "/portal/webhooks/rotate-secret", { id: s.id }, "Rotate secret", "secondary")}
${s.active ? action(user, "/portal/webhooks/disable", { id: s.id }, "Disable", "secondary") : action(user, "/portal/webhooks/enable", { id: s.id }, "Enable")}
${action(user, "/portal/webhooks/delete", { id: s.id }, "Delete", "danger")}
</div>
</section>
<section>
<h2>Event types</h2>
<form method="post" action="/portal/webhooks/event-types">
${hidden("csrf", user.csrf)}${hidden("id", s.id)}
${eventTypeBoxes(eventTypes, new Set(s.eventTypes))}
<button type="submit">Save event types</button>
</form>
</section>
<section>
<h2>Recover failed deliveries</h2>
<form method="post" action="/portal/webhooks/recover" id="recover">
${hidden("csrf", user.csrf)}${hidden("id", s.id)}
<label for="since">Failed deliveries created since (UTC)</label>
<input type="datetime-local" id="since" name="since" required step="1">
<button type="submit" class="secondary">Recover failed deliveries</button>
</form>
<p class="muted">Each failed delivery since then is sent again with the same event id and a fresh set of attempts.</p>
</section>
<section>
<h2>Delivery log</h2>
<p class="muted">The newest ${LOG_ROWS} deliveries, newest first.</p>
${
  deliveries.length === 0
    ? html`<p class="muted">No deliveries yet.</p>`
    : html`<table id="deliveries">
<thead><tr><th>Time</th><th>Event type</th><th>Status</th><th>Attempts</th><th>Response</th><th>Latency</th><th></th></tr></thead>
<tbody>${deliveries.map((d) => deliveryRow(user, s.id, d))}</tbody>
</table>`
}
</section>`,
    user,
  );

/** The page of a subscription that does not exist (or belongs to another client: the same answer). */
export const notFoundPage = (user: PageUser): Html =>
  layout(
    "Not found",
    html`<section><h1>Not found</h1><p>There is no such subscription or delivery.</p><p><a href="/portal/webhooks">All subscriptions</a></p></section>`,
    user,
  );

/** A page for a failure that has no page of its own. */
export const errorPage = (user: PageUser, message: string): Html =>
  layout(
    "Not possible",
    html`<section><h1>Not possible</h1>${notice(message, true)}<p><a href="/portal/webhooks">All subscriptions</a></p></section>`,
    user,
  );
