import { decode, toJsonSchema } from "@apar/core";
import {
  getSellerIdentity,
  putSellerIdentity,
  SellerIdentityBody,
  SellerIdentityView,
  sellerIdentityView,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { jsonBody, type RouteDef } from "../route.js";
import { orgScope, reply, type TenancyRouteDeps } from "./support.js";

const TAG = "tenancy";
const SELLER_IDENTITY = toJsonSchema(SellerIdentityView);

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
