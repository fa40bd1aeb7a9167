import { decode, type SellerIdentity } from "@apar/core";
import { getSellerIdentity, putSellerIdentity, SellerIdentityBody } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { type JsonSchema, jsonBody, type RouteDef } from "../route.js";
import { orgScope, reply, S, type TenancyRouteDeps } from "./support.js";

const TAG = "tenancy";
const text = (maxLength: number) => ({ type: ["string", "null"], maxLength });
const BANK_ACCOUNT: JsonSchema = {
  type: "object",
  required: ["iban"],
  properties: {
    iban: { type: "string", description: "Spaces and case forgiven; stored in electronic form; check digits hold." },
    bicSwift: { type: ["string", "null"], description: "8 or 11 characters; the name every bank details object uses." },
    bic: { type: ["string", "null"], description: "The old name of bicSwift: accepted and answered alike." },
    accountName: text(200),
  },
};
const MEMBERS = {
  legalName: { type: "string", minLength: 1, maxLength: 200 },
  tradingName: text(200),
  addressLines: { type: "array", minItems: 1, maxItems: 3, items: { type: "string", minLength: 1, maxLength: 200 } },
  city: { type: "string", minLength: 1, maxLength: 100 },
  postcode: text(20),
  countryCode: { type: "string", pattern: "^[A-Za-z]{2}$", description: "ISO 3166-1 alpha-2." },
  vatNumber: { type: ["string", "null"], description: "With its country prefix, e.g. DE123456789." },
  taxRegistration: text(50),
  companyRegistrationId: text(100),
  contactName: text(200),
  contactEmail: { type: ["string", "null"], format: "email" },
  contactPhone: text(50),
  defaultPaymentTermsDays: { type: ["integer", "null"], minimum: 0, maximum: 365 },
  bankAccounts: { type: "array", maxItems: 5, items: BANK_ACCOUNT },
} as const;
const SELLER_IDENTITY: JsonSchema = {
  type: "object",
  required: [...Object.keys(MEMBERS), "updatedAt"],
  properties: { ...MEMBERS, updatedAt: S.dateTime },
};

/** The identity as answered (every member, nulls included; a bank account's BIC as bicSwift and its alias bic). */
export const sellerIdentityView = (s: SellerIdentity) => ({
  ...s,
  bankAccounts: s.bankAccounts.map((a) => ({ iban: a.iban, bicSwift: a.bic, bic: a.bic, accountName: a.accountName })),
  updatedAt: s.updatedAt.toISOString(),
});

/** The organisation's seller identity: who its invoices, credit notes and e-invoices say the seller is. */
export const sellerIdentityRoutes = (deps: TenancyRouteDeps): RouteDef[] => [
  {
    method: "GET",
    path: "/v1/seller-identity",
    operationId: "getSellerIdentity",
    summary: "The organisation's seller identity (legal name, address, VAT and registrations, bank accounts)",
    tags: [TAG],
    access: { scope: "organisation", module: "ar" },
    responses: {
      "200": { description: "The identity.", schema: SELLER_IDENTITY },
      "404": { description: "Not set yet (`SellerIdentity.NotSet`)." },
    },
    handler: async (ctx) => reply(getSellerIdentity(deps())(orgScope(ctx).scope), 200, sellerIdentityView),
  },
  {
    method: "PUT",
    path: "/v1/seller-identity",
    operationId: "putSellerIdentity",
    summary: "Set the organisation's seller identity (the whole of it; members left out are cleared)",
    description:
      "Documents rendered from then on carry it: the invoice and credit-note PDFs, UBL and CII e-invoices and " +
      "the public invoice page. Organisation Admins and client administrators.",
    tags: [TAG],
    access: { scope: "organisation", module: "ar" },
    requestBody: jsonBody(SellerIdentityBody),
    responses: {
      "200": { description: "The identity as stored.", schema: SELLER_IDENTITY },
      "400": { description: "`Request.Invalid`: a member is missing or wrong (an IBAN whose check digits fail)." },
      "403": { description: "`Permission.Denied`: organisation Admins and client administrators only." },
    },
    handler: async (ctx) => {
      const { scope } = orgScope(ctx);
      const body = decode(SellerIdentityBody, ctx.json);
      if (E.isLeft(body)) return body.left;
      return reply(putSellerIdentity(deps())(scope, body.right), 200, sellerIdentityView);
    },
  },
];
