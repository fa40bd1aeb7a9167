import { domainError, groupedIban, outstandingOf, type SellerBankAccount, toJsonSchema } from "@apar/core";
import { documentContext, invoiceFileStem } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { problemRef } from "../http/openapi.js";
import { PROBLEM_JSON, problem } from "../http/problem.js";
import { formBody, type HttpReply, type JsonSchema, type ResponseDef, type RouteDef } from "../http/route.js";
import type { RouteDeps } from "../http/routes/deps.js";
import { type Html, html } from "../pages/html.js";
import { epcPayload, qrSvg } from "./epc-qr.js";
import { isPayable, loadPublicInvoice, type PublicInvoicePage, PublicInvoiceViewCodec } from "./public-invoice-view.js";
import { type PageLanguage, pageLanguage, type Words, wordsOf } from "./public-invoice-words.js";
import { HTML, PUBLIC, page, problemPage, readableColour, tokenOf, wantsJson } from "./public-page.js";
import { publicStatementRoutes } from "./public-statement-routes.js";

/** A page answer that is JSON (the view, or its problem) when the caller asks for `application/json`. */
const withJson = (description: string, json: JsonSchema): ResponseDef => ({
  ...HTML(description),
  alternatives: { [json === problemRef ? PROBLEM_JSON : "application/json"]: json },
});

/** What the public invoice pages use. */
export type PublicInvoiceRouteDeps = RouteDeps<
  "db" | "clock" | "ids" | "renderer" | "publicBaseUrl" | "paymentGateway"
>;

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
<a id="statement" class="button secondary" href="/i/${t}/statement?lang=${lang}">${w.statement.link}</a>
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

/**
 * The public invoice page `/i/{token}`, its PDF, the checkout session behind its Pay button, and the statement of
 * the invoice's customer reached through the same token.
 */
export const publicInvoiceRoutes = (deps: PublicInvoiceRouteDeps): RouteDef[] => [
  {
    ...PUBLIC,
    method: "GET",
    path: "/i/{token}",
    operationId: "viewPublicInvoice",
    summary: "The public page of a sent invoice (no /v1; the token is the credential)",
    responses: {
      "200": withJson(
        "The invoice in its customer's language (en, de, fr; `?lang=` chooses): credits, payments and what is due, a PDF download, while something is due the bank-transfer details (with a SEPA QR code for EUR), and a Pay button when a payment gateway is configured. With `Accept: application/json` the published view instead: documentNumber, creditorReference (the ISO 11649 reference to quote with a transfer), currency, customerName, organisationName, totalAmount, amountPaid, amountCredited, amountDue, issueDate, dueDate, status, memo, organisationLogoUrl, organisationPrimaryColour.",
        toJsonSchema(PublicInvoiceViewCodec),
      ),
      "404": withJson("No invoice has this token (drafts have none).", problemRef),
      "410": withJson("The invoice was voided: its link stopped working.", problemRef),
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
    requestBody: { ...formBody([]), required: false },
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
  ...publicStatementRoutes(deps),
];
