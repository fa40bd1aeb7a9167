import { type BillJson, type DomainError, documented, toJsonSchema } from "@apar/core";
import { actOnApprovalLink, approvalLinkDocument, type PayeeAccount, viewApprovalLink } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { Html, html } from "../../pages/html.js";
import { payeeTable } from "../../pages/payee-account.js";
import { billDocumentAnswer } from "../bill-document.js";
import { formBody, type HttpReply, type RouteContext, type RouteDef } from "../route.js";
import type { RouteDeps } from "./deps.js";

/** What the public approval pages use: the approval use cases' deps and the bills' documents (the approver sees the bill itself). */
export type PublicApprovalRouteDeps = RouteDeps<"db" | "clock" | "ids" | "files">;

/**
 * Headers of every public approval answer: never cached, never framed, no scripts, inline styles only, the
 * bill's document only from here, forms only to here, and no referrer at all: the token is in the URL and must
 * not leak to another site.
 */
const HEADERS = {
  "Cache-Control": "no-store",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; object-src 'self'; frame-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
} as const;

/** A page: its style sheet is apar's own constant text, sent as is (escaped, its quoted font names would break). */
const pageOf = (status: number, title: string, content: Html): HttpReply => ({
  status,
  contentType: "text/html; charset=utf-8",
  headers: HEADERS,
  body: html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${title}</title><style>${new Html(STYLE)}</style></head>
<body><main><h1>${title}</h1>${content}</main></body>
</html>`.text,
});

const problemPage = (e: DomainError): HttpReply => {
  const status = e.kind === "NotFound" ? 404 : e.kind === "Forbidden" ? 403 : e.kind === "BadRequest" ? 400 : 409;
  return pageOf(status, e.kind === "NotFound" ? "Link not valid" : "Not done", html`<p id="problem">${e.detail}</p>`);
};

const STYLE = `*{box-sizing:border-box}body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1d2330;background:#f4f6f9;line-height:1.5}
main{max-width:64rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{color:#1f4e79;font-size:1.6rem;margin:.25rem 0 1rem}h2{font-size:1.1rem;margin:0 0 .75rem}
.layout{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1rem}@media (max-width:48rem){.layout{grid-template-columns:minmax(0,1fr)}}
.card{background:#fff;border-radius:.5rem;padding:1.25rem;box-shadow:0 1px 2px rgba(0,0,0,.08);margin-bottom:1rem}
table{border-collapse:collapse;width:100%}caption{text-align:left;font-weight:600;padding-bottom:.5rem}
th,td{text-align:left;padding:.45rem .5rem;border-bottom:1px solid #dde2ea;vertical-align:top;overflow-wrap:anywhere}th[scope=row]{font-weight:normal;color:#4a5260;width:40%}
td.n,th.n{text-align:right;white-space:nowrap}.reason{background:#eef3fa;border-left:4px solid #1f4e79;padding:.75rem 1rem;margin:0 0 1rem}
.document{width:100%;height:36rem;border:1px solid #dde2ea;border-radius:.35rem;background:#fff}img.document{height:auto;object-fit:contain}
.decide{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}.decide form{flex:1 1 16rem}
label{display:block;font-weight:600;margin-bottom:.25rem}textarea{width:100%;min-height:5rem;font:inherit;padding:.5rem;border:1px solid #6b7280;border-radius:.35rem}
button{font:inherit;font-weight:600;padding:.6rem 1.4rem;border-radius:.35rem;border:2px solid;cursor:pointer;margin-top:.5rem}
#approve{background:#1b5e2b;border-color:#1b5e2b;color:#fff}#reject{background:#fff;border-color:#8a1c1c;color:#8a1c1c}
button:focus-visible,textarea:focus-visible,a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}.muted{color:#4a5260}
#payee{margin-top:1rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{color:#4a5260}dd{margin:0}.account{font-variant-numeric:tabular-nums}.on{color:#1b5e2b;font-weight:600}.off{color:#8a1c1c;font-weight:600}`;

const money = (value: string | null, currency: string | null) =>
  value === null ? "unknown" : `${value}${currency === null ? "" : ` ${currency}`}`;

const billTable = (
  b: BillJson,
  organisation: string,
  reason: string,
  payee: PayeeAccount,
): Html => html`<p class="reason" id="policy">${reason}</p>
<table><caption>The bill</caption>
<tr><th scope="row">Organisation</th><td id="organisation">${organisation}</td></tr>
<tr><th scope="row">Supplier</th><td id="supplier">${b.supplierName ?? "unknown"}</td></tr>
<tr><th scope="row">Invoice number</th><td id="invoice-number">${b.invoiceNumber ?? "unknown"}</td></tr>
<tr><th scope="row">Invoice date</th><td>${b.invoiceDate ?? ""}</td></tr>
<tr><th scope="row">Due date</th><td>${b.dueDate ?? ""}</td></tr>
<tr><th scope="row">Subtotal</th><td class="n">${money(b.subTotal, b.currency)}</td></tr>
<tr><th scope="row">Tax</th><td class="n">${money(b.taxAmount, b.currency)}</td></tr>
<tr><th scope="row">Total</th><td id="total" class="n"><strong>${money(b.totalAmount, b.currency)}</strong></td></tr>
</table>
${
  b.lineItems.length === 0
    ? ""
    : html`<table id="lines"><caption>Lines</caption>
<tr><th scope="col">Description</th><th scope="col" class="n">Amount</th></tr>
${b.lineItems.map((l) => html`<tr><td>${l.description}</td><td class="n">${l.amount === null ? "" : money(l.amount, b.currency)}</td></tr>`)}</table>`
}
${payeeTable(payee, "last4")}`;

/** The document inline: images as an image, PDFs in the browser's viewer, with a link either way. */
const documentView = (token: string, mediaType: string): Html => {
  const src = `/public/bills/${token}/document`;
  return html`<h2>The document</h2>
${
  mediaType.startsWith("image/")
    ? html`<img class="document" id="document" src="${src}" alt="The bill's document">`
    : html`<iframe class="document" id="document" src="${src}" title="The bill's document"></iframe>`
}
<p><a href="${src}" target="_blank" rel="noopener noreferrer">Open the document</a></p>`;
};

const tokenOf = (ctx: RouteContext): string => ctx.params.token ?? "";

/** What was decided, named as the approver saw it: supplier, invoice number and total. */
const decidedBill = (b: BillJson): Html =>
  html`<dl id="decided"><dt>Supplier</dt><dd>${b.supplierName ?? "unknown"}</dd><dt>Invoice number</dt><dd>${b.invoiceNumber ?? "unknown"}</dd><dt>Total</dt><dd>${money(b.totalAmount, b.currency)}</dd></dl>`;

const PUBLIC = { tags: ["public"], security: "none", access: { scope: "none" }, limit: "public-token" } as const;

/** GET shows the bill (no side effect: mail scanners follow links); POST approve or reject acts once. */
export const publicApprovalRoutes = (deps: PublicApprovalRouteDeps): RouteDef[] => [
  {
    ...PUBLIC,
    method: "GET",
    path: "/public/bills/{token}",
    operationId: "viewPublicBillApproval",
    summary: "The approval page of a bill behind a mailed link (changes nothing)",
    responses: {
      "200": {
        description: "The bill and the approve and reject forms.",
        mediaType: "text/html",
        schema: { type: "string" },
      },
      "404": {
        description: "The link is unknown, used, expired, or the bill was decided.",
        mediaType: "text/html",
        schema: { type: "string" },
      },
    },
    handler: async (ctx) => {
      const view = await viewApprovalLink(deps())(tokenOf(ctx))();
      if (E.isLeft(view)) return problemPage(view.left);
      const token = encodeURIComponent(tokenOf(ctx));
      const { bill, organisationName, reason, payee } = view.right;
      return pageOf(
        200,
        "Approve this bill?",
        html`<div class="layout"><section class="card">${billTable(bill, organisationName, reason, payee)}</section>
<section class="card">${documentView(token, bill.document?.mediaType ?? "application/pdf")}</section></div>
<section class="card"><h2>Your decision</h2><div class="decide">
<form method="post" action="/public/bills/${token}/approve"><p class="muted">Approve to let the bill go on to payment.</p><button id="approve" type="submit">Approve</button></form>
<form method="post" action="/public/bills/${token}/reject">
<label for="reason">Reason for rejecting</label><textarea id="reason" name="reason" required maxlength="1000"></textarea>
<button id="reject" type="submit">Reject</button></form></div>
<p class="muted">This link works once and expires on ${view.right.expiresAt.toISOString().slice(0, 10)}.</p></section>`,
      );
    },
  },
  {
    ...PUBLIC,
    method: "GET",
    path: "/public/bills/{token}/document",
    operationId: "viewPublicBillDocument",
    summary: "The document of the bill behind a mailed approval link, shown inline (changes nothing)",
    responses: {
      "200": billDocumentAnswer("The bytes as received."),
      "404": { description: "The link is not valid.", mediaType: "text/html", schema: { type: "string" } },
    },
    handler: async (ctx) => {
      const doc = await approvalLinkDocument({ ...deps(), files: deps().files })(tokenOf(ctx))();
      if (E.isLeft(doc)) return problemPage(doc.left);
      return {
        status: 200,
        contentType: doc.right.mediaType,
        body: Buffer.from(doc.right.bytes),
        headers: {
          "Cache-Control": "no-store",
          "Content-Disposition": "inline",
          "Content-Security-Policy": "default-src 'none'; frame-ancestors 'self'",
          "X-Frame-Options": "SAMEORIGIN",
          "X-Content-Type-Options": "nosniff",
          "Referrer-Policy": "no-referrer",
        },
      };
    },
  },
  {
    ...PUBLIC,
    method: "POST",
    path: "/public/bills/{token}/approve",
    operationId: "approvePublicBill",
    summary: "Approve the bill behind a mailed link (the link is used up)",
    requestBody: { ...formBody([]), required: false },
    responses: {
      "200": { description: "Done.", mediaType: "text/html", schema: { type: "string" } },
      "404": { description: "The link is not valid.", mediaType: "text/html", schema: { type: "string" } },
      "409": {
        description: "The move was refused (named on the page).",
        mediaType: "text/html",
        schema: { type: "string" },
      },
    },
    handler: async (ctx) => {
      const done = await actOnApprovalLink(deps())(tokenOf(ctx), { action: "approve" })();
      if (E.isLeft(done)) return problemPage(done.left);
      const approved = done.right.state === "Approved";
      return pageOf(
        200,
        approved ? "Bill approved" : "Approval recorded",
        html`<p id="outcome">${approved ? "The bill is approved." : "Your approval is recorded; the bill awaits further approvals."}</p>${decidedBill(done.right)}`,
      );
    },
  },
  {
    ...PUBLIC,
    method: "POST",
    path: "/public/bills/{token}/reject",
    operationId: "rejectPublicBill",
    summary: "Reject the bill behind a mailed link with a reason (the link is used up)",
    requestBody: {
      mediaType: "application/x-www-form-urlencoded",
      schema: toJsonSchema(t.type({ reason: documented(t.string, { maxLength: 1000 }) })),
    },
    responses: {
      "200": { description: "Done.", mediaType: "text/html", schema: { type: "string" } },
      "400": { description: "No reason given.", mediaType: "text/html", schema: { type: "string" } },
      "404": { description: "The link is not valid.", mediaType: "text/html", schema: { type: "string" } },
      "409": { description: "The move was refused.", mediaType: "text/html", schema: { type: "string" } },
    },
    handler: async (ctx) => {
      const reason = (new URLSearchParams(ctx.rawBody.toString("utf8")).get("reason") ?? "").trim().slice(0, 1000);
      if (reason === "") return pageOf(400, "Not done", html`<p id="problem">Please give a reason for rejecting.</p>`);
      const done = await actOnApprovalLink(deps())(tokenOf(ctx), { action: "reject", reason })();
      if (E.isLeft(done)) return problemPage(done.left);
      return pageOf(200, "Bill rejected", html`<p id="outcome">The bill is rejected.</p>${decidedBill(done.right)}`);
    },
  },
];
