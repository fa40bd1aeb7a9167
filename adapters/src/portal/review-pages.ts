import { type BillJson, businessDateOf, policyReasonInWords } from "@apar/core";

import { type Html, html } from "../pages/html.js";
import { payeeTable } from "../pages/payee-account.js";
import { layout, notice } from "./layout.js";
import type { PortalQueue, PortalQueued } from "./portal-review.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";
import type { PageUser } from "./webhook-pages.js";

/** A field read with less confidence than this is highlighted for the reviewer. */
export const LOW_CONFIDENCE = 0.9;

/** The fields the review form shows and corrects, in order, with their labels (PATCH /v1/bills/{id} members). */
export const REVIEW_FIELDS = [
  ["supplierName", "Supplier", "text"],
  ["invoiceNumber", "Invoice number", "text"],
  ["invoiceDate", "Invoice date", "date"],
  ["dueDate", "Due date", "date"],
  ["currency", "Currency (ISO 4217, e.g. EUR)", "text"],
  ["subTotal", "Subtotal", "text"],
  ["taxAmount", "Tax", "text"],
  ["totalAmount", "Total", "text"],
  ["purchaseOrderNumber", "Purchase order number", "text"],
  ["paymentRef", "Payment reference", "text"],
] as const;

export type ReviewField = (typeof REVIEW_FIELDS)[number][0];

export const billHref = (organisationId: string, billId: string, done?: string): string =>
  `/portal/review/bill?organisationId=${encodeURIComponent(organisationId)}&id=${encodeURIComponent(billId)}${
    done === undefined ? "" : `&done=${encodeURIComponent(done)}`
  }`;

export const documentHref = (organisationId: string, billId: string): string =>
  `/portal/review/document?organisationId=${encodeURIComponent(organisationId)}&id=${encodeURIComponent(billId)}`;

/** What the page says after an action (the `done` query parameter). */
export const REVIEW_MESSAGES: Readonly<Record<string, string>> = {
  saved: "Saved: the corrected fields now count as certain.",
  submitted: "The bill was submitted: the approval policies decided what happens next.",
  approved: "The bill was approved.",
  rejected: "The bill was rejected.",
  dismissed: "The duplicate flag is resolved: the bill is not a duplicate.",
  voided: "The bill was voided.",
};

const STATE_WORDS: Readonly<Record<string, string>> = {
  PendingReview: "Waiting for review",
  NeedsApproval: "Waiting for approval",
  Approved: "Approved",
  Rejected: "Rejected",
  Scheduled: "Scheduled for payment",
  Paid: "Paid",
  Voided: "Voided",
  Extracting: "Being read",
  ExtractionFailed: "Could not be read",
};

/** A bill's state in words. */
export const stateWords = (state: string): string => STATE_WORDS[state] ?? state;

/** What the approval policies decided for a bill just submitted, in words. */
export const submittedMessage = (b: BillJson): string => {
  const title = `${b.supplierName ?? "The bill"}${b.invoiceNumber === null ? "" : ` ${b.invoiceNumber}`}`;
  const decision = b.appliedPolicy;
  if (b.state === "NeedsApproval")
    return `${title} was submitted and waits for approval. ${policyReasonInWords(decision, b.currency)}`;
  if (b.state === "Approved")
    return `${title} was submitted and approved without waiting for anyone. ${decision?.explanation ?? ""}`.trim();
  return `${title} was submitted: ${stateWords(b.state).toLowerCase()}. ${decision?.explanation ?? ""}`.trim();
};

/** A decimal amount with its whole part grouped by thousands ("1234567.50" as "1,234,567.50"); text, never a float. */
export const groupedAmount = (amount: string): string => {
  const [whole = "", fraction] = amount.split(".");
  const sign = whole.startsWith("-") ? "-" : "";
  const digits = sign === "" ? whole : whole.slice(1);
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${grouped}${fraction === undefined ? "" : `.${fraction}`}`;
};

/** An amount grouped, with its currency ("unknown" when not read). */
export const money = (amount: string | null, currency: string | null): string =>
  amount === null ? "unknown" : `${groupedAmount(amount)}${currency === null ? "" : ` ${currency}`}`;

/** True when a bill's due date has passed in its organisation's time zone (on the day itself it is not yet). */
export const overdue = (dueDate: string | null, organisation: PortalOrganisation, now: Date): boolean =>
  dueDate !== null && dueDate < businessDateOf(now, organisation.timeZone ?? "UTC");

/** The fields read with low confidence (and the ones a payment needs that were not read at all). */
export const lowConfidence = (bill: BillJson): ReadonlySet<string> => {
  const scores = bill.fieldConfidence ?? {};
  const low = new Set<string>();
  for (const [name] of REVIEW_FIELDS) {
    const score = scores[name];
    if (score !== undefined && score < LOW_CONFIDENCE) low.add(name);
  }
  for (const name of ["supplierName", "totalAmount", "currency"] as const) if (bill[name] === null) low.add(name);
  return low;
};

const queueTable = (id: string, caption: string, rows: readonly PortalQueued[], now: Date): Html =>
  rows.length === 0
    ? html`<p class="muted" id="${id}-empty">${caption}: none.</p>`
    : html`<div class="scroll"><table id="${id}"><caption>${caption}</caption>
<thead><tr><th scope="col">Supplier</th><th scope="col">Invoice number</th><th scope="col" class="n">Total</th><th scope="col">Due</th><th scope="col">Organisation</th><th scope="col">To check</th></tr></thead>
<tbody>${rows.map(({ organisation, bill }) => {
        const low = lowConfidence(bill).size;
        return html`<tr><td><a href="${billHref(organisation.id, bill.id)}">${bill.supplierName ?? "Unknown supplier"}</a></td>
<td>${bill.invoiceNumber ?? ""}</td><td class="n">${money(bill.totalAmount, bill.currency)}</td><td>${bill.dueDate ?? ""}${
          overdue(bill.dueDate, organisation, now) ? html` <span class="overdue">overdue</span>` : ""
        }</td>
<td>${organisation.name}</td><td>${low === 0 ? "" : `${low} field${low === 1 ? "" : "s"}`}${bill.duplicateOfBillId === null ? "" : " · possible duplicate"}${bill.bankDetailsChanged ? " · new bank account" : ""}</td></tr>`;
      })}</tbody></table></div>`;

/** The queue: bills waiting for review, then those waiting for approval, across the client's organisations. */
export const queuePage = (user: PageUser, queue: PortalQueue, now: Date, message?: string, error?: string): Html =>
  layout(
    "Review queue",
    html`<h1>Review queue</h1>
${notice(message)}${notice(error, true)}
<section>${queueTable("review", "Waiting for review", queue.review, now)}</section>
<section>${queueTable("approval", "Waiting for approval", queue.approval, now)}</section>
${queue.more ? html`<p class="muted">More bills wait than are shown here; the oldest come first.</p>` : ""}`,
    user,
  );

/** The navigation between the bills of the queue the bill is in. */
export interface QueueNeighbours {
  readonly previous?: string;
  readonly next?: string;
}

const SHORTCUTS: readonly (readonly [string, string])[] = [
  ["j", "next bill"],
  ["k", "previous bill"],
  ["e", "first field"],
  ["s", "save and submit"],
  ["a", "approve"],
  ["r", "reason to reject"],
  ["q", "back to the queue"],
];

const documentView = (q: PortalQueued): Html => {
  const src = documentHref(q.organisation.id, q.bill.id);
  return html`<h2>Document</h2>
${
  q.bill.document.mediaType.startsWith("image/")
    ? html`<img class="document" id="document" src="${src}" alt="The bill's document">`
    : html`<iframe class="document" id="document" src="${src}" title="The bill's document"></iframe>`
}
<p><a href="${src}" target="_blank" rel="noopener">Open the document</a></p>`;
};

/** What the form shows: the bill's values, or what was just sent when it was refused. */
export type ReviewForm = Readonly<Partial<Record<ReviewField, string>>>;
/** Why a field was refused, in words, shown next to the field. */
export type FieldErrors = Readonly<Partial<Record<ReviewField, string>>>;

const LABELS: ReadonlyMap<string, string> = new Map(REVIEW_FIELDS.map(([name, label]) => [name, label]));

/** The field errors of a refusal, by the review form's field (`body.totalAmount` is totalAmount), in words. */
export const fieldErrorsOf = (errors: readonly { field: string; code: string; message: string }[]): FieldErrors => {
  const found: Partial<Record<ReviewField, string>> = {};
  for (const e of errors) {
    const name = e.field.split(".").at(-1) ?? e.field;
    if (!LABELS.has(name) || found[name as ReviewField] !== undefined) continue;
    found[name as ReviewField] = AMOUNT_FIELDS.has(name)
      ? e.code === "currency_precision"
        ? `Too many decimal places for the currency: ${e.message.replace(/^\S+ /, "")}.`
        : "Enter an amount such as 671.15 or 671,15 (digits, one decimal separator)."
      : `${LABELS.get(name)}: ${e.message.replace(new RegExp(`^(body\\.)?${name} `), "")}.`;
  }
  return found;
};

/** The fields that hold amounts (a decimal comma is taken for a decimal point there). */
export const AMOUNT_FIELDS: ReadonlySet<string> = new Set(["subTotal", "taxAmount", "totalAmount"]);

const fieldsForm = (
  user: PageUser,
  q: PortalQueued,
  form: ReviewForm,
  editable: boolean,
  errors: FieldErrors = {},
): Html => {
  const low = lowConfidence(q.bill);
  const scores = q.bill.fieldConfidence ?? {};
  const rows = REVIEW_FIELDS.map(([name, label, type]) => {
    const value = form[name] ?? (q.bill[name] as string | null) ?? "";
    const score = scores[name];
    const flagged = low.has(name);
    const hint = flagged
      ? score === undefined
        ? "Not read: fill it in."
        : `Read with confidence ${score.toFixed(2)}: check it against the document.`
      : undefined;
    const error = errors[name];
    const described = [error === undefined ? "" : `error-${name}`, hint === undefined ? "" : `hint-${name}`]
      .filter((id) => id !== "")
      .join(" ");
    return html`<div class="${flagged || error !== undefined ? "field low" : "field"}" id="field-${name}">
<label for="${name}">${label}${flagged ? html` <span class="flag">check</span>` : ""}</label>
<input type="${type}" id="${name}" name="${name}" value="${value}"${editable ? "" : html` readonly`}${
      error === undefined ? "" : html` aria-invalid="true"`
    }${described === "" ? "" : html` aria-describedby="${described}"`}>${
      error === undefined ? "" : html`<span class="field-error" id="error-${name}">${error}</span>`
    }${hint === undefined ? "" : html`<span class="muted" id="hint-${name}">${hint}</span>`}</div>`;
  });
  if (!editable || !allowed(user, "updateBill")) return html`<div class="fields">${rows}</div>`;
  return html`<form method="post" action="/portal/review/correct" id="fields">
<input type="hidden" name="csrf" value="${user.csrf}"><input type="hidden" name="organisationId" value="${q.organisation.id}"><input type="hidden" name="id" value="${q.bill.id}">
<div class="fields">${rows}</div>
<p class="actions">${
    allowed(user, "submitBill")
      ? html`<button id="submit" type="submit" formaction="/portal/review/submit" accesskey="s">Save and submit</button>`
      : ""
  }
<button id="save" class="secondary" type="submit">Save</button></p>
</form>`;
};

const linesTable = (b: BillJson): Html =>
  b.lineItems.length === 0
    ? html``
    : html`<div class="scroll"><table id="lines"><caption>Lines</caption>
<thead><tr><th scope="col">Description</th><th scope="col">Quantity</th><th scope="col">Unit price</th><th scope="col">Amount</th></tr></thead>
<tbody>${b.lineItems.map(
        (l) =>
          html`<tr><td>${l.description}</td><td>${l.quantity ?? ""}</td><td>${l.unitPrice ?? ""}</td><td>${money(l.amount, b.currency)}</td></tr>`,
      )}</tbody></table></div>`;

/** A flagged duplicate: a link to the earlier bill, and (for who may) dismiss the flag or void this one. */
const duplicateWarning = (user: PageUser, q: PortalQueued): Html => {
  const b = q.bill;
  if (b.duplicateOfBillId === null) return html``;
  const hidden = html`<input type="hidden" name="csrf" value="${user.csrf}"><input type="hidden" name="organisationId" value="${q.organisation.id}"><input type="hidden" name="id" value="${b.id}">`;
  const dismiss = allowed(user, "portalDismissDuplicate")
    ? html`<form method="post" action="/portal/review/dismiss-duplicate">${hidden}<button id="dismiss-duplicate" type="submit">Not a duplicate</button></form>`
    : "";
  const voidIt = allowed(user, "portalVoidBill")
    ? html`<form method="post" action="/portal/review/void">${hidden}<input type="hidden" name="reason" value="Duplicate of bill ${b.duplicateOfBillId}"><button id="void-duplicate" class="danger" type="submit">Void as a duplicate</button></form>`
    : "";
  return html`<div class="notice error" id="duplicate"><p>This bill may be a duplicate of <a href="${billHref(q.organisation.id, b.duplicateOfBillId)}">an earlier bill</a> (${b.duplicateMatchBasis ?? "same details"}): it cannot be submitted until the flag is resolved.</p><div class="decide">${dismiss}${voidIt}</div></div>`;
};

const warnings = (user: PageUser, q: PortalQueued): Html =>
  html`${duplicateWarning(user, q)}${
    q.bill.bankDetailsChanged
      ? html`<p class="notice error" id="bank-changed">The bank account on this bill is not one the supplier is known by: confirm it with the supplier before paying.</p>`
      : ""
  }`;

/** True when the page's user may do the API operation behind a button (pages without the check show it). */
const allowed = (user: PageUser, operation: string): boolean => user.may?.(operation) ?? true;

const decision = (user: PageUser, q: PortalQueued): Html => {
  const hidden = html`<input type="hidden" name="csrf" value="${user.csrf}"><input type="hidden" name="organisationId" value="${q.organisation.id}"><input type="hidden" name="id" value="${q.bill.id}">`;
  const needed = q.bill.appliedPolicy?.approvalsRequired ?? 1;
  return html`<section><h2>Decision</h2>
<p class="muted">${q.bill.approvals.length} of ${needed} approval${needed === 1 ? "" : "s"} given.</p>
<div class="decide">${
    allowed(user, "approveBill")
      ? html`
<form method="post" action="/portal/review/approve">${hidden}<button id="approve" type="submit" accesskey="a">Approve</button></form>`
      : ""
  }${
    allowed(user, "rejectBill")
      ? html`
<form method="post" action="/portal/review/reject">${hidden}
<label for="reason">Reason for rejecting</label><textarea id="reason" name="reason" required maxlength="1000"></textarea>
<button id="reject" class="danger" type="submit">Reject</button></form>`
      : ""
  }
</div></section>`;
};

/** A bill of the queue: the document beside its fields, low-confidence fields highlighted, and what can be done. */
export const billPage = (
  user: PageUser,
  q: PortalQueued,
  neighbours: QueueNeighbours,
  form: ReviewForm,
  messages: { message?: string; error?: string; fieldErrors?: FieldErrors } = {},
): Html => {
  const b = q.bill;
  const inReview = b.state === "PendingReview";
  const title = `${b.supplierName ?? "Unknown supplier"} ${b.invoiceNumber ?? ""}`.trim();
  return layout(
    title,
    html`<h1>${title}</h1>
<p class="muted"><span id="state">${stateWords(b.state)}</span> · ${q.organisation.name} · total ${money(b.totalAmount, b.currency)}</p>
<nav class="queue-nav" aria-label="Queue"><a id="queue" href="/portal/review" accesskey="q">Queue</a>${
      neighbours.previous === undefined ? "" : html` <a id="prev" href="${neighbours.previous}" rel="prev">Previous</a>`
    }${neighbours.next === undefined ? "" : html` <a id="next" href="${neighbours.next}" rel="next">Next</a>`}</nav>
${notice(messages.message)}${notice(messages.error, true)}${warnings(user, q)}
<div class="review">
<section class="document-pane">${documentView(q)}</section>
<div>
<section><h2>Fields</h2>${fieldsForm(user, q, form, inReview, messages.fieldErrors)}${linesTable(b)}</section>
${q.payee === undefined ? "" : html`<section id="payee-section"><h2>Payee account</h2>${payeeTable(q.payee, "whole")}</section>`}
${b.state === "NeedsApproval" ? decision(user, q) : ""}
</div>
</div>
<section><h2>Keyboard</h2><p class="muted" id="shortcuts">${SHORTCUTS.map(
      ([k, what], i) => html`${i === 0 ? "" : " · "}<kbd>${k}</kbd> ${what}`,
    )} (outside a field; without scripts, the browser's access keys do the same for s, a and q)</p></section>
<script src="/portal/review.js"></script>`,
    user,
  );
};

/** The page of a bill or organisation that is not this client's, or not at all. */
export const billNotFoundPage = (user: PageUser): Html =>
  layout(
    "Not found",
    html`<section><h1>Not found</h1><p>There is no such bill.</p><p><a href="/portal/review">The review queue</a></p></section>`,
    user,
  );

/**
 * The review page's keyboard shortcuts (served at /portal/review.js; the page's CSP allows scripts from the
 * portal only): single keys outside form fields, never with a modifier, so typing and the browser's own keys
 * are untouched.
 */
export const REVIEW_SCRIPT = `(() => {
  const click = (id) => { const el = document.getElementById(id); if (el) { el.click(); return true; } return false; };
  const focus = (sel) => { const el = document.querySelector(sel); if (el) { el.focus(); return true; } return false; };
  const keys = {
    j: () => click("next"),
    k: () => click("prev"),
    q: () => click("queue"),
    e: () => focus("#fields input:not([type=hidden])"),
    s: () => click("submit"),
    a: () => click("approve"),
    r: () => focus("#reason"),
  };
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const target = event.target;
    if (target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    const act = keys[event.key];
    if (act !== undefined && act()) event.preventDefault();
  });
})();
`;
