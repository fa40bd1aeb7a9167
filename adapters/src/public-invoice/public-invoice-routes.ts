import { type DomainError, domainError, type Invoice } from "@apar/core";
import { documentContext, invoiceFileStem } from "@apar/core/app";
import type { InvoiceRenderer, Stores } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import { PROBLEM_JSON, problem } from "../http/problem.js";
import type { HttpReply, RouteContext, RouteDef } from "../http/route.js";
import { type Html, html } from "../portal/html.js";
import { isPayable, loadPublicInvoice, type PublicInvoiceView } from "./public-invoice-view.js";

/** A hosted checkout for one invoice (the payments part brings real ones). */
export interface PaymentGateway {
  readonly name: string;
  /** Answers the URL of a checkout page for what is due on the invoice. */
  createCheckoutSession(invoice: Invoice, returnUrl: string): Promise<{ readonly url: string }>;
}

/** What the public invoice pages need; read per request. */
export interface PublicInvoiceRouteDeps {
  readonly stores: () => Stores;
  readonly renderer: InvoiceRenderer;
  /** `APAR_PUBLIC_URL`: links are `<publicBaseUrl>/i/<token>`. */
  readonly publicBaseUrl: string;
  /** None (the default): no Pay button, and checkout sessions answer 501. */
  readonly paymentGateway: PaymentGateway | undefined;
}

/**
 * Headers of every public page: never cached, never framed, no scripts, and no referrer at all (the token is
 * in the URL). Images only over https (the organisation's logo), styles only inline; the Pay form posts here
 * and is redirected to the gateway's https checkout, which `form-action` must allow (Chromium checks redirects).
 */
const HEADERS = {
  "Cache-Control": "no-store",
  "Content-Security-Policy":
    "default-src 'none'; img-src https:; style-src 'unsafe-inline'; form-action 'self' https:; frame-ancestors 'none'; base-uri 'none'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
} as const;

// The colour passed the client settings' #rrggbb check; anything else falls back.
const colourOf = (v: PublicInvoiceView) =>
  v.organisationPrimaryColour !== null && /^#[0-9a-fA-F]{6}$/.test(v.organisationPrimaryColour)
    ? v.organisationPrimaryColour
    : "#1f4e79";

const page = (status: number, title: string, content: Html, colour = "#1f4e79"): HttpReply => ({
  status,
  contentType: "text/html; charset=utf-8",
  headers: HEADERS,
  body: html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{color:${colour}}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #ddd}
td.n{text-align:right}.actions{margin-top:1.5rem;display:flex;gap:1rem}
.button{background:${colour};color:#fff;border:0;padding:.6rem 1.2rem;border-radius:.3rem;text-decoration:none;font-size:1rem}</style></head>
<body><main>${content}</main></body>
</html>`.text,
});

const problemPage = (e: DomainError): HttpReply =>
  e.kind === "Gone"
    ? page(410, "Invoice withdrawn", html`<h1>Invoice withdrawn</h1><p id="problem">${e.detail}</p>`)
    : page(404, "Link not valid", html`<h1>Link not valid</h1><p id="problem">${e.detail}</p>`);

const invoicePage = (token: string, v: PublicInvoiceView, payable: boolean): HttpReply => {
  const t = encodeURIComponent(token);
  return page(
    200,
    `Invoice ${v.documentNumber} from ${v.organisationName}`,
    html`${v.organisationLogoUrl === null ? "" : html`<img id="logo" src="${v.organisationLogoUrl}" alt="${v.organisationName}" height="48">`}
<h1>Invoice <span id="number">${v.documentNumber}</span></h1>
<p>From <strong id="organisation">${v.organisationName}</strong> to <strong id="customer">${v.customerName}</strong></p>
<table>
<tr><th>Status</th><td id="status">${v.status}</td></tr>
<tr><th>Issued</th><td id="issue-date">${v.issueDate}</td></tr>
<tr><th>Due</th><td id="due-date">${v.dueDate}</td></tr>
<tr><th>Total</th><td id="total">${v.totalAmount} ${v.currency}</td></tr>
<tr><th>Paid</th><td id="paid">${v.amountPaid} ${v.currency}</td></tr>
<tr><th>Amount due</th><td id="due">${v.amountDue} ${v.currency}</td></tr>
</table>
${v.memo === null ? "" : html`<p id="memo">${v.memo}</p>`}
<h2>Lines</h2>
<table id="lines"><tr><th>Description</th><th>Quantity</th><th>Amount</th></tr>
${v.lines.map((l) => html`<tr><td>${l.description}</td><td class="n">${l.quantity}</td><td class="n">${l.netAmount}</td></tr>`)}</table>
<div class="actions">
<a id="download" class="button" href="/i/${t}/pdf">Download PDF</a>
${payable ? html`<form method="post" action="/i/${t}/checkout-session"><button id="pay" class="button" type="submit">Pay ${v.amountDue} ${v.currency}</button></form>` : ""}
</div>`,
    colourOf(v),
  );
};

const tokenOf = (ctx: RouteContext): string => ctx.params.token ?? "";

const PUBLIC = { tags: ["public"], security: "none", access: { scope: "none" }, limit: "public-token" } as const;
const HTML = (description: string) => ({ description, mediaType: "text/html", schema: { type: "string" } });

/** The public invoice page `/i/{token}`, its PDF, and the checkout session behind its Pay button. */
export const publicInvoiceRoutes = (deps: PublicInvoiceRouteDeps): RouteDef[] => [
  {
    ...PUBLIC,
    method: "GET",
    path: "/i/{token}",
    operationId: "viewPublicInvoice",
    summary: "The public page of a sent invoice (no /v1; the token is the credential)",
    responses: {
      "200": HTML("The invoice, a PDF download, and a Pay button when a payment gateway is configured."),
      "404": HTML("No invoice has this token (drafts have none)."),
      "410": HTML("The invoice was voided: its link stopped working."),
    },
    handler: async (ctx) => {
      const found = await loadPublicInvoice(deps.stores(), tokenOf(ctx));
      if (E.isLeft(found)) return problemPage(found.left);
      const { invoice, view } = found.right;
      return invoicePage(tokenOf(ctx), view, deps.paymentGateway !== undefined && isPayable(invoice));
    },
  },
  {
    ...PUBLIC,
    method: "GET",
    path: "/i/{token}/pdf",
    operationId: "downloadPublicInvoicePdf",
    summary: "The PDF of the invoice behind a public token",
    responses: {
      "200": {
        description: "The invoice PDF.",
        mediaType: "application/pdf",
        schema: { type: "string", format: "binary" },
      },
      "404": HTML("No invoice has this token."),
      "410": HTML("The invoice was voided."),
    },
    handler: async (ctx) => {
      const found = await loadPublicInvoice(deps.stores(), tokenOf(ctx));
      if (E.isLeft(found)) return problemPage(found.left);
      const { invoice, organisation, seller } = found.right;
      const bytes = await deps.renderer.invoicePdf(
        invoice,
        documentContext(deps, organisation ?? { id: invoice.organisationId, name: "" }, invoice, seller),
      );
      return {
        status: 200,
        contentType: "application/pdf",
        headers: {
          "Cache-Control": "no-store",
          "Referrer-Policy": "no-referrer",
          "X-Content-Type-Options": "nosniff",
          "Content-Disposition": `attachment; filename="${invoiceFileStem(invoice)}.pdf"`,
        },
        body: Buffer.from(bytes),
      };
    },
  },
  {
    ...PUBLIC,
    method: "POST",
    path: "/i/{token}/checkout-session",
    operationId: "createPublicInvoiceCheckoutSession",
    summary: "Open a hosted checkout for what is due (303 to it); 501 while no payment gateway is configured",
    requestBody: { required: false, mediaType: "application/x-www-form-urlencoded", schema: { type: "object" } },
    responses: {
      "303": { description: "To the gateway's checkout page." },
      "404": HTML("No invoice has this token."),
      "409": { description: "`PublicInvoice.NotPayable`: nothing is due (paid, credited)." },
      "410": HTML("The invoice was voided."),
      "501": {
        description:
          "`Payments.NoGateway`: this installation has no payment gateway (apar does not take card payments yet), so there is no checkout to open.",
      },
    },
    handler: async (ctx) => {
      const found = await loadPublicInvoice(deps.stores(), tokenOf(ctx));
      if (E.isLeft(found)) return problemPage(found.left);
      const gateway = deps.paymentGateway;
      if (gateway === undefined) {
        // 501, not 503: nothing will change by retrying; the operator has not configured a gateway.
        return {
          status: 501,
          contentType: PROBLEM_JSON,
          body: problem(501, "Payments.NoGateway", "Online payment is not set up for this invoice.", undefined),
        };
      }
      if (!isPayable(found.right.invoice)) {
        return domainError("Conflict", "PublicInvoice.NotPayable", "Nothing is due on this invoice.");
      }
      const back = `${deps.publicBaseUrl.replace(/\/+$/, "")}/i/${encodeURIComponent(tokenOf(ctx))}`;
      const session = await gateway.createCheckoutSession(found.right.invoice, back);
      return { status: 303, headers: { Location: session.url, "Cache-Control": "no-store" } };
    },
  },
];
