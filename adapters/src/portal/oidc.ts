import * as client from "openid-client";
import { isLoopbackHost } from "./http.js";

/** The operator's OpenID Connect settings (`APAR_OIDC_*`). */
export interface OidcSettings {
  /** The provider's issuer identifier (`https://id.example.com/realms/apar`). */
  readonly issuer: string;
  readonly clientId: string;
  /** Absent: a public client (PKCE alone). */
  readonly clientSecret?: string;
  /** Where the provider sends the browser back: `<APAR_PUBLIC_URL>/portal/sign-in/oidc/callback`. */
  readonly redirectUri: string;
  /** What the sign-in page calls the provider ("Sign in with ..."). */
  readonly name: string;
}

/** What the browser must bring back from the provider: kept in a sealed cookie between the two legs. */
export interface OidcChecks {
  readonly state: string;
  readonly nonce: string;
  readonly verifier: string;
}

/** Who the provider says signed in. */
export interface OidcIdentity {
  readonly subject: string;
  /** The address, when the provider has verified it (an unverified one proves nothing). */
  readonly verifiedEmail: string | undefined;
}

/** Signing in through an OpenID Connect provider: authorization code with PKCE, state and nonce. */
export interface OidcSignIn {
  readonly name: string;
  /** The provider's authorization URL for a new attempt, and what its callback must match. */
  start(): Promise<{ readonly url: string; readonly checks: OidcChecks }>;
  /**
   * Checks the callback's query (state, the code exchanged at the token endpoint with the PKCE verifier, the ID
   * token's signature, issuer, audience and nonce) and answers who signed in; throws when anything does not hold.
   */
  finish(callbackQuery: string, checks: OidcChecks): Promise<OidcIdentity>;
}

/**
 * True for an issuer apar may talk to: an https URL, or plain http on this machine's loopback (development and
 * tests), without query or fragment (OpenID Connect Discovery forbids them).
 */
export const issuerAllowed = (issuer: string): boolean => {
  try {
    const url = new URL(issuer);
    const transport = url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
    return transport && url.search === "" && url.hash === "";
  } catch {
    return false;
  }
};

const emailOf = (claims: Readonly<Record<string, unknown>> | undefined): string | undefined =>
  claims !== undefined && claims.email_verified === true && typeof claims.email === "string" ? claims.email : undefined;

/**
 * OpenID Connect with openid-client (panva's, certified): the provider's metadata and keys come from its discovery
 * document, read on first use (and again after a failure, so a provider down at start-up is not fatal).
 */
export const oidcSignIn = (settings: OidcSettings): OidcSignIn => {
  if (!issuerAllowed(settings.issuer)) throw new Error("the OpenID Connect issuer must be https (or http on loopback)");
  let configuration: Promise<client.Configuration> | undefined;
  const config = (): Promise<client.Configuration> => {
    const issuer = new URL(settings.issuer);
    const insecure = issuer.protocol === "http:" ? { execute: [client.allowInsecureRequests] } : {};
    configuration ??= client
      .discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        settings.clientSecret === undefined ? client.None() : client.ClientSecretBasic(settings.clientSecret),
        insecure,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };
  return {
    name: settings.name,
    async start() {
      const c = await config();
      const checks = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(c, {
        redirect_uri: settings.redirectUri,
        scope: "openid email",
        response_type: "code",
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: "S256",
      });
      return { url: url.href, checks };
    },
    async finish(callbackQuery, checks) {
      const c = await config();
      // The URL the provider redirected to, as the provider knows it (apar may sit behind a proxy).
      const current = new URL(settings.redirectUri);
      current.search = callbackQuery;
      const tokens = await client.authorizationCodeGrant(c, current, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.verifier,
      });
      const claims = tokens.claims();
      if (claims === undefined) throw new Error("the provider sent no ID token");
      // Some providers put the address only in the UserInfo answer.
      const email =
        emailOf(claims) ??
        (typeof claims.email === "string" || tokens.access_token === undefined
          ? undefined
          : emailOf(await client.fetchUserInfo(c, tokens.access_token, claims.sub)));
      return { subject: claims.sub, verifiedEmail: email };
    },
  };
};
