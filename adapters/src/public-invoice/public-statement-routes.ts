import {
  AGING_BUCKETS,
  type CustomerStatement,
  PublicStatementView,
  type StatementCurrency,
  toJsonSchema,
} from "@apar/core";
import { invoiceCustomerStatement, statementPdf } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import type { HttpReply, RouteDef } from "../http/route.js";
import type { RouteDeps } from "../http/routes/deps.js";
import { fileReply } from "../http/routes/document-file-routes.js";
import { periodOf } from "../http/routes/report-routes.js";
import { html } from "../pages/html.js";
import { loadPublicInvoice, type PublicInvoiceView } from "./public-invoice-view.js";
import { type PageLanguage, pageLanguage, type Words, wordsOf } from "./public-invoice-words.js";
import { HEADERS, HTML, PUBLIC, page, problemPage, readableColour, tokenOf, wantsJson } from "./public-page.js";

/** What the public statement pages use. */
export type PublicStatementRouteDeps = RouteDeps<"db" | "clock" | "ids" | "renderer">;

/** The statement as its customer may see it: without apar's own id of the customer. */
const publicJson = (statement: CustomerStatement) => {
  const { id: _id, ...customer } = statement.customer;
  return { ...statement, customer };
};

const currencyCard = (part: StatementCurrency, w: Words) => {
  const s = w.statement;
  const money = (amount: string) => `${amount} ${part.currency}`;
  return html`<section class="card" aria-labelledby="statement-${part.currency}"><h2 id="statement-${part.currency}">${part.currency}</h2>
<div class="scroll" tabindex="0" role="region" aria-label="${s.title}, ${part.currency}"><table class="statement" data-currency="${part.currency}">
<caption>${s.title}, ${part.currency}</caption>
<tr><th scope="col">${w.date}</th><th scope="col">${s.type}</th><th scope="col">${s.document}</th><th scope="col">${w.due}</th><th scope="col" class="n">${w.amount}</th><th scope="col" class="n">${s.balance}</th></tr>
<tr class="opening"><th scope="row" colspan="5">${s.opening}</th><td class="n">${money(part.openingBalance)}</td></tr>
${part.lines.map(
  (l) =>
    html`<tr class="line" data-type="${l.type}"><td>${l.date}</td><td>${s.types[l.type]}</td><td>${
      l.type === "Invoice"
        ? (l.documentNumber ?? "")
        : [l.documentNumber, l.invoiceNumber === null ? null : `${s.forInvoice} ${l.invoiceNumber}`]
            .filter((x) => x !== null)
            .join(" ")
    }</td><td>${l.dueDate ?? ""}</td><td class="n">${money(l.amount)}</td><td class="n">${money(l.balance)}</td></tr>`,
)}
<tr class="due closing"><th scope="row" colspan="5">${s.closing}</th><td class="n">${money(part.closingBalance)}</td></tr>
</table></div>
<table class="aging"><caption>${s.overdueTitle}</caption>
${AGING_BUCKETS.map((b) => html`<tr data-bucket="${b}"><th scope="row">${s[b]}</th><td class="n">${money(part.aging[b])}</td></tr>`)}
<tr class="due" data-bucket="overdue"><th scope="row">${s.overdue}</th><td class="n">${money(part.overdue)}</td></tr>
</table></section>`;
};

/** The statement page: the period chosen with a form (no script), then each currency's card. */
const statementPage = (
  token: string,
  statement: CustomerStatement,
  view: PublicInvoiceView,
  lang: PageLanguage,
): HttpReply => {
  const t = encodeURIComponent(token);
  const w = wordsOf(lang);
  const s = w.statement;
  const period = `from=${statement.from}&to=${statement.to}`;
  return page(
    200,
    `${s.title} — ${view.organisationName}`,
    html`<header class="brand">${view.organisationLogoUrl === null ? "" : html`<img id="logo" src="${view.organisationLogoUrl}" alt="${view.organisationName}">`}
<div><h1>${s.title}</h1><p class="muted"><strong id="organisation">${view.organisationName}</strong> · <span id="customer">${statement.customer.name}</span></p></div></header>
<section class="card" aria-labelledby="period-heading"><h2 id="period-heading">${s.period}</h2>
<form method="get" action="/i/${t}/statement" class="parties">
<input type="hidden" name="lang" value="${lang}">
<p><label for="from">${s.fromDate}</label><br><input id="from" name="from" type="date" value="${statement.from}"></p>
<p><label for="to">${s.toDate}</label><br><input id="to" name="to" type="date" value="${statement.to}"></p>
<p><button class="button" type="submit">${s.show}</button></p>
</form>
<div class="actions"><a id="download" class="button secondary" href="/i/${t}/statement/pdf?${period}">${w.download}</a>
<a id="invoice" class="button secondary" href="/i/${t}?lang=${lang}">${s.backToInvoice}</a></div></section>
${statement.currencies.length === 0 ? html`<p class="card" id="nothing">${s.nothing}</p>` : statement.currencies.map((part) => currencyCard(part, w))}`,
    readableColour(view.organisationPrimaryColour),
    lang,
  );
};

/**
 * The statement of account of an invoice's customer, reached only through the invoice's public token (the token is
 * the credential; no customer id is ever taken): every invoice of that customer with the same organisation, as a
 * page, JSON (`Accept: application/json`) and PDF. Unknown tokens and drafts 404; a voided invoice's token 410.
 */
export const publicStatementRoutes = (deps: PublicStatementRouteDeps): RouteDef[] => [
  {
    ...PUBLIC,
    method: "GET",
    path: "/i/{token}/statement",
    operationId: "viewPublicStatement",
    summary: "The statement of account of the invoice's customer (no /v1; the invoice's token is the credential)",
    parameters: [
      {
        name: "from",
        in: "query",
        description: "First day; default 89 days before `to`.",
        schema: { type: "string", format: "date" },
      },
      { name: "to", in: "query", description: "Last day; default today.", schema: { type: "string", format: "date" } },
      { name: "lang", in: "query", schema: { type: "string", enum: ["en", "de", "fr"] } },
    ],
    responses: {
      "200": {
        ...HTML(
          "The statement in the customer's language: per currency the opening balance, each invoice, credit note and payment of the period with the running balance, the closing balance and what was overdue at the end. With `Accept: application/json`, the statement as JSON (as `GET /v1/customers/{id}/statement`, without the customer's id).",
        ),
        alternatives: { "application/json": toJsonSchema(PublicStatementView) },
      },
      "400": HTML("A date is malformed, or from is after to."),
      "404": HTML("No invoice has this token (drafts have none)."),
      "410": HTML("The invoice was voided: its link stopped working."),
    },
    handler: async (ctx) => {
      const found = await loadPublicInvoice(deps().db.stores, tokenOf(ctx), deps().clock.now());
      const json = wantsJson(ctx);
      if (E.isLeft(found)) return json ? found.left : problemPage(found.left);
      const period = periodOf(ctx);
      const statement = E.isLeft(period)
        ? period
        : await invoiceCustomerStatement(deps())(found.right.invoice, period.right)();
      if (E.isLeft(statement))
        return json
          ? statement.left
          : page(400, "Not valid", html`<h1>Not valid</h1><p id="problem">${statement.left.detail}</p>`);
      if (json)
        return {
          status: 200,
          headers: { "Cache-Control": "no-store", Vary: "Accept" },
          body: publicJson(statement.right),
        };
      const lang = pageLanguage(
        ctx.query.get("lang"),
        found.right.page.customerCountry,
        typeof ctx.headers["accept-language"] === "string" ? ctx.headers["accept-language"] : undefined,
      );
      return statementPage(tokenOf(ctx), statement.right, found.right.view, lang);
    },
  },
  {
    ...PUBLIC,
    method: "GET",
    path: "/i/{token}/statement/pdf",
    operationId: "downloadPublicStatementPdf",
    summary: "The statement of account of the invoice's customer, as a PDF",
    parameters: [
      { name: "from", in: "query", schema: { type: "string", format: "date" } },
      { name: "to", in: "query", schema: { type: "string", format: "date" } },
    ],
    responses: {
      "200": { description: "The PDF.", mediaType: "application/pdf", schema: { type: "string", format: "binary" } },
      "400": HTML("A date is malformed, or from is after to."),
      "404": HTML("No invoice has this token."),
      "410": HTML("The invoice was voided."),
    },
    handler: async (ctx) => {
      const found = await loadPublicInvoice(deps().db.stores, tokenOf(ctx));
      if (E.isLeft(found)) return problemPage(found.left);
      const { invoice } = found.right;
      const period = periodOf(ctx);
      const statement = E.isLeft(period) ? period : await invoiceCustomerStatement(deps())(invoice, period.right)();
      if (E.isLeft(statement))
        return page(400, "Not valid", html`<h1>Not valid</h1><p id="problem">${statement.left.detail}</p>`);
      const scope = { clientId: invoice.clientId, organisationId: invoice.organisationId };
      const file = await statementPdf(deps())(scope, statement.right)();
      if (E.isLeft(file)) return problemPage(file.left);
      const reply = fileReply(file.right);
      return {
        ...reply,
        headers: {
          ...reply.headers,
          "Cache-Control": HEADERS["Cache-Control"],
          "Referrer-Policy": "no-referrer",
          "Content-Disposition": `attachment; filename="${file.right.filename}"`,
        },
      };
    },
  },
];
