import { randomBytes } from "node:crypto";
import { authorise, type DomainError, PERMISSIONS } from "@apar/core";
import { isAuthFailure } from "../http/auth/authenticate.js";
import type { HttpReply, JsonSchema, ResponseDef, RouteContext, RouteDef } from "../http/route.js";
import { parseCookies, setCookie } from "./cookies.js";
import { type PortalDeps, refused, signedInForm } from "./guard.js";
import { html } from "./html.js";
import { formOf, page, redirect, sameOrigin, secureCookies } from "./http.js";
import { layout, notice, PORTAL_CSS } from "./layout.js";
import { csrfMatches, csrfToken, type PortalKeys } from "./seal.js";
import {
  credentialHeaders,
  newSession,
  PORTAL_ACCESS,
  PORTAL_LANDING,
  type PortalCredential,
  SESSION_COOKIE,
  SESSION_MS,
  sealSession,
} from "./session.js";

/** The pre-session cookie that binds the sign-in form's CSRF token (no login CSRF). */
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

/** A form body of the given string fields (all sent as `application/x-www-form-urlencoded`). */
export const formBody = (required: readonly string[], optional: Readonly<Record<string, JsonSchema>> = {}) => ({
  mediaType: "application/x-www-form-urlencoded",
  schema: {
    type: "object",
    required: [...required],
    properties: {
      ...Object.fromEntries(required.map((name) => [name, { type: "string" }])),
      ...optional,
    },
  },
});

// A JWT is three base64url parts; anything else is taken for an API key.
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

const credentialOf = (text: string): PortalCredential =>
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

const signInPage = (
  keys: PortalKeys,
  ctx: RouteContext,
  status: number,
  message: string | undefined,
  clientId = "",
): HttpReply => {
  // A fresh nonce per form, in a cookie only this site's requests carry: a form another site posts lacks it.
  const nonce = randomBytes(18).toString("base64url");
  const signedOut = ctx.query.get("signedout") === "1";
  return page(
    status,
    layout(
      "Sign in",
      html`<section>
<h1>Sign in</h1>
${notice(signedOut ? "You are signed out." : undefined)}${notice(message, true)}
<p class="muted">Client administrators sign in with an API key of their client or with a bearer token. The portal keeps the
session for 8 hours and checks the credential again on every page, so revoking it ends the session.</p>
<form method="post" action="/portal/sign-in">
<input type="hidden" name="csrf" value="${csrfToken(keys.csrf, `sign-in:${nonce}`)}">
<label for="credential">API key or bearer token</label>
<input type="password" id="credential" name="credential" autocomplete="off" required>
<label for="clientId">Client ID <span class="muted">(only when the credential covers several clients)</span></label>
<input type="text" id="clientId" name="clientId" value="${clientId}">
<p><button type="submit">Sign in</button></p>
</form>
</section>`,
    ),
    { "Set-Cookie": setCookie(SIGN_IN_COOKIE, nonce, { maxAge: 3600, secure: secureCookies(ctx) }) },
  );
};

/** The sign-in page, its form, sign-out, `/portal` itself and the stylesheet. */
export const signInRoutes = (deps: PortalDeps, keys: () => Promise<PortalKeys>): RouteDef[] => [
  {
    ...PORTAL_ROUTE,
    method: "GET",
    path: "/portal",
    operationId: "portalHome",
    summary: "The portal: goes to its Webhooks page",
    responses: { "303": SEE_OTHER },
    handler: async () => redirect("/portal/webhooks"),
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
    summary: "The portal's sign-in page",
    parameters: [{ name: "signedout", in: "query", schema: { type: "string", enum: ["1"] } }],
    responses: { "200": HTML_RESPONSE },
    handler: async (ctx) => signInPage(await keys(), ctx, 200, undefined),
  },
  {
    ...PORTAL_ROUTE,
    method: "POST",
    path: "/portal/sign-in",
    operationId: "portalSignIn",
    summary: "Sign in to the portal with an API key or a bearer token",
    description: "Starts an 8-hour session (an encrypted HttpOnly, SameSite=Strict cookie) for a client administrator.",
    requestBody: formBody(["credential", "csrf"], { clientId: { type: "string" } }),
    responses: {
      "303": SEE_OTHER,
      "401": { ...HTML_RESPONSE, description: "An HTML page: the credential is not valid." },
      "403": { ...HTML_RESPONSE, description: "An HTML page: not a client administrator, or no CSRF token." },
    },
    handler: async (ctx) => {
      const k = await keys();
      const form = formOf(ctx);
      const nonce = parseCookies(ctx.headers.cookie).get(SIGN_IN_COOKIE);
      if (!sameOrigin(ctx) || nonce === undefined || !csrfMatches(k.csrf, `sign-in:${nonce}`, form.get("csrf")))
        return refused();
      const text = (form.get("credential") ?? "").trim();
      const clientId = (form.get("clientId") ?? "").trim();
      if (text === "") return signInPage(k, ctx, 400, "Enter an API key or a bearer token.", clientId);
      const credential = credentialOf(text);
      const auth = await deps().authenticate(
        credentialHeaders(deps().headerPrefix, credential, clientId === "" ? undefined : clientId),
        PORTAL_ACCESS,
      );
      if (isAuthFailure(auth)) {
        const { status, message } = failure(auth.error);
        return signInPage(k, ctx, status, message, clientId);
      }
      if (authorise(PERMISSIONS, PORTAL_LANDING.operationId, auth) !== undefined)
        return signInPage(
          k,
          ctx,
          403,
          "Only a client administrator (Owner or Admin) can sign in to the portal.",
          clientId,
        );
      const session = newSession(deps().clock, credential, auth);
      const secure = secureCookies(ctx);
      ctx.res.setHeader("Set-Cookie", [
        setCookie(SESSION_COOKIE, sealSession(k, session), { maxAge: SESSION_MS / 1000, secure }),
        setCookie(SIGN_IN_COOKIE, "", { maxAge: 0, secure }),
      ]);
      return redirect(PORTAL_LANDING.path);
    },
  },
  {
    ...PORTAL_ROUTE,
    method: "POST",
    path: "/portal/sign-out",
    operationId: "portalSignOut",
    summary: "Sign out of the portal",
    requestBody: formBody(["csrf"]),
    responses: { "303": SEE_OTHER, "403": FORBIDDEN_PAGE },
    handler: signedInForm(deps, keys, async (_ctx, s) =>
      redirect("/portal/sign-in?signedout=1", {
        "Set-Cookie": setCookie(SESSION_COOKIE, "", { maxAge: 0, secure: s.secure }),
      }),
    ),
  },
];
