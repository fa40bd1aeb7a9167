import type { SellerIdentity } from "@apar/core";
import { type Html, html } from "../pages/html.js";
import { layout, notice } from "./layout.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";
import type { PageUser } from "./webhook-pages.js";

export const identityHref = (organisationId: string, done?: string): string =>
  `/portal/seller-identity?organisationId=${encodeURIComponent(organisationId)}${done === undefined ? "" : `&done=${done}`}`;

/** The organisations to choose from. */
export const organisationsPage = (user: PageUser, organisations: readonly PortalOrganisation[]): Html =>
  layout(
    "Seller identity",
    html`<h1>Seller identity</h1>
<section>
<p>Who each organisation is on the invoices and credit notes it sends: legal name, address, VAT and company
registration, contact, payment terms and the accounts customers pay into.</p>
${
  organisations.length === 0
    ? html`<p class="muted">The client has no organisations yet.</p>`
    : html`<ul id="organisations">${organisations.map((o) => html`<li><a href="${identityHref(o.id)}">${o.name}</a></li>`)}</ul>`
}
</section>`,
    user,
  );

/** What the form shows: the stored identity, or what was just sent when it was refused. */
export type IdentityForm = Readonly<Record<string, string | readonly string[]>>;

/** The form's values of a stored identity (one empty bank-account row more, to add one). */
export const formOfIdentity = (identity: SellerIdentity | null): IdentityForm => ({
  legalName: identity?.legalName ?? "",
  tradingName: identity?.tradingName ?? "",
  addressLine: [0, 1, 2].map((i) => identity?.addressLines[i] ?? ""),
  city: identity?.city ?? "",
  postcode: identity?.postcode ?? "",
  countryCode: identity?.countryCode ?? "",
  vatNumber: identity?.vatNumber ?? "",
  taxRegistration: identity?.taxRegistration ?? "",
  companyRegistrationId: identity?.companyRegistrationId ?? "",
  contactName: identity?.contactName ?? "",
  contactEmail: identity?.contactEmail ?? "",
  contactPhone: identity?.contactPhone ?? "",
  defaultPaymentTermsDays: identity?.defaultPaymentTermsDays?.toString() ?? "",
  iban: [...(identity?.bankAccounts ?? []).map((a) => a.iban), ""],
  bic: [...(identity?.bankAccounts ?? []).map((a) => a.bic ?? ""), ""],
  accountName: [...(identity?.bankAccounts ?? []).map((a) => a.accountName ?? ""), ""],
});

const one = (form: IdentityForm, name: string): string => {
  const v = form[name];
  return typeof v === "string" ? v : "";
};
const many = (form: IdentityForm, name: string): readonly string[] => {
  const v = form[name];
  return Array.isArray(v) ? v : [];
};

const field = (form: IdentityForm, name: string, label: string, extra: { type?: string; hint?: string } = {}): Html =>
  html`<label for="${name}">${label}</label><input type="${extra.type ?? "text"}" id="${name}" name="${name}" value="${one(form, name)}">${
    extra.hint === undefined ? "" : html`<span class="muted">${extra.hint}</span>`
  }`;

/** An organisation's identity as a form; saving replaces the whole identity, as PUT /v1/seller-identity does. */
export const identityPage = (
  user: PageUser,
  organisation: PortalOrganisation,
  form: IdentityForm,
  messages: { message?: string; error?: string } = {},
): Html => {
  const lines = many(form, "addressLine");
  const ibans = many(form, "iban");
  const bics = many(form, "bic");
  const names = many(form, "accountName");
  return layout(
    `Seller identity of ${organisation.name}`,
    html`<h1>Seller identity of ${organisation.name}</h1>
${notice(messages.message)}${notice(messages.error, true)}
<form method="post" action="/portal/seller-identity">
<input type="hidden" name="csrf" value="${user.csrf}"><input type="hidden" name="organisationId" value="${organisation.id}">
<section><h2>Legal identity</h2>
${field(form, "legalName", "Legal name")}
${field(form, "tradingName", "Trading name (if different)")}
${field(form, "vatNumber", "VAT number", { hint: "With its country prefix, e.g. DE123456789. A VAT number or a company registration is required." })}
${field(form, "companyRegistrationId", "Company registration (e.g. HRB 12345, SIREN)")}
${field(form, "taxRegistration", "Tax registration (e.g. Steuernummer)")}
</section>
<section><h2>Address</h2>
${[0, 1, 2].map((i) => html`<label for="addressLine${i + 1}">Address line ${i + 1}</label><input type="text" id="addressLine${i + 1}" name="addressLine" value="${lines[i] ?? ""}">`)}
${field(form, "postcode", "Postcode")}
${field(form, "city", "City")}
${field(form, "countryCode", "Country (two letters, e.g. DE)")}
</section>
<section><h2>Contact and terms</h2>
${field(form, "contactName", "Contact name")}
${field(form, "contactEmail", "Contact email", { type: "email" })}
${field(form, "contactPhone", "Contact phone")}
${field(form, "defaultPaymentTermsDays", "Payment terms (days from issue to due)")}
</section>
<section><h2>Bank accounts customers pay into</h2>
<p class="muted">Leave a row's IBAN empty to remove it.</p>
${ibans.map(
  (iban, i) => html`<fieldset id="account${i + 1}"><legend>Account ${i + 1}</legend>
<label for="iban${i + 1}">IBAN</label><input type="text" id="iban${i + 1}" name="iban" value="${iban}">
<label for="bic${i + 1}">BIC</label><input type="text" id="bic${i + 1}" name="bic" value="${bics[i] ?? ""}">
<label for="accountName${i + 1}">Account name (if not the legal name)</label><input type="text" id="accountName${i + 1}" name="accountName" value="${names[i] ?? ""}">
</fieldset>`,
)}
</section>
<p><button id="save" type="submit">Save</button> <a href="/portal/seller-identity">All organisations</a></p>
</form>`,
    user,
  );
};

/** The page of an organisation that is not this client's, or not at all. */
export const organisationNotFoundPage = (user: PageUser): Html =>
  layout(
    "Not found",
    html`<section><h1>Not found</h1><p>There is no such organisation.</p><p><a href="/portal/seller-identity">All organisations</a></p></section>`,
    user,
  );
