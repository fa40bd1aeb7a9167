import type { DomainError } from "@apar/core";
import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { HttpReply, RouteDef } from "../http/route.js";
import { formBody } from "../http/route.js";
import { explain, idOf, run } from "./actions.js";
import { COMPANY_MESSAGES, companiesPage, companyHref, companyNotFoundPage, companyPage } from "./company-pages.js";
import { type PortalDeps, type Signed, signedInForm, signedInPage, userOf, withModule } from "./guard.js";
import { page, redirect } from "./http.js";
import type { PortalKeys } from "./seal.js";
import { FORBIDDEN_PAGE, HTML_RESPONSE, PORTAL_ROUTE, SEE_OTHER } from "./sign-in-routes.js";

const NOT_FOUND = { ...HTML_RESPONSE, description: "An HTML page: no such company (or entry) of this client." };
const ACTION_RESPONSES = {
  "303": SEE_OTHER,
  "400": { ...HTML_RESPONSE, description: "An HTML page: the sender is not an address or a domain." },
  "403": FORBIDDEN_PAGE,
  "404": NOT_FOUND,
} as const;

/** The Companies pages (the `inbox` module): forwarding addresses, allowlists, refused forwards. */
export const companyRoutes = (deps: PortalDeps, keys: () => Promise<PortalKeys>): RouteDef[] => {
  const notFound = (s: Signed): HttpReply => page(404, companyNotFoundPage(userOf(s)));

  const inbox = withModule("inbox", (s, why) => companiesPage(userOf(s), [], why));

  const showCompany = async (
    s: Signed,
    id: string,
    status: number,
    form: Parameters<typeof companyPage>[2],
  ): Promise<HttpReply> => {
    const detail = await run(deps().companies.get(s.auth, id));
    if (E.isLeft(detail)) return notFound(s);
    return page(status, companyPage(userOf(s), detail.right, form));
  };

  /** A form on a company's page: run it, then back to the page (or the page with the error). */
  const action = (
    path: string,
    operationId: string,
    summary: string,
    fields: readonly string[],
    act: (s: Signed, id: string, form: URLSearchParams) => TE.TaskEither<DomainError, unknown>,
    done: string,
  ): RouteDef => ({
    ...PORTAL_ROUTE,
    method: "POST",
    path,
    operationId,
    summary,
    requestBody: formBody(["csrf", "id", ...fields]),
    responses: ACTION_RESPONSES,
    handler: signedInForm(deps, keys, (ctx, s, form) =>
      inbox(async () => {
        const id = idOf(form.get("id"));
        if (id === undefined) return notFound(s);
        const result = await run(act(s, id, form));
        if (E.isRight(result)) return redirect(companyHref(id, done));
        if (result.left.kind === "NotFound") return notFound(s);
        return showCompany(s, id, 400, { error: explain(result.left), sender: form.get("sender") ?? "" });
      })(ctx, s),
    ),
  });

  return [
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/companies",
      operationId: "portalCompaniesPage",
      summary: "The Companies page: each company and the address bills are forwarded to",
      responses: { "200": HTML_RESPONSE, "303": SEE_OTHER, "403": FORBIDDEN_PAGE },
      handler: signedInPage(
        deps,
        keys,
        inbox(async (_ctx, s) => {
          const listed = await run(deps().companies.list(s.auth));
          return E.isLeft(listed)
            ? page(400, companiesPage(userOf(s), [], explain(listed.left)))
            : page(200, companiesPage(userOf(s), listed.right));
        }),
      ),
    },
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/companies/company",
      operationId: "portalCompanyPage",
      summary: "One company: its allowed senders and the forwards it refused",
      parameters: [
        { name: "id", in: "query", required: true, schema: { type: "string", format: "uuid" } },
        { name: "done", in: "query", schema: { type: "string" } },
      ],
      responses: { "200": HTML_RESPONSE, "303": SEE_OTHER, "403": FORBIDDEN_PAGE, "404": NOT_FOUND },
      handler: signedInPage(
        deps,
        keys,
        inbox(async (ctx, s) => {
          const id = idOf(ctx.query.get("id"));
          if (id === undefined) return notFound(s);
          return showCompany(s, id, 200, { message: COMPANY_MESSAGES[ctx.query.get("done") ?? ""] });
        }),
      ),
    },
    action(
      "/portal/companies/allow",
      "portalAllowSender",
      "Allow an address or a whole domain to forward bills to a company",
      ["sender"],
      (s, id, form) => deps().companies.allow(s.auth, id, (form.get("sender") ?? "").trim()),
      "allowed",
    ),
    action(
      "/portal/companies/allow-rejected",
      "portalAllowRejectedSender",
      "Allow the sender of a refused forward (its address, or with wholeDomain its domain)",
      ["rejectionId"],
      (s, id, form) =>
        deps().companies.allowFromRejection(
          s.auth,
          id,
          idOf(form.get("rejectionId")) ?? "",
          form.get("wholeDomain") === "true",
        ),
      "allowed",
    ),
    action(
      "/portal/companies/remove-sender",
      "portalRemoveAllowedSender",
      "Remove an entry of a company's allowlist",
      ["senderId"],
      (s, id, form) => deps().companies.removeSender(s.auth, id, idOf(form.get("senderId")) ?? ""),
      "removed",
    ),
  ];
};
