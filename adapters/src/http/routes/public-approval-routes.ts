import type { BillJson, DomainError } from "@apar/core";
import { type ApprovalDeps, actOnApprovalLink, viewApprovalLink } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { type Html, html } from "../../portal/html.js";
import type { HttpReply, RouteContext, RouteDef } from "../route.js";

/** What the public approval pages need: the approval use cases' dependencies, read per request. */
export interface PublicApprovalRouteDeps {
  readonly approvals: () => ApprovalDeps;
}

/**
 * Headers of every public approval answer: never cached, never framed, no scripts or styles, forms only to
 * here, and no referrer at all: the token is in the URL and must not leak to another site.
 */
const HEADERS = {
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
} as const;

const pageOf = (status: number, title: string, content: Html): HttpReply => ({
  status,
  contentType: "text/html; charset=utf-8",
  headers: HEADERS,
  body: html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${title}</title></head>
<body><main><h1>${title}</h1>${content}</main></body>
</html>`.text,
});

const problemPage = (e: DomainError): HttpReply => {
  const status = e.kind === "NotFound" ? 404 : e.kind === "Forbidden" ? 403 : e.kind === "BadRequest" ? 400 : 409;
  return pageOf(status, e.kind === "NotFound" ? "Link not valid" : "Not done", html`<p id="problem">${e.detail}</p>`);
};

const amount = (b: BillJson) => (b.totalAmount === null ? "unknown" : `${b.totalAmount} ${b.currency ?? ""}`.trim());

const billTable = (b: BillJson, organisation: string): Html => html`<table>
<tr><th>Organisation</th><td id="organisation">${organisation}</td></tr>
<tr><th>Supplier</th><td id="supplier">${b.supplierName ?? "unknown"}</td></tr>
<tr><th>Invoice number</th><td id="invoice-number">${b.invoiceNumber ?? "unknown"}</td></tr>
<tr><th>Total</th><td id="total">${amount(b)}</td></tr>
<tr><th>Invoice date</th><td>${b.invoiceDate ?? ""}</td></tr>
<tr><th>Due date</th><td>${b.dueDate ?? ""}</td></tr>
<tr><th>Policy</th><td>${b.appliedPolicy?.explanation ?? ""}</td></tr>
</table>
<h2>Lines</h2>
<ul>${b.lineItems.map((l) => html`<li>${l.description}${l.amount === null ? "" : `: ${l.amount}`}</li>`)}</ul>`;

const tokenOf = (ctx: RouteContext): string => ctx.params.token ?? "";

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
      const view = await viewApprovalLink(deps.approvals())(tokenOf(ctx))();
      if (E.isLeft(view)) return problemPage(view.left);
      const token = encodeURIComponent(tokenOf(ctx));
      const { bill, organisationName } = view.right;
      return pageOf(
        200,
        "Approve this bill?",
        html`${billTable(bill, organisationName)}
<p>This link works once and expires on ${view.right.expiresAt.toISOString().slice(0, 10)}.</p>
<form method="post" action="/public/bills/${token}/approve"><button id="approve" type="submit">Approve</button></form>
<form method="post" action="/public/bills/${token}/reject">
<label for="reason">Reason for rejecting</label><br><textarea id="reason" name="reason" required maxlength="1000"></textarea><br>
<button id="reject" type="submit">Reject</button></form>`,
      );
    },
  },
  {
    ...PUBLIC,
    method: "POST",
    path: "/public/bills/{token}/approve",
    operationId: "approvePublicBill",
    summary: "Approve the bill behind a mailed link (the link is used up)",
    requestBody: { required: false, mediaType: "application/x-www-form-urlencoded", schema: { type: "object" } },
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
      const done = await actOnApprovalLink(deps.approvals())(tokenOf(ctx), { action: "approve" })();
      if (E.isLeft(done)) return problemPage(done.left);
      const approved = done.right.state === "Approved";
      return pageOf(
        200,
        approved ? "Bill approved" : "Approval recorded",
        html`<p id="outcome">${approved ? "The bill is approved." : "Your approval is recorded; the bill awaits further approvals."}</p>`,
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
      schema: { type: "object", required: ["reason"], properties: { reason: { type: "string", maxLength: 1000 } } },
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
      const done = await actOnApprovalLink(deps.approvals())(tokenOf(ctx), { action: "reject", reason })();
      if (E.isLeft(done)) return problemPage(done.left);
      return pageOf(200, "Bill rejected", html`<p id="outcome">The bill is rejected.</p>`);
    },
  },
];
