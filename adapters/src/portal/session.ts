import { randomBytes } from "node:crypto";
import { type Access, authorise, hasModule, headerNames, type Module, PERMISSIONS, type RequestAuth } from "@apar/core";
import type { Clock } from "@apar/core/ports";
import type { Authenticator, AuthFailure } from "../http/auth/authenticate.js";
import { isAuthFailure } from "../http/auth/authenticate.js";
import { parseCookies } from "./cookies.js";
import { type PortalKeys, seal, unseal } from "./seal.js";

/** The session cookie's name. */
export const SESSION_COOKIE = "apar_portal_session";

/** How long a session lasts at most (a bearer token's own expiry can end it sooner). */
export const SESSION_MS = 8 * 60 * 60 * 1000;

/**
 * The credential a session signed in with, re-checked on every request: a revoked key ends the session. A person
 * who signed in as themselves (a mailed link, OpenID Connect) holds the id of their session, which the database
 * keeps (by hash) with who they are: their roles are read at each request, and signing out ends it.
 */
export type PortalCredential =
  | { readonly kind: "api_key"; readonly key: string }
  | { readonly kind: "bearer"; readonly token: string }
  | { readonly kind: "person"; readonly session: string };

/** What the sealed session cookie holds. */
export interface PortalSession {
  /** Random id; the CSRF token is bound to it. */
  readonly sid: string;
  readonly credential: PortalCredential;
  readonly clientId: string;
  /** Epoch milliseconds (the server's clock). */
  readonly expiresAt: number;
}

/** A signed-in request: the session and the access the credential resolves to now. */
export interface SignedIn {
  readonly session: PortalSession;
  readonly auth: RequestAuth;
}

const SESSION_PURPOSE = "apar-portal-session";

/**
 * The access every portal page asks of the credential: one client. Which pages it may open is the permissions
 * table's (the guard checks each page's row; signing in needs the page the portal opens on).
 */
export const PORTAL_ACCESS = { scope: "client" } as const;

/** A page a session may open on. */
interface Landing {
  readonly path: string;
  readonly operationId: string;
  readonly module?: Module;
}

const REVIEW: Landing = { path: "/portal/review", operationId: "portalReviewQueue", module: "ap" };
const PEOPLE: Landing = { path: "/portal/people", operationId: "portalPeoplePage" };
const WEBHOOKS: Landing = { path: "/portal/webhooks", operationId: "portalWebhooksPage" };

/**
 * Where a session opens, the first of these its credential may open: a person's work (the review queue), and for an
 * API key the developer's pages (webhooks). Undefined: no page of the portal is for this credential.
 */
export const landingOf = (auth: RequestAuth): string | undefined => {
  const order = auth.principal.kind === "api_key" ? [WEBHOOKS, REVIEW, PEOPLE] : [REVIEW, PEOPLE, WEBHOOKS];
  return order.find(
    (l) =>
      authorise(PERMISSIONS, l.operationId, auth) === undefined &&
      (l.module === undefined || (auth.client !== undefined && hasModule(auth.client, l.module))),
  )?.path;
};

/** The request headers the API would have received with this key or token, client and organisation. */
export const credentialHeaders = (
  headerPrefix: string,
  credential: Exclude<PortalCredential, { kind: "person" }>,
  clientId: string | undefined,
  organisationId?: string,
): Record<string, string> => {
  const names = headerNames(headerPrefix);
  return {
    ...(credential.kind === "api_key"
      ? { [names.apiKey]: credential.key }
      : { authorization: `Bearer ${credential.token}` }),
    ...(clientId === undefined ? {} : { [names.clientId]: clientId }),
    ...(organisationId === undefined ? {} : { [names.organisationId]: organisationId }),
  };
};

/** Resolves a person's session to what it may do now, in a client (and an organisation of it). */
export type PersonAuthenticator = (
  session: string,
  tenancy: { readonly clientId: string; readonly organisationId?: string },
  access: Access,
) => Promise<RequestAuth | AuthFailure>;

/** What checking a session's credential needs. */
export interface CredentialDeps {
  readonly authenticate: Authenticator;
  readonly authenticatePerson: PersonAuthenticator;
  readonly headerPrefix: string;
}

/**
 * What a session's credential may do in its client (with an organisation: there, with the roles held there), as
 * the API would resolve it.
 */
export const authenticateCredential = (
  deps: CredentialDeps,
  credential: PortalCredential,
  clientId: string | undefined,
  access: Access,
  organisationId?: string,
): Promise<RequestAuth | AuthFailure> =>
  credential.kind === "person"
    ? clientId === undefined
      ? Promise.reject(new Error("a person's session always names its client"))
      : deps.authenticatePerson(
          credential.session,
          { clientId, ...(organisationId === undefined ? {} : { organisationId }) },
          access,
        )
    : deps.authenticate(credentialHeaders(deps.headerPrefix, credential, clientId, organisationId), access);

/** A new session for a credential that resolved to `auth` (a person's ends with their stored session). */
export const newSession = (
  clock: Clock,
  credential: PortalCredential,
  auth: RequestAuth,
  endsAt?: Date,
): PortalSession => {
  if (auth.client === undefined) throw new Error("a portal session needs a client");
  return {
    sid: randomBytes(18).toString("base64url"),
    credential,
    clientId: auth.client.id,
    expiresAt: Math.min(clock.now().getTime() + SESSION_MS, endsAt?.getTime() ?? Number.POSITIVE_INFINITY),
  };
};

/** The sealed cookie value of a session. */
export const sealSession = (keys: PortalKeys, session: PortalSession): string =>
  seal(keys.seal, SESSION_PURPOSE, session);

const isSession = (u: unknown): u is PortalSession => {
  const s = u as Partial<PortalSession> | undefined;
  const c = s?.credential as Partial<{ kind: string; key: unknown; token: unknown; session: unknown }> | undefined;
  return (
    typeof s?.sid === "string" &&
    typeof s.clientId === "string" &&
    typeof s.expiresAt === "number" &&
    ((c?.kind === "api_key" && typeof c.key === "string") ||
      (c?.kind === "bearer" && typeof c.token === "string") ||
      (c?.kind === "person" && typeof c.session === "string"))
  );
};

/** What `readSession` needs. */
export interface SessionDeps extends CredentialDeps {
  readonly clock: Clock;
  readonly keys: PortalKeys;
}

/**
 * The signed-in caller of a request, or undefined: no cookie, a cookie not sealed by us, an expired
 * session, or a credential no longer valid for the client (revoked, expired, signed out, user or client gone).
 */
export const readSession = async (
  deps: SessionDeps,
  cookieHeader: string | string[] | undefined,
): Promise<SignedIn | undefined> => {
  const sealed = parseCookies(cookieHeader).get(SESSION_COOKIE);
  if (sealed === undefined) return undefined;
  const session = unseal(deps.keys.seal, SESSION_PURPOSE, sealed);
  if (!isSession(session) || session.expiresAt <= deps.clock.now().getTime()) return undefined;
  const auth = await authenticateCredential(deps, session.credential, session.clientId, PORTAL_ACCESS);
  return isAuthFailure(auth) ? undefined : { session, auth };
};
