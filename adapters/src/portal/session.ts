import { randomBytes } from "node:crypto";
import { headerNames, type RequestAuth } from "@apar/core";
import type { Clock } from "@apar/core/ports";
import type { Authenticator } from "../http/auth/authenticate.js";
import { isAuthFailure } from "../http/auth/authenticate.js";
import { parseCookies } from "./cookies.js";
import { type PortalKeys, seal, unseal } from "./seal.js";

/** The session cookie's name. */
export const SESSION_COOKIE = "apar_portal_session";

/** How long a session lasts at most (a bearer token's own expiry can end it sooner). */
export const SESSION_MS = 8 * 60 * 60 * 1000;

/** The credential a session signed in with: re-checked on every request, so a revoked key ends the session. */
export type PortalCredential =
  | { readonly kind: "api_key"; readonly key: string }
  | { readonly kind: "bearer"; readonly token: string };

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

/** The page a new session opens on: a credential that may not open it is not signed in. */
export const PORTAL_LANDING = { path: "/portal/webhooks", operationId: "portalWebhooksPage" } as const;

/** The request headers the API would have received with this credential and client. */
export const credentialHeaders = (
  headerPrefix: string,
  credential: PortalCredential,
  clientId: string | undefined,
): Record<string, string> => {
  const names = headerNames(headerPrefix);
  return {
    ...(credential.kind === "api_key"
      ? { [names.apiKey]: credential.key }
      : { authorization: `Bearer ${credential.token}` }),
    ...(clientId === undefined ? {} : { [names.clientId]: clientId }),
  };
};

/** A new session for a credential that resolved to `auth`. */
export const newSession = (clock: Clock, credential: PortalCredential, auth: RequestAuth): PortalSession => {
  if (auth.client === undefined) throw new Error("a portal session needs a client");
  return {
    sid: randomBytes(18).toString("base64url"),
    credential,
    clientId: auth.client.id,
    expiresAt: clock.now().getTime() + SESSION_MS,
  };
};

/** The sealed cookie value of a session. */
export const sealSession = (keys: PortalKeys, session: PortalSession): string =>
  seal(keys.seal, SESSION_PURPOSE, session);

const isSession = (u: unknown): u is PortalSession => {
  const s = u as Partial<PortalSession> | undefined;
  const c = s?.credential as Partial<{ kind: string; key: unknown; token: unknown }> | undefined;
  return (
    typeof s?.sid === "string" &&
    typeof s.clientId === "string" &&
    typeof s.expiresAt === "number" &&
    ((c?.kind === "api_key" && typeof c.key === "string") || (c?.kind === "bearer" && typeof c.token === "string"))
  );
};

/** What `readSession` needs. */
export interface SessionDeps {
  readonly clock: Clock;
  readonly keys: PortalKeys;
  readonly authenticate: Authenticator;
  readonly headerPrefix: string;
}

/**
 * The signed-in caller of a request, or undefined: no cookie, a cookie not sealed by us, an expired
 * session, or a credential that no longer makes its holder an administrator of the client (revoked,
 * expired, role removed, client gone).
 */
export const readSession = async (
  deps: SessionDeps,
  cookieHeader: string | string[] | undefined,
): Promise<SignedIn | undefined> => {
  const sealed = parseCookies(cookieHeader).get(SESSION_COOKIE);
  if (sealed === undefined) return undefined;
  const session = unseal(deps.keys.seal, SESSION_PURPOSE, sealed);
  if (!isSession(session) || session.expiresAt <= deps.clock.now().getTime()) return undefined;
  const auth = await deps.authenticate(
    credentialHeaders(deps.headerPrefix, session.credential, session.clientId),
    PORTAL_ACCESS,
  );
  return isAuthFailure(auth) ? undefined : { session, auth };
};
