/** Modules a client's plan can grant. */
export const MODULES = ["ap", "ar", "matching", "inbox", "payments", "agents", "mcp"] as const;
export type Module = (typeof MODULES)[number];

/** Client-level roles: both are "client administrators". */
export const CLIENT_ROLES = ["Owner", "Admin"] as const;
export type ClientRole = (typeof CLIENT_ROLES)[number];

/** Organisation-level roles. */
export const ORGANISATION_ROLES = ["Admin", "Member", "Approver"] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

export interface Client {
  readonly id: string;
  readonly name: string;
  readonly type: "Live" | "Sandbox";
  readonly modules: readonly Module[];
  readonly createdAt: Date;
  /** Branding and flags; absent means `DEFAULT_CLIENT_SETTINGS` (see `clientSettingsOf`). */
  readonly settings?: ClientSettings;
}

export interface Organisation {
  readonly id: string;
  readonly clientId: string;
  readonly name: string;
  readonly industryId: string | null;
  /** IANA time zone in which reminders and recurring runs fire. */
  readonly timeZone: string;
  readonly createdAt: Date;
}

export interface User {
  readonly id: string;
  readonly clientId: string;
  readonly email: string;
  readonly name: string;
  /** Client-level roles; empty for ordinary users. */
  readonly clientRoles: readonly ClientRole[];
  readonly createdAt: Date;
}

export interface Membership {
  readonly userId: string;
  readonly organisationId: string;
  readonly roles: readonly OrganisationRole[];
  readonly createdAt: Date;
}

/** Which clients an API key may act for. */
export type KeyScope =
  | { readonly kind: "operator" }
  | { readonly kind: "clients"; readonly clientIds: readonly string[] };

export interface ApiKey {
  readonly id: string;
  readonly name: string | null;
  readonly scope: KeyScope;
  /** Short public prefix by which a key is found (the rest is secret). */
  readonly keyPrefix: string;
  /** Hash of the whole key (hex sha-256); the key itself is never stored. */
  readonly keyHash: string;
  readonly createdAt: Date;
  readonly expiresAt: Date | null;
  readonly revokedAt: Date | null;
  readonly lastUsedAt: Date | null;
}

/** A short-lived, single-use code an API-key holder issues for a user, exchanged for a bearer token. */
export interface AuthCode {
  /** sha-256 (hex) of the code; the code itself is never stored. */
  readonly codeHash: string;
  readonly clientId: string;
  readonly userId: string;
  /** The organisation the code was issued for (the token covers all the user's organisations). */
  readonly organisationId: string;
  /** The API key that issued it. */
  readonly apiKeyId: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

/** A client's branding and feature flags (`GET /v1/client-settings`). */
export interface ClientSettings {
  readonly logoUrl: string | null;
  /** `#rrggbb`. */
  readonly primaryColour: string | null;
  /** Days after a bill's due date it may still wait in review; null: no limit set. */
  readonly billReviewTimeAfterDueDate: number | null;
  /** Hosts that payment pages may redirect back to. */
  readonly paymentAllowedRedirectHosts: readonly string[];
  /** False hides the invoice email composer. */
  readonly arEmailsEnabled: boolean;
  /** Invoice terms in days for the client's organisations whose customer and seller identity set none; null: 30. */
  readonly defaultPaymentTermsDays?: number | null;
}
