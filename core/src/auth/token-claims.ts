import type { ClientRole, OrganisationRole } from "../tenancy/model.js";

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
