import { type DomainError, domainError, groupedIban, outstandingOf, type SellerBankAccount } from "@apar/core";
import { documentContext, invoiceFileStem } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { PROBLEM_JSON, problem } from "../http/problem.js";
import type { HttpReply, RouteContext, RouteDef } from "../http/route.js";
import type { RouteDeps } from "../http/routes/deps.js";
import { Html, html } from "../portal/html.js";
import { epcPayload, qrSvg } from "./epc-qr.js";
import { isPayable, loadPublicInvoice, type PublicInvoicePage } from "./public-invoice-view.js";
import { type PageLanguage, pageLanguage, type Words, wordsOf } from "./public-invoice-words.js";

/** What the public invoice pages use. */
export type PublicInvoiceRouteDeps = RouteDeps<
  "db" | "clock" | "ids" | "renderer" | "publicBaseUrl" | "paymentGateway"
>;

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
  Vary: "Accept, Accept-Language",
} as const;

const FALLBACK_COLOUR = "#1f4e79";

// WCAG relative luminance of #rrggbb.
const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/**
 * The organisation's colour when white text on it stays readable (WCAG AA, 4.5:1), else apar's own: a pale
 * brand colour would make the buttons and headings unreadable.
 */
export const readableColour = (colour: string | null): string =>
  colour !== null && /^#[0-9a-fA-F]{6}$/.test(colour) && 1.05 / (luminance(colour) + 0.05) >= 4.5
    ? colour
    : FALLBACK_COLOUR;

const STYLE = (colour: string) => `:root{--brand:${colour}}
*{box-sizing:border-box}body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1d2330;background:#f4f6f9;line-height:1.5}
main{max-width:52rem;margin:0 auto;padding:1.5rem 1rem 3rem}
header.brand{display:flex;align-items:center;gap:1rem;border-top:6px solid var(--brand);background:#fff;padding:1rem 1.25rem;border-radius:0 0 .5rem .5rem}
header.brand img{max-height:48px;max-width:160px}
.card{background:#fff;border-radius:.5rem;padding:1.25rem;margin-top:1rem;box-shadow:0 1px 2px rgba(0,0,0,.08)}
h1{color:var(--brand);font-size:1.6rem;margin:.25rem 0}h2{font-size:1.1rem;margin:0 0 .75rem}
.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:1rem}
.parties p{margin:0}.muted{color:#4a5260}
.badge{display:inline-block;padding:.15rem .6rem;border-radius:1rem;font-weight:600;background:#e8edf5;color:#1d2330}
.badge.Overdue{background:#fde8e8;color:#8a1c1c}.badge.Paid,.badge.Credited{background:#e3f4e8;color:#1b5e2b}
table{border-collapse:collapse;width:100%}caption{text-align:left;font-weight:600;padding-bottom:.5rem}
th,td{text-align:left;padding:.45rem .5rem;border-bottom:1px solid #dde2ea;vertical-align:top}
th[scope=row]{font-weight:normal;color:#4a5260}td.n,th.n{text-align:right;white-space:nowrap}
tr.due th,tr.due td{font-weight:700;font-size:1.1rem;color:#1d2330;border-bottom:0}
.actions{margin-top:1.25rem;display:flex;flex-wrap:wrap;gap:.75rem}
.button{display:inline-block;background:var(--brand);color:#fff;border:2px solid var(--brand);padding:.6rem 1.2rem;border-radius:.35rem;text-decoration:none;font-size:1rem;font-weight:600;cursor:pointer}
.button.secondary{background:#fff;color:var(--brand)}
.button:focus-visible,a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}dt{color:#4a5260}dd{margin:0;word-break:break-all}
@media (max-width:30rem){main{padding:1rem .5rem}.card{padding:1rem}h1{font-size:1.3rem}th,td{padding:.4rem .3rem}}`;

/** A page; `colour` is a checked `#rrggbb` (readableColour), so the style sheet is apar's own text, sent as is. */
const page = (status: number, title: string, content: Html, colour = FALLBACK_COLOUR, lang = "en"): HttpReply => ({
  status,
  contentType: "text/html; charset=utf-8",
  headers: HEADERS,
  body: html`<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${title}</title>
<style>${new Html(STYLE(colour))}</style></head>
<body><main>${content}</main></body>
</html>`.text,
});

const problemPage = (e: DomainError): HttpReply =>
  e.kind === "Gone"
    ? page(410, "Invoice withdrawn", html`<h1>Invoice withdrawn</h1><p id="problem">${e.detail}</p>`)
    : page(404, "Link not valid", html`<h1>Link not valid</h1><p id="problem">${e.detail}</p>`);

const sellerBlock = (p: PublicInvoicePage, w: Words) => {
  const s = p.seller;
  if (s === undefined) return html`<p><strong id="organisation">${p.view.organisationName}</strong></p>`;
  return html`<p><strong id="organisation">${p.view.organisationName}</strong></p>
${s.tradingName === null ? "" : html`<p>${s.legalName}</p>`}
${s.addressLines.map((l) => html`<p>${l}</p>`)}
<p>${[s.postcode, s.city].filter((x) => x !== null).join(" ")}, ${s.countryCode}</p>
${s.vatNumber === null ? "" : html`<p class="muted">${w.vat} <span id="seller-vat">${s.vatNumber}</span></p>`}
${s.contactEmail === null ? "" : html`<p><a href="mailto:${s.contactEmail}">${s.contactEmail}</a></p>`}`;
};

/** The SEPA QR code (EPC069-12) of a transfer of what is due to an account, when the invoice is in EUR. */
const transferQr = (p: PublicInvoicePage, account: SellerBankAccount, w: Words): Html | "" => {
  const payload = epcPayload({
    name: account.accountName ?? p.seller?.legalName ?? p.view.organisationName,
    iban: account.iban,
    bic: account.bic,
    currency: p.view.currency,
    amount: p.view.amountDue,
    reference: p.view.creditorReference,
  });
  return payload === undefined
    ? ""
    : html`<figure class="qr">${qrSvg(payload, w.scanToPay)}<figcaption>${w.scanToPay}</figcaption></figure>`;
};

/**
 * The page. `due`: something is left to pay, so the bank-transfer instructions (and their QR code) show
 * whether or not a gateway is configured (the manual mode); `payOnline`: a gateway can take it (the Pay button).
 */
const invoicePage = (
  token: string,
  p: PublicInvoicePage,
  due: boolean,
  payOnline: boolean,
  lang: PageLanguage,
  checkout?: "success" | "cancelled",
): HttpReply => {
  const t = encodeURIComponent(token);
  const w = wordsOf(lang);
  const v = p.view;
  const money = (amount: string) => `${amount} ${v.currency}`;
  const accounts = p.seller?.bankAccounts ?? [];
  return page(
    200,
    `${w.invoice} ${v.documentNumber} — ${v.organisationName}`,
    html`<header class="brand">${v.organisationLogoUrl === null ? "" : html`<img id="logo" src="${v.organisationLogoUrl}" alt="${v.organisationName}">`}
<div><h1>${w.invoice} <span id="number">${v.documentNumber}</span></h1>
<span id="status" class="badge ${p.statusWord}" data-status="${v.status}">${w.statuses[p.statusWord]}</span></div></header>
${
  checkout === undefined
    ? ""
    : html`<p id="checkout-outcome" class="card" role="status">${checkout === "success" ? w.checkoutSuccess : w.checkoutCancelled}</p>`
}
<section class="card parties" aria-label="${w.from} / ${w.to}">
<div><h2>${w.from}</h2>${sellerBlock(p, w)}</div>
<div><h2>${w.to}</h2><p><strong id="customer">${v.customerName}</strong></p></div>
</section>
<section class="card" aria-labelledby="summary-heading"><h2 id="summary-heading">${w.summary}</h2>
<table>
<tr><th scope="row">${w.issued}</th><td id="issue-date" class="n">${v.issueDate}</td></tr>
<tr><th scope="row">${w.due}</th><td id="due-date" class="n">${v.dueDate}</td></tr>
<tr><th scope="row">${w.total}</th><td id="total" class="n">${money(v.totalAmount)}</td></tr>
${p.credited ? html`<tr><th scope="row">${w.credited}</th><td id="credited" class="n">− ${money(v.amountCredited)}</td></tr>` : ""}
<tr><th scope="row">${w.paid}</th><td id="paid" class="n">− ${money(v.amountPaid)}</td></tr>
<tr class="due"><th scope="row">${w.amountDue}</th><td id="due" class="n">${money(v.amountDue)}</td></tr>
</table>
${v.memo === null ? "" : html`<p id="memo">${v.memo}</p>`}
<div class="actions">
${payOnline ? html`<form method="post" action="/i/${t}/checkout-session"><button id="pay" class="button" type="submit">${w.pay} ${money(v.amountDue)}</button></form>` : ""}
<a id="download" class="button secondary" href="/i/${t}/pdf">${w.download}</a>
</div></section>
${
  due && accounts.length > 0
    ? html`<section class="card" aria-labelledby="transfer-heading"><h2 id="transfer-heading">${w.byTransfer}</h2>
${accounts.map((a, i) => html`<dl><dt>IBAN</dt><dd class="iban">${groupedIban(a.iban)}</dd>${a.bic === null ? "" : html`<dt>BIC</dt><dd>${a.bic}</dd>`}<dt>${w.amount}</dt><dd class="n">${money(v.amountDue)}</dd><dt>${w.reference}</dt><dd${i === 0 ? html` id="reference"` : ""}>${v.creditorReference}</dd></dl>${i === 0 ? transferQr(p, a, w) : ""}`)}</section>`
    : ""
}
${
  p.credits.length === 0
    ? ""
    : html`<section class="card"><table id="credits"><caption>${w.credits}</caption>
<tr><th scope="col">${w.number}</th><th scope="col">${w.date}</th><th scope="col">${w.reason}</th><th scope="col" class="n">${w.amount}</th></tr>
${p.credits.map((c) => html`<tr><td>${c.number}</td><td>${c.date}</td><td>${c.reason ?? ""}</td><td class="n">${money(c.amount)}</td></tr>`)}</table></section>`
}
${
  p.payments.length === 0
    ? ""
    : html`<section class="card"><table id="payments"><caption>${w.payments}</caption>
<tr><th scope="col">${w.date}</th><th scope="col" class="n">${w.amount}</th></tr>
${p.payments.map((x) => html`<tr><td>${x.paidAt}</td><td class="n">${money(x.amount)}</td></tr>`)}</table></section>`
}
<section class="card"><table id="lines"><caption>${w.lines}</caption>
<tr><th scope="col">${w.description}</th><th scope="col" class="n">${w.quantity}</th><th scope="col" class="n">${w.amount}</th></tr>
${p.lines.map((l) => html`<tr><td>${l.description}</td><td class="n">${l.quantity}</td><td class="n">${money(l.netAmount)}</td></tr>`)}</table></section>`,
    readableColour(v.organisationPrimaryColour),
    lang,
  );
};

/** True when the caller asked for JSON rather than the page (`Accept: application/json` preferred over HTML). */
const wantsJson = (ctx: RouteContext): boolean => {
  const accept = String(ctx.headers.accept ?? "");
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept);
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
      "200": HTML(
        "The invoice in its customer's language (en, de, fr; `?lang=` chooses): credits, payments and what is due, a PDF download, while something is due the bank-transfer details (with a SEPA QR code for EUR), and a Pay button when a payment gateway is configured. With `Accept: application/json` the published view instead: documentNumber, creditorReference (the ISO 11649 reference to quote with a transfer), currency, customerName, organisationName, totalAmount, amountPaid, amountCredited, amountDue, issueDate, dueDate, status, memo, organisationLogoUrl, organisationPrimaryColour.",
      ),
      "404": HTML("No invoice has this token (drafts have none)."),
      "410": HTML("The invoice was voided: its link stopped working."),
    },
    handler: async (ctx) => {
      const found = await loadPublicInvoice(deps().db.stores, tokenOf(ctx), deps().clock.now());
      if (wantsJson(ctx)) {
        if (E.isLeft(found)) return found.left;
        return { status: 200, headers: { "Cache-Control": "no-store", Vary: "Accept" }, body: found.right.view };
      }
      if (E.isLeft(found)) return problemPage(found.left);
      const { invoice, page: data } = found.right;
      const lang = pageLanguage(
        ctx.query.get("lang"),
        data.customerCountry,
        typeof ctx.headers["accept-language"] === "string" ? ctx.headers["accept-language"] : undefined,
      );
      const due = isPayable(invoice);
      // The Pay button: a gateway is configured and the organisation's account can take charges.
      const account =
        due && deps().paymentGateway !== undefined
          ? await deps().db.stores.paymentAccounts.ofOrganisation({
              clientId: invoice.clientId,
              organisationId: invoice.organisationId,
            })
          : undefined;
      const canPay = account !== undefined && account.status === "Active" && account.capabilities.chargesEnabled;
      const outcome = ctx.query.get("checkout");
      return invoicePage(
        tokenOf(ctx),
        data,
        due,
        canPay,
        lang,
        outcome === "success" || outcome === "cancelled" ? outcome : undefined,
      );
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
      const found = await loadPublicInvoice(deps().db.stores, tokenOf(ctx));
      if (E.isLeft(found)) return problemPage(found.left);
      const { invoice, organisation, seller } = found.right;
      const bytes = await deps().renderer.invoicePdf(
        invoice,
        documentContext(deps(), organisation ?? { id: invoice.organisationId, name: "" }, invoice, seller),
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
      "409": {
        description:
          "`PublicInvoice.NotPayable`: nothing is due (paid, credited); `Payments.AccountNotReady`: the organisation's payment account cannot take charges.",
      },
      "503": {
        description: "`Payments.RedirectNotAllowed`: the checkout is on a host the client's settings do not allow.",
      },
      "410": HTML("The invoice was voided."),
      "501": {
        description:
          "`Payments.NoGateway`: this installation has no payment gateway (`APAR_PAYMENT_GATEWAY` is `manual`), so there is no checkout to open.",
      },
    },
    handler: async (ctx) => {
      const found = await loadPublicInvoice(deps().db.stores, tokenOf(ctx));
      if (E.isLeft(found)) return problemPage(found.left);
      const gateway = deps().paymentGateway;
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
      const invoice = found.right.invoice;
      const scope = { clientId: invoice.clientId, organisationId: invoice.organisationId };
      const account = await deps().db.stores.paymentAccounts.ofOrganisation(scope);
      if (account === undefined || account.status !== "Active" || !account.capabilities.chargesEnabled)
        return domainError(
          "Conflict",
          "Payments.AccountNotReady",
          "The seller cannot take online payments yet; pay by bank transfer as the invoice says.",
        );
      const back = `${deps().publicBaseUrl.replace(/\/+$/, "")}/i/${encodeURIComponent(tokenOf(ctx))}`;
      const session = await gateway.createCheckout({
        accountId: account.accountId,
        invoiceId: invoice.id,
        token: tokenOf(ctx),
        organisationId: invoice.organisationId,
        amount: outstandingOf(invoice),
        currency: invoice.currency,
        description: `Invoice ${invoice.documentNumber ?? invoice.id}`,
        successUrl: `${back}?checkout=success`,
        cancelUrl: `${back}?checkout=cancelled`,
        idempotencyKey: deps().ids.next(),
      });
      // The checkout must be on a host the client allows (its paymentAllowedRedirectHosts), when it names any.
      const client = await deps().db.stores.clients.ofId(invoice.clientId);
      const allowed = client?.settings?.paymentAllowedRedirectHosts ?? [];
      const host = new URL(session.url).host.toLowerCase();
      if (allowed.length > 0 && !allowed.some((a) => a.toLowerCase() === host))
        return domainError(
          "Unavailable",
          "Payments.RedirectNotAllowed",
          `The checkout is on ${host}, which the seller's settings do not allow.`,
        );
      return { status: 303, headers: { Location: session.url, "Cache-Control": "no-store" } };
    },
  },
];
