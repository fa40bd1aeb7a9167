import {
  authorise,
  type DomainError,
  hasModule,
  isDomainError,
  type Module,
  notFound,
  type Organisation,
  PERMISSIONS,
  permits,
  rolesOf,
} from "@apar/core";
import type { Clock } from "@apar/core/ports";
import { asActor } from "../audit/context.js";
import type { StreamingDocumentFiles } from "../documents/file-document-files.js";
import type { Authenticator } from "../http/auth/authenticate.js";
import type { HttpReply, RouteContext } from "../http/route.js";
import { type Html, html } from "../pages/html.js";
import { setCookie } from "./cookies.js";
import type { PortalApiKeys } from "./core-api-keys.js";
import type { PortalAuditLog } from "./core-audit-log.js";
import type { PortalBooks } from "./core-books.js";
import type { PortalCompanies } from "./core-companies.js";
import type { PortalImports } from "./core-imports.js";
import type { PortalOrganisations } from "./core-organisations.js";
import type { PortalPolicies } from "./core-policies.js";
import type { PortalReports } from "./core-reports.js";
import type { PortalReview } from "./core-review.js";
import type { PortalSellerIdentities } from "./core-seller-identities.js";
import type { PortalPeople, PortalSignIn } from "./core-sign-in.js";
import type { PortalWebhooks } from "./core-webhooks.js";
import { formOf, page, redirect, sameOrigin, secureCookies } from "./http.js";
import { layout } from "./layout.js";
import { csrfMatches, csrfToken, type PortalKeys, portalKeys } from "./seal.js";
import { readSession, SESSION_COOKIE, type SignedIn } from "./session.js";

/** What the portal's routes use. */
export interface PortalServices {
  readonly clock: Clock;
  /** `APAR_HEADER_PREFIX`: the portal re-checks its credential as the API would receive it. */
  readonly headerPrefix: string;
  readonly authenticate: Authenticator;
  /** The operator key (`APAR_SECRET_KEY`) the session and CSRF keys are derived from. */
  readonly secretKey: () => Promise<string>;
  readonly webhooks: PortalWebhooks;
  readonly apiKeys: PortalApiKeys;
  readonly companies: PortalCompanies;
  readonly sellerIdentities: PortalSellerIdentities;
  readonly review: PortalReview;
  readonly policies: PortalPolicies;
  readonly signIn: PortalSignIn;
  readonly people: PortalPeople;
  readonly organisations: PortalOrganisations;
  readonly reports: PortalReports;
  readonly imports: PortalImports;
  readonly auditLog: PortalAuditLog;
  readonly books: PortalBooks;
  /** Where the Bills page's upload streams a document, and how large one may be (`APAR_MAX_UPLOAD_BYTES`). */
  readonly uploads: { readonly files: StreamingDocumentFiles; readonly maxBytes: number };
}

/**
 * The portal's routes take their services as the API's route modules do (`RouteDeps`): a function called when a
 * request runs, since the host resolves the database and the webhook use cases after the routes are built.
 */
export type PortalDeps = () => PortalServices;

/** The portal's routes share one derivation of the keys per process. */
export const keysOf = (deps: PortalDeps): (() => Promise<PortalKeys>) => {
  let keys: Promise<PortalKeys> | undefined;
  return () => {
    keys ??= deps().secretKey().then(portalKeys);
    return keys;
  };
};

/** A signed-in request, with what its page needs. */
export interface Signed extends SignedIn {
  readonly keys: PortalKeys;
  /** The CSRF token of this session, for the page's forms. */
  readonly csrf: string;
  readonly secure: boolean;
}

/** True when the signed-in credential may do the operation (pages show only the buttons a person may use). */
export const may = (s: Pick<Signed, "auth">, operation: string): boolean =>
  permits(PERMISSIONS, operation, rolesOf(s.auth));

/** The layout's user block for a signed-in page. */
export const userOf = (s: Signed) => ({
  clientName: s.auth.client?.name ?? "",
  csrf: s.csrf,
  may: (operation: string) => may(s, operation),
});

/** Where a request without a (valid) session goes; a stale cookie is deleted on the way. */
const toSignIn = (ctx: RouteContext): HttpReply => {
  const hadCookie = (ctx.headers.cookie ?? "").includes(`${SESSION_COOKIE}=`);
  return redirect(
    "/portal/sign-in",
    hadCookie ? { "Set-Cookie": setCookie(SESSION_COOKIE, "", { maxAge: 0, secure: secureCookies(ctx) }) } : {},
  );
};

/** The 403 page of a form without its CSRF token (or from another origin). */
export const refused = (): HttpReply =>
  page(
    403,
    layout(
      "Refused",
      html`<section><h1>Refused</h1><p>This form was not sent from a page of this portal's session (its security
token is missing or does not match). Open the page again and repeat what you did.</p>
<p><a href="/portal">Back to the portal</a></p></section>`,
    ),
  );

/** What reading a session needs, from the portal's services. */
export const sessionDeps = (deps: PortalDeps, keys: PortalKeys) => ({
  clock: deps().clock,
  keys,
  authenticate: deps().authenticate,
  authenticatePerson: deps().signIn.authenticate,
  headerPrefix: deps().headerPrefix,
});

/** The 403 page of a signed-in caller whose role may not do what the page does. */
export const notAllowed = (refusal: DomainError): HttpReply =>
  page(
    403,
    layout(
      "Not allowed",
      html`<section><h1>Not allowed</h1><p>${refusal.detail}</p>
<p><a href="/portal">Back to the portal</a></p></section>`,
    ),
  );

/**
 * The signed-in caller acting in one organisation of the client, with the roles held there, when the permissions
 * table lets those roles do `operationId`: a foreign or missing organisation, or one the caller is no member of,
 * answers NotFound (as a missing one); a role that may not, Forbidden.
 */
export const actingInOrganisation = async (
  deps: PortalDeps,
  s: Signed,
  organisationId: string,
  operationId: string,
): Promise<Signed | DomainError> => {
  const auth = await deps().organisations.actingIn(s.auth, organisationId);
  if (auth === undefined) return notFound("Organisation.NotFound", "The organisation does not exist.");
  return authorise(PERMISSIONS, operationId, auth) ?? { ...s, auth };
};

/** An organisation page's query: which organisation it shows, and what a form just did there. */
export const ORGANISATION_QUERY = [
  { name: "organisationId", in: "query", schema: { type: "string", format: "uuid" } },
  { name: "done", in: "query", schema: { type: "string" } },
] as const;

/** The status of the page shown again after a form's refusal. */
export const refusalStatus = (e: DomainError): number =>
  e.kind === "NotFound" ? 404 : e.kind === "Forbidden" ? 403 : e.kind === "Conflict" ? 409 : 400;

/** The client's organisations in which the caller may run `operationId` (an organisation page's picker). */
export const organisationsFor = async (deps: PortalDeps, s: Signed, operationId: string): Promise<Organisation[]> => {
  const all = await deps().organisations.list(s.auth);
  const may = await Promise.all(
    all.map(async (o) => !isDomainError(await actingInOrganisation(deps, s, o.id, operationId))),
  );
  return all.filter((_, i) => may[i]);
};

/**
 * The caller acting in the organisation a form or query names (`asked`, an id or nothing), for `operationId`; a
 * missing organisation answers `missing` (the page again, 404), a refusal the forbidden page.
 */
export const actingInAsked = async (
  deps: PortalDeps,
  s: Signed,
  asked: string | undefined,
  operationId: string,
  missing: (organisationId: string) => Promise<HttpReply>,
): Promise<{ readonly as: Signed; readonly organisationId: string } | HttpReply> => {
  const as = asked === undefined ? undefined : await actingInOrganisation(deps, s, asked, operationId);
  if (asked === undefined || as === undefined || (isDomainError(as) && as.kind === "NotFound"))
    return missing(asked ?? "");
  if (isDomainError(as)) return notAllowed(as);
  return { as, organisationId: asked };
};

/** Runs a page handler for a signed-in caller the permissions table lets open it; others go to the sign-in page. */
export const signedInPage =
  (deps: PortalDeps, keys: () => Promise<PortalKeys>, handler: (ctx: RouteContext, s: Signed) => Promise<HttpReply>) =>
  async (ctx: RouteContext): Promise<HttpReply> => {
    const k = await keys();
    const signed = await readSession(sessionDeps(deps, k), ctx.headers.cookie);
    if (signed === undefined) return toSignIn(ctx);
    const refusal = authorise(PERMISSIONS, ctx.operationId, signed.auth);
    if (refusal !== undefined) return notAllowed(refusal);
    // What the page changes is the signed-in person's (or key's) doing.
    const actor = { actor: signed.auth.actor, requestId: ctx.requestId };
    return asActor(signed.auth.client === undefined ? actor : { ...actor, clientId: signed.auth.client.id }, () =>
      handler(ctx, {
        ...signed,
        keys: k,
        csrf: csrfToken(k.csrf, signed.session.sid),
        secure: secureCookies(ctx),
      }),
    );
  };

/** As `signedInPage` for a form post: refused (403) unless it carries this session's CSRF token. */
export const signedInForm =
  (
    deps: PortalDeps,
    keys: () => Promise<PortalKeys>,
    handler: (ctx: RouteContext, s: Signed, form: URLSearchParams) => Promise<HttpReply>,
  ) =>
  (ctx: RouteContext): Promise<HttpReply> =>
    signedInPage(deps, keys, async (c, s) => {
      const form = formOf(c);
      if (!sameOrigin(c) || !csrfMatches(s.keys.csrf, s.session.sid, form.get("csrf"))) return refused();
      return handler(c, s, form);
    })(ctx);

/**
 * As `signedInForm` for a multipart form (a route with `stream: true`, whose body the handler streams): the
 * handler is given `csrfSent`, which tells whether the text fields sent before the file carry this session's CSRF
 * token, so that nothing of a file is kept for a form the portal did not serve.
 */
export const signedInMultipart =
  (
    deps: PortalDeps,
    keys: () => Promise<PortalKeys>,
    handler: (
      ctx: RouteContext,
      s: Signed,
      csrfSent: (fields: ReadonlyMap<string, string>) => boolean,
    ) => Promise<HttpReply>,
  ) =>
  (ctx: RouteContext): Promise<HttpReply> =>
    signedInPage(deps, keys, async (c, s) =>
      sameOrigin(c)
        ? handler(c, s, (fields) => csrfMatches(s.keys.csrf, s.session.sid, fields.get("csrf") ?? null))
        : refused(),
    )(ctx);

/**
 * Wraps a page of a module: the page runs for a client whose plan includes `module`; any other gets 403 and the
 * page `refusal` draws with the reason (as the API's routes of the module answer 403).
 */
export const withModule =
  (module: Module, refusal: (s: Signed, why: string) => Html) =>
  (handler: (ctx: RouteContext, s: Signed) => Promise<HttpReply>) =>
  (ctx: RouteContext, s: Signed): Promise<HttpReply> =>
    s.auth.client !== undefined && hasModule(s.auth.client, module)
      ? handler(ctx, s)
      : Promise.resolve(page(403, refusal(s, `The client's plan does not include the ${module} module.`)));
