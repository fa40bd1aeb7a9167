import { randomBytes } from "node:crypto";
import type { SignInMethod } from "@apar/core";
import type { SignInAccount } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { isAuthFailure } from "../http/auth/authenticate.js";
import type { HttpReply, RouteContext, RouteDef } from "../http/route.js";
import { formBody } from "../http/route.js";
import { run } from "./actions.js";
import { parseCookies, setCookie } from "./cookies.js";
import { type PortalDeps, refused } from "./guard.js";
import { formOf, page, redirect, sameOrigin, secureCookies } from "./http.js";
import type { OidcChecks } from "./oidc.js";
import { csrfMatches, csrfToken, type PortalKeys, seal, unseal } from "./seal.js";
import { landingOf, newSession, PORTAL_ACCESS } from "./session.js";
import { chooseAccountHtml, continueHtml, linkPageHtml, linkSentHtml, signInRefusedHtml } from "./sign-in-pages.js";
import {
  FORBIDDEN_PAGE,
  HTML_RESPONSE,
  openSession,
  PORTAL_ROUTE,
  SEE_OTHER,
  signInFormChecked,
  signInPage,
  withSignInNonce,
} from "./sign-in-routes.js";

/** The accounts a proven address may choose from, sealed between the chooser page and its form (10 minutes). */
const CHOICE_COOKIE = "apar_portal_choice";
const CHOICE_PURPOSE = "apar-portal-choice";
/** An OpenID Connect attempt's state, nonce and PKCE verifier, between the two legs (10 minutes). */
const OIDC_COOKIE = "apar_portal_oidc";
const OIDC_PURPOSE = "apar-portal-oidc";
const PENDING_MS = 10 * 60 * 1000;

interface Choice {
  readonly nonce: string;
  readonly email: string;
  readonly method: SignInMethod;
  readonly userIds: readonly string[];
  readonly expiresAt: number;
}

interface OidcAttempt extends OidcChecks {
  readonly expiresAt: number;
}

const isChoice = (u: unknown): u is Choice => {
  const c = u as Partial<Choice> | undefined;
  return (
    typeof c?.nonce === "string" &&
    typeof c.email === "string" &&
    (c.method === "link" || c.method === "oidc") &&
    Array.isArray(c.userIds) &&
    typeof c.expiresAt === "number"
  );
};

const isAttempt = (u: unknown): u is OidcAttempt => {
  const a = u as Partial<OidcAttempt> | undefined;
  return (
    typeof a?.state === "string" &&
    typeof a.nonce === "string" &&
    typeof a.verifier === "string" &&
    typeof a.expiresAt === "number"
  );
};

const TOKEN_PARAM = [{ name: "token", in: "path", required: true, schema: { type: "string" } }] as const;
const REFUSED_PAGE = { ...HTML_RESPONSE, description: "An HTML page: the sign-in did not go through, and why." };

/**
 * People signing in as themselves: a single-use link by e-mail, and OpenID Connect when a provider is configured.
 * Each counts toward the auth routes' rate limits (a link's address also has a budget of its own).
 */
export const personSignInRoutes = (deps: PortalDeps, keys: () => Promise<PortalKeys>): RouteDef[] => {
  const now = () => deps().clock.now().getTime();

  const refusedPage = (status: number, title: string, reason: string): HttpReply =>
    page(status, signInRefusedHtml(title, reason));

  /** Signs in as one account of a proven address, and opens its landing page (`then`: see `openSession`). */
  const signInAs = async (
    ctx: RouteContext,
    k: PortalKeys,
    proven: { email: string; method: SignInMethod },
    account: SignInAccount,
    then?: (landing: string) => HttpReply,
  ): Promise<HttpReply> => {
    const started = await run(deps().signIn.start({ ...proven, userId: account.userId }));
    if (E.isLeft(started)) return refusedPage(403, "Not signed in", started.left.detail);
    const credential = { kind: "person", session: started.right.sessionId } as const;
    const auth = await deps().signIn.authenticate(credential.session, { clientId: account.clientId }, PORTAL_ACCESS);
    const landing = isAuthFailure(auth) ? undefined : landingOf(auth);
    if (isAuthFailure(auth) || landing === undefined) {
      await deps().signIn.end(credential.session);
      return refusedPage(403, "Not signed in", "No page of the portal is for your roles yet: ask an administrator.");
    }
    return openSession(ctx, k, newSession(deps().clock, credential, auth, started.right.expiresAt), landing, then, [
      CHOICE_COOKIE,
      OIDC_COOKIE,
    ]);
  };

  /** One account: signed in. Several: the chooser, with the accounts sealed in a cookie of its own. */
  const proceed = (
    ctx: RouteContext,
    k: PortalKeys,
    proven: { email: string; method: SignInMethod },
    accounts: readonly SignInAccount[],
    then?: (landing: string) => HttpReply,
  ): Promise<HttpReply> | HttpReply => {
    const [only] = accounts;
    if (only !== undefined && accounts.length === 1) return signInAs(ctx, k, proven, only, then);
    const choice: Choice = {
      nonce: randomBytes(18).toString("base64url"),
      ...proven,
      userIds: accounts.map((a) => a.userId),
      expiresAt: now() + PENDING_MS,
    };
    return page(200, chooseAccountHtml(accounts, csrfToken(k.csrf, `choice:${choice.nonce}`)), {
      "Set-Cookie": setCookie(CHOICE_COOKIE, seal(k.seal, CHOICE_PURPOSE, choice), {
        maxAge: PENDING_MS / 1000,
        secure: secureCookies(ctx),
      }),
    });
  };

  /** A link that was used, has expired or was never made: one answer for all (the token is not repeated). */
  const linkGone = () =>
    refusedPage(
      410,
      "Link not valid",
      "This sign-in link was used or has expired (each works once, for 15 minutes). Ask for a new one.",
    );

  const oidcRefusal = (reason: string, status = 403) => refusedPage(status, "Not signed in", reason);

  return [
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: "/portal/sign-in/link",
      operationId: "portalRequestSignInLink",
      summary: "Ask for a single-use sign-in link by e-mail",
      description:
        "Answers the same page whether or not anyone has the address; the link (15 minutes, single use) is mailed " +
        "only to an address of a user. Rate limited as the auth routes: per source IP, and per address.",
      limit: "auth",
      limitKeyMember: "email",
      requestBody: formBody(["email", "csrf"]),
      responses: {
        "200": { ...HTML_RESPONSE, description: "An HTML page: check your mail." },
        "400": { ...HTML_RESPONSE, description: "An HTML page: not an e-mail address." },
        "403": FORBIDDEN_PAGE,
      },
      handler: async (ctx) => {
        const k = await keys();
        const form = formOf(ctx);
        if (!signInFormChecked(k, ctx, form)) return refused();
        const email = (form.get("email") ?? "").trim();
        const asked = await run(deps().signIn.requestLink(email));
        if (E.isLeft(asked)) return signInPage(deps, k, ctx, 400, { error: "Enter an e-mail address.", email });
        return page(200, linkSentHtml(email));
      },
    },
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/sign-in/link/{token}",
      operationId: "portalSignInLinkPage",
      summary: "The page a sign-in link opens: a button that uses it (opening it uses nothing up)",
      limit: "auth",
      parameters: [...TOKEN_PARAM],
      responses: {
        "200": HTML_RESPONSE,
        "410": { ...HTML_RESPONSE, description: "An HTML page: the link was used, has expired or is unknown." },
      },
      handler: async (ctx) => {
        const token = ctx.params.token ?? "";
        // Opening the page uses nothing up (mail scanners follow links), but a dead link says so at once.
        if (!(await deps().signIn.linkUsable(token))) return linkGone();
        return withSignInNonce(await keys(), ctx, 200, (csrf) => linkPageHtml(token, csrf));
      },
    },
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: "/portal/sign-in/link/{token}",
      operationId: "portalUseSignInLink",
      summary: "Use a sign-in link: signed in as its address's user, or a choice of them",
      limit: "auth",
      parameters: [...TOKEN_PARAM],
      requestBody: formBody(["csrf"]),
      responses: {
        "200": { ...HTML_RESPONSE, description: "An HTML page: choose one of the address's accounts." },
        "303": SEE_OTHER,
        "403": FORBIDDEN_PAGE,
        "410": { ...REFUSED_PAGE, description: "An HTML page: the link was used, has expired or is unknown." },
      },
      handler: async (ctx) => {
        const k = await keys();
        if (!signInFormChecked(k, ctx, formOf(ctx))) return refused();
        const used = await run(deps().signIn.useLink(ctx.params.token ?? ""));
        if (E.isLeft(used)) return linkGone();
        return proceed(ctx, k, { email: used.right.email, method: "link" }, used.right.accounts);
      },
    },
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: "/portal/sign-in/choose",
      operationId: "portalChooseAccount",
      summary: "Sign in as the chosen one of a proven address's accounts",
      limit: "auth",
      requestBody: formBody(["account", "csrf"]),
      responses: { "303": SEE_OTHER, "403": FORBIDDEN_PAGE },
      handler: async (ctx) => {
        const k = await keys();
        const form = formOf(ctx);
        const sealed = parseCookies(ctx.headers.cookie).get(CHOICE_COOKIE);
        const choice = sealed === undefined ? undefined : unseal(k.seal, CHOICE_PURPOSE, sealed);
        if (!isChoice(choice) || !sameOrigin(ctx) || !csrfMatches(k.csrf, `choice:${choice.nonce}`, form.get("csrf")))
          return refused();
        const userId = form.get("account") ?? "";
        if (choice.expiresAt <= now() || !choice.userIds.includes(userId))
          return refusedPage(403, "Not signed in", "This choice has expired: sign in again.");
        const account = (await deps().signIn.accountsOf(choice.email)).find((a) => a.userId === userId);
        if (account === undefined) return refusedPage(403, "Not signed in", "This account cannot be signed in to.");
        return signInAs(ctx, k, choice, account);
      },
    },
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/sign-in/oidc",
      operationId: "portalOidcStart",
      summary: "Sign in with the configured OpenID Connect provider: goes to it (code flow with PKCE)",
      limit: "auth",
      responses: {
        "303": { description: "Go to the provider's authorization endpoint (Location)." },
        "404": { ...HTML_RESPONSE, description: "An HTML page: no provider is configured." },
        "502": { ...HTML_RESPONSE, description: "An HTML page: the provider does not answer." },
      },
      handler: async (ctx) => {
        const oidc = deps().signIn.oidc;
        if (oidc === undefined) return oidcRefusal("No single sign-on is configured here.", 404);
        const k = await keys();
        const started = await oidc.start().catch((error: unknown) => {
          ctx.log.warn({ err: error }, "OpenID Connect provider unreachable");
          return undefined;
        });
        if (started === undefined) return oidcRefusal(`${oidc.name} does not answer: try again later.`, 502);
        const attempt: OidcAttempt = { ...started.checks, expiresAt: now() + PENDING_MS };
        return redirect(started.url, {
          "Set-Cookie": setCookie(OIDC_COOKIE, seal(k.seal, OIDC_PURPOSE, attempt), {
            maxAge: PENDING_MS / 1000,
            secure: secureCookies(ctx),
            sameSite: "Lax",
          }),
        });
      },
    },
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/sign-in/oidc/callback",
      operationId: "portalOidcCallback",
      summary:
        "Where the OpenID Connect provider sends the browser back: signed in as the user of its verified address",
      description:
        "Checks state, nonce and the ID token, exchanges the code with the PKCE verifier, and matches the provider's " +
        "verified e-mail address to a user of apar (the provider never creates users).",
      limit: "auth",
      parameters: [
        { name: "code", in: "query", schema: { type: "string" } },
        { name: "state", in: "query", schema: { type: "string" } },
        { name: "error", in: "query", schema: { type: "string" } },
      ],
      responses: {
        "200": { ...HTML_RESPONSE, description: "An HTML page: signed in (goes on), or choose an account." },
        "400": { ...REFUSED_PAGE, description: "An HTML page: the provider's answer did not check out." },
        "403": { ...REFUSED_PAGE, description: "An HTML page: no user of apar has the provider's verified address." },
        "404": { ...HTML_RESPONSE, description: "An HTML page: no provider is configured." },
      },
      handler: async (ctx) => {
        const oidc = deps().signIn.oidc;
        if (oidc === undefined) return oidcRefusal("No single sign-on is configured here.", 404);
        const k = await keys();
        const sealed = parseCookies(ctx.headers.cookie).get(OIDC_COOKIE);
        const attempt = sealed === undefined ? undefined : unseal(k.seal, OIDC_PURPOSE, sealed);
        if (!isAttempt(attempt) || attempt.expiresAt <= now())
          return oidcRefusal("This sign-in was not started here, or took too long: start again.", 400);
        if (ctx.query.get("error") !== undefined)
          return oidcRefusal(`${oidc.name} did not sign you in (${ctx.query.get("error")}).`, 400);
        const search = new URL(ctx.req.url ?? "/", "http://portal.invalid").search;
        const identity = await oidc.finish(search, attempt).catch((error: unknown) => {
          ctx.log.warn({ err: error }, "OpenID Connect callback refused");
          return undefined;
        });
        if (identity === undefined)
          return oidcRefusal(`The answer of ${oidc.name} did not check out: start again.`, 400);
        if (identity.verifiedEmail === undefined)
          return oidcRefusal(`${oidc.name} did not vouch for an e-mail address, so apar cannot tell who you are.`);
        const accounts = await deps().signIn.accountsOf(identity.verifiedEmail);
        if (accounts.length === 0)
          return oidcRefusal(
            `No one with the address ${identity.verifiedEmail} may sign in here. Ask an administrator to invite you.`,
          );
        return proceed(ctx, k, { email: identity.verifiedEmail, method: "oidc" }, accounts, (landing) =>
          page(200, continueHtml(landing)),
        );
      },
    },
  ];
};
