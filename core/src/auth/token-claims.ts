import type { ClientRole, OrganisationRole } from "../tenancy/model.js";

/** Who a signed-in user is and what they hold: a bearer token's claims, or a portal session's current reading. */
export interface UserClaims {
  /** The user. */
  readonly userId: string;
  /** The one client the credential is scoped to. */
  readonly clientId: string;
  readonly clientRoles: readonly ClientRole[];
  /** The user's organisations and roles (a token's: when it was issued; a session's: now). */
  readonly memberships: readonly { readonly organisationId: string; readonly roles: readonly OrganisationRole[] }[];
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

/** What a bearer token says about its holder. */
export interface TokenClaims extends UserClaims {
  /** The API key that issued the auth code (revoking it ends the token too). */
  readonly apiKeyId: string;
}

/** Why a presented token was refused. */
export type TokenRefusal = "expired" | "invalid";
