import type { Actor } from "../events/envelope.js";
import type { ApiKey, Client, Organisation, OrganisationRole } from "../tenancy/model.js";
import type { UserClaims } from "./token-claims.js";

/** Who is calling: an API key, or a user holding a bearer token or signed in to the portal. */
export type Principal =
  | { readonly kind: "api_key"; readonly key: ApiKey }
  | { readonly kind: "user"; readonly claims: UserClaims };

/** A request's resolved credential and tenancy, as handlers see it. */
export interface RequestAuth {
  readonly principal: Principal;
  /** Who events name as their cause. */
  readonly actor: Actor;
  /** True for operator API keys (scope: every client). */
  readonly operator: boolean;
  /** The client the request acts for (client and organisation scopes). */
  readonly client: Client | undefined;
  /** The organisation of the organisation header (organisation scope). */
  readonly organisation: Organisation | undefined;
  /** True for Owner/Admin users and for API keys covering the client: they act in every organisation of it. */
  readonly clientAdministrator: boolean;
  /** The caller's roles in the organisation (empty for client administrators who are not members). */
  readonly roles: readonly OrganisationRole[];
}

/** The actor events record for a principal. */
export const actorOf = (principal: Principal): Actor =>
  principal.kind === "api_key"
    ? { type: "api_key", id: principal.key.id }
    : { type: "user", id: principal.claims.userId };

/** True when the caller may act with the role in the request's organisation (admins hold every role). */
export const actsAs = (auth: RequestAuth, role: OrganisationRole): boolean =>
  auth.clientAdministrator || auth.roles.includes("Admin") || auth.roles.includes(role);
