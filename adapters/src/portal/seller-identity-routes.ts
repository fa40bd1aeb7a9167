import * as E from "fp-ts/lib/Either.js";
import type { HttpReply, RouteDef } from "../http/route.js";
import { formBody } from "../http/route.js";
import { explain, idOf, run } from "./actions.js";
import { type PortalDeps, type Signed, signedInForm, signedInPage, userOf } from "./guard.js";
import { page, redirect } from "./http.js";
import type { PortalKeys } from "./seal.js";
import {
  formOfIdentity,
  type IdentityForm,
  identityHref,
  identityPage,
  organisationNotFoundPage,
  organisationsPage,
} from "./seller-identity-pages.js";
import { FORBIDDEN_PAGE, HTML_RESPONSE, PORTAL_ROUTE, SEE_OTHER } from "./sign-in-routes.js";

const NOT_FOUND = { ...HTML_RESPONSE, description: "An HTML page: no such organisation of this client." };
const SINGLE = [
  "legalName",
  "tradingName",
  "city",
  "postcode",
  "countryCode",
  "vatNumber",
  "taxRegistration",
  "companyRegistrationId",
  "contactName",
  "contactEmail",
  "contactPhone",
  "defaultPaymentTermsDays",
] as const;
const REQUIRED: readonly string[] = ["legalName", "city", "countryCode"];

/** The form as sent, for showing it again. */
const sentForm = (form: URLSearchParams): IdentityForm => ({
  ...Object.fromEntries(SINGLE.map((name) => [name, form.get(name) ?? ""])),
  addressLine: form.getAll("addressLine"),
  iban: form.getAll("iban"),
  bic: form.getAll("bic"),
  accountName: form.getAll("accountName"),
});

/**
 * The body PUT /v1/seller-identity takes, from the form: blank optional fields are null, blank address lines and
 * account rows without an IBAN are left out; core's codec then checks every member as for the API.
 */
const bodyOf = (form: URLSearchParams): Record<string, unknown> => {
  const text = (name: string) => (form.get(name) ?? "").trim();
  const optional = (value: string) => (value === "" ? null : value);
  const bics = form.getAll("bic");
  const names = form.getAll("accountName");
  return {
    ...Object.fromEntries(SINGLE.map((name) => [name, REQUIRED.includes(name) ? text(name) : optional(text(name))])),
    addressLines: form
      .getAll("addressLine")
      .map((l) => l.trim())
      .filter((l) => l !== ""),
    bankAccounts: form.getAll("iban").flatMap((iban, i) =>
      iban.trim() === ""
        ? []
        : [
            {
              iban: iban.trim(),
              bic: optional((bics[i] ?? "").trim()),
              accountName: optional((names[i] ?? "").trim()),
            },
          ],
    ),
  };
};

/** The Seller identity pages: choose an organisation, then read and replace its identity. */
export const sellerIdentityRoutes = (deps: PortalDeps, keys: () => Promise<PortalKeys>): RouteDef[] => {
  const notFound = (s: Signed): HttpReply => page(404, organisationNotFoundPage(userOf(s)));
  return [
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/seller-identity",
      operationId: "portalSellerIdentityPage",
      summary: "The organisations' seller identities: the list, or one organisation's form",
      parameters: [
        { name: "organisationId", in: "query", schema: { type: "string", format: "uuid" } },
        { name: "done", in: "query", schema: { type: "string" } },
      ],
      responses: { "200": HTML_RESPONSE, "303": SEE_OTHER, "404": NOT_FOUND },
      handler: signedInPage(deps, keys, async (ctx, s) => {
        const asked = ctx.query.get("organisationId");
        if (asked === undefined) {
          const listed = await run(deps().sellerIdentities.organisations(s.auth));
          return E.isLeft(listed) ? notFound(s) : page(200, organisationsPage(userOf(s), listed.right));
        }
        const id = idOf(asked);
        const found = id === undefined ? undefined : await run(deps().sellerIdentities.get(s.auth, id));
        if (found === undefined || E.isLeft(found)) return notFound(s);
        const message = ctx.query.get("done") === "saved" ? "Saved: documents sent from now on carry it." : undefined;
        return page(
          200,
          identityPage(userOf(s), found.right.organisation, formOfIdentity(found.right.identity), { message }),
        );
      }),
    },
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: "/portal/seller-identity",
      operationId: "portalSaveSellerIdentity",
      summary: "Replace an organisation's seller identity (the same checks as PUT /v1/seller-identity)",
      requestBody: formBody(["csrf", "organisationId", "legalName", "city", "countryCode"]),
      responses: {
        "303": SEE_OTHER,
        "400": { ...HTML_RESPONSE, description: "An HTML page: the form with what is not valid." },
        "403": FORBIDDEN_PAGE,
        "404": NOT_FOUND,
      },
      handler: signedInForm(deps, keys, async (_ctx, s, form) => {
        const id = idOf(form.get("organisationId"));
        const found = id === undefined ? undefined : await run(deps().sellerIdentities.get(s.auth, id));
        if (id === undefined || found === undefined || E.isLeft(found)) return notFound(s);
        const saved = await run(deps().sellerIdentities.put(s.auth, id, bodyOf(form)));
        if (E.isRight(saved)) return redirect(identityHref(id, "saved"));
        if (saved.left.kind === "NotFound") return notFound(s);
        return page(
          400,
          identityPage(userOf(s), found.right.organisation, sentForm(form), { error: explain(saved.left) }),
        );
      }),
    },
  ];
};
