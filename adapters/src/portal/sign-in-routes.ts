import { randomBytes } from "node:crypto";
import type { DomainError } from "@apar/core";
import * as t from "io-ts";
import { isAuthFailure } from "../http/auth/authenticate.js";
import { formBody, type HttpReply, type ResponseDef, type RouteContext, type RouteDef } from "../http/route.js";
import type { Html } from "../pages/html.js";
import { parseCookies, setCookie } from "./cookies.js";
import { type PortalDeps, refused, sessionDeps, signedInForm } from "./guard.js";
import { formOf, page, redirect, sameOrigin, secureCookies } from "./http.js";
import { PORTAL_CSS } from "./layout.js";
import { csrfMatches, csrfToken, type PortalKeys } from "./seal.js";
import {
  credentialHeaders,
  landingOf,
  newSession,
  PORTAL_ACCESS,
  type PortalCredential,
  type PortalSession,
  readSession,
  SESSION_COOKIE,
  SESSION_MS,
  sealSession,
} from "./session.js";
import { type SignInView, signInPageHtml } from "./sign-in-pages.js";

/** The pre-session cookie that binds the sign-in forms' CSRF token (no login CSRF). */
const SIGN_IN_COOKIE = "apar_portal_sign_in";

/** OpenAPI pieces every portal route shares. */
export const PORTAL_ROUTE = { tags: ["portal"], security: "none", access: { scope: "none" } } as const;
export const HTML_RESPONSE: ResponseDef = {
  description: "An HTML page.",
  schema: { type: "string" },
  mediaType: "text/html",
};
export const SEE_OTHER: ResponseDef = { description: "Go to the next page (Location), or to the sign-in page." };
export const FORBIDDEN_PAGE: ResponseDef = {
  description: "An HTML page: the form's CSRF token is missing or wrong.",
  schema: { type: "string" },
  mediaType: "text/html",
};

// A JWT is three base64url parts; anything else is taken for an API key.
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

const credentialOf = (text: string): Exclude<PortalCredential, { kind: "person" }> =>
  JWT.test(text) ? { kind: "bearer", token: text } : { kind: "api_key", key: text };

const failure = (error: DomainError): { status: number; message: string } => {
  switch (error.code) {
    case "Client.MissingClientId":
      return { status: 400, message: "This credential covers several clients: enter the ID of the client to manage." };
    case "Client.NotFound":
      return { status: 404, message: "This credential does not cover that client." };
    default:
      return error.kind === "Unauthenticated"
        ? { status: 401, message: "This credential is not valid: it is unknown, expired or revoked." }
        : { status: 400, message: error.detail };
  }
};

/**
 * A page with the sign-in forms: a fresh nonce per page, in a cookie only this site's requests carry, binds their
 * CSRF token (a form another site posts lacks it). `draw` makes the page from that token.
 */
export const withSignInNonce = (
  keys: PortalKeys,
  ctx: RouteContext,
  status: number,
  draw: (csrf: string) => Html,
): HttpReply => {
  const nonce = randomBytes(18).toString("base64url");
  return page(status, draw(csrfToken(keys.csrf, `sign-in:${nonce}`)), {
    "Set-Cookie": setCookie(SIGN_IN_COOKIE, nonce, { maxAge: 3600, secure: secureCookies(ctx) }),
  });
};

/** True when a sign-in form came from a page of ours with its nonce cookie and CSRF token. */
export const signInFormChecked = (keys: PortalKeys, ctx: RouteContext, form: URLSearchParams): boolean => {
  const nonce = parseCookies(ctx.headers.cookie).get(SIGN_IN_COOKIE);
  return sameOrigin(ctx) && nonce !== undefined && csrfMatches(keys.csrf, `sign-in:${nonce}`, form.get("csrf"));
};

/** The sign-in page with what it says this time. */
export const signInPage = (
  deps: PortalDeps,
  keys: PortalKeys,
  ctx: RouteContext,
  status: number,
  view: Omit<SignInView, "csrf" | "oidcName">,
): HttpReply => {
  const oidc = deps().signIn.oidc;
  return withSignInNonce(keys, ctx, status, (csrf) =>
    signInPageHtml({
      ...view,
      csrf,
      ...(ctx.query.get("signedout") === "1" && view.message === undefined ? { message: "You are signed out." } : {}),
      ...(oidc === undefined ? {} : { oidcName: oidc.name }),
    }),
  );
};

/**
 * Opens a session: the session cookie (the sign-in forms' cookies deleted), then its landing page, by a redirect, or
 * by `page` when the request came from another site (see `continueHtml`).
 */
export const openSession = (
  ctx: RouteContext,
  keys: PortalKeys,
  session: PortalSession,
  landing: string,
  then: (landing: string) => HttpReply = redirect,
  alsoDelete: readonly string[] = [],
): HttpReply => {
  const secure = secureCookies(ctx);
  ctx.res.setHeader("Set-Cookie", [
    setCookie(SESSION_COOKIE, sealSession(keys, session), { maxAge: SESSION_MS / 1000, secure }),
    ...[SIGN_IN_COOKIE, ...alsoDelete].map((name) => setCookie(name, "", { maxAge: 0, secure })),
  ]);
  return then(landing);
};

/** The sign-in page, its form for keys and tokens, sign-out, `/portal` itself and the stylesheet. */
export const signInRoutes = (deps: PortalDeps, keys: () => Promise<PortalKeys>): RouteDef[] => [
  {
    ...PORTAL_ROUTE,
    method: "GET",
    path: "/portal",
    operationId: "portalHome",
    summary: "The portal: goes to the signed-in caller's first page (a person's review queue), or to sign in",
    responses: { "303": SEE_OTHER },
    handler: async (ctx) => {
      const signed = await readSession(sessionDeps(deps, await keys()), ctx.headers.cookie);
      return redirect((signed === undefined ? undefined : landingOf(signed.auth)) ?? "/portal/sign-in");
    },
  },
  {
    ...PORTAL_ROUTE,
    method: "GET",
    path: "/portal/portal.css",
    operationId: "portalStylesheet",
    summary: "The portal's stylesheet",
    responses: { "200": { description: "The stylesheet.", schema: { type: "string" }, mediaType: "text/css" } },
    handler: async () => ({
      status: 200,
      body: PORTAL_CSS,
      contentType: "text/css; charset=utf-8",
      headers: { "Cache-Control": "public, max-age=3600", "X-Content-Type-Options": "nosniff" },
    }),
  },
  {
    ...PORTAL_ROUTE,
    method: "GET",
    path: "/portal/sign-in",
    operationId: "portalSignInPage",
    summary: "The portal's sign-in page: a link by e-mail, the organisation's provider, or a key or token",
    parameters: [{ name: "signedout", in: "query", schema: { type: "string", enum: ["1"] } }],
    responses: { "200": HTML_RESPONSE },
    handler: async (ctx) => signInPage(deps, await keys(), ctx, 200, {}),
  },
  {
    ...PORTAL_ROUTE,
    method: "POST",
    path: "/portal/sign-in",
    operationId: "portalSignIn",
    summary: "Sign in to the portal with an API key or a bearer token",
    description:
      "Starts an 8-hour session (an encrypted HttpOnly, SameSite=Strict cookie) for a credential that may open a page " +
      "of the portal (an API key, or a user's token: the pages its roles allow).",
    requestBody: formBody(["credential", "csrf"], { clientId: t.string }),
    responses: {
      "303": SEE_OTHER,
      "401": { ...HTML_RESPONSE, description: "An HTML page: the credential is not valid." },
      "403": { ...HTML_RESPONSE, description: "An HTML page: no page is for this credential, or no CSRF token." },
    },
    handler: async (ctx) => {
      const k = await keys();
      const form = formOf(ctx);
      if (!signInFormChecked(k, ctx, form)) return refused();
      const text = (form.get("credential") ?? "").trim();
      const clientId = (form.get("clientId") ?? "").trim();
      if (text === "") return signInPage(deps, k, ctx, 400, { error: "Enter an API key or a bearer token.", clientId });
      const credential = credentialOf(text);
      const auth = await deps().authenticate(
        credentialHeaders(deps().headerPrefix, credential, clientId === "" ? undefined : clientId),
        PORTAL_ACCESS,
      );
      if (isAuthFailure(auth)) {
        const { status, message } = failure(auth.error);
        return signInPage(deps, k, ctx, status, { error: message, clientId });
      }
      const landing = landingOf(auth);
      if (landing === undefined)
        return signInPage(deps, k, ctx, 403, {
          error: "No page of the portal is for this credential's roles.",
          clientId,
        });
      return openSession(ctx, k, newSession(deps().clock, credential, auth), landing);
    },
  },
  {
    ...PORTAL_ROUTE,
    method: "POST",
    path: "/portal/sign-out",
    operationId: "portalSignOut",
    summary: "Sign out of the portal (a person's session ends wherever its cookie is)",
    requestBody: formBody(["csrf"]),
    responses: { "303": SEE_OTHER, "403": FORBIDDEN_PAGE },
    handler: signedInForm(deps, keys, async (_ctx, s) => {
      if (s.session.credential.kind === "person") await deps().signIn.end(s.session.credential.session);
      return redirect("/portal/sign-in?signedout=1", {
        "Set-Cookie": setCookie(SESSION_COOKIE, "", { maxAge: 0, secure: s.secure }),
      });
    }),
  },
];
