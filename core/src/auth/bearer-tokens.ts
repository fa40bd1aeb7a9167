import type { ClientRole, OrganisationRole } from "../tenancy/model.js";

/** How long a bearer token is valid (the spec: 8 hours). */
export const TOKEN_LIFETIME_MS = 8 * 60 * 60 * 1000;

/** What a bearer token says about its holder. */
export interface TokenClaims {
  /** The user. */
  readonly userId: string;
  /** The one client the token is scoped to. */
  readonly clientId: string;
  readonly clientRoles: readonly ClientRole[];
  /** The user's organisations and roles when the token was issued. */
  readonly memberships: readonly { readonly organisationId: string; readonly roles: readonly OrganisationRole[] }[];
  /** The API key that issued the auth code (revoking it ends the token too). */
  readonly apiKeyId: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

/** Why a presented token was refused. */
export type TokenRefusal = "expired" | "invalid";

/** Signs and verifies bearer tokens (a JWT adapter implements it). */
export interface BearerTokens {
  /** A signed token for the claims, valid from `issuedAt` to `expiresAt`. */
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a token this service signed and that is valid now, or why not. */
  verify(token: string): Promise<TokenClaims | TokenRefusal>;
}
