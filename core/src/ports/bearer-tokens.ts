import type { TokenClaims, TokenRefusal, UserClaims } from "../auth/token-claims.js";

/** Signs and verifies bearer tokens (a JWT adapter implements it). */
export type { TokenClaims, TokenRefusal, UserClaims };

export interface BearerTokens {
  /** A signed token for the claims, valid from `issuedAt` to `expiresAt`. */
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a token this service signed and that is valid now, or why not. */
  verify(token: string): Promise<TokenClaims | TokenRefusal>;
}
