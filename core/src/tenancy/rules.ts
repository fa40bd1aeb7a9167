import {
  type Client,
  type ClientRole,
  type KeyScope,
  type Membership,
  MODULES,
  type Module,
  type Organisation,
  type OrganisationRole,
  type User,
} from "./model.js";

/** The modules a client gets when apar creates it on first start: all of them (self-hosted, nothing to sell). */
export const DEFAULT_MODULES: readonly Module[] = MODULES;

/** True when the client's plan includes the module. */
export const hasModule = (client: Pick<Client, "modules">, module: Module): boolean => client.modules.includes(module);

/** True when the user holds the client-level role. */
export const hasClientRole = (user: Pick<User, "clientRoles">, role: ClientRole): boolean =>
  user.clientRoles.includes(role);

/** True when the user is a client administrator (Owner or Admin of the client). */
export const isClientAdministrator = (user: Pick<User, "clientRoles">): boolean =>
  user.clientRoles.some((role) => role === "Owner" || role === "Admin");

/** True when the membership (if any) carries the organisation role. */
export const hasOrganisationRole = (membership: Membership | undefined, role: OrganisationRole): boolean =>
  membership?.roles.includes(role) ?? false;

/** The user's membership of the organisation, if any. */
export const membershipIn = (memberships: readonly Membership[], organisationId: string): Membership | undefined =>
  memberships.find((m) => m.organisationId === organisationId);

/**
 * True when the user may act in the organisation: it belongs to the user's client, and the user is a member
 * of it or a client administrator (who acts in every organisation of the client).
 */
export const canActIn = (
  user: Pick<User, "id" | "clientId" | "clientRoles">,
  memberships: readonly Membership[],
  organisation: Pick<Organisation, "id" | "clientId">,
): boolean =>
  user.clientId === organisation.clientId &&
  (isClientAdministrator(user) ||
    memberships.some((m) => m.userId === user.id && m.organisationId === organisation.id));

/**
 * True when the user may act in the organisation with the role: organisation Admins hold every role there,
 * and client administrators hold every role in every organisation of their client.
 */
export const actsWithRole = (
  user: Pick<User, "id" | "clientId" | "clientRoles">,
  memberships: readonly Membership[],
  organisation: Pick<Organisation, "id" | "clientId">,
  role: OrganisationRole,
): boolean => {
  if (!canActIn(user, memberships, organisation)) return false;
  if (isClientAdministrator(user)) return true;
  const membership = membershipIn(
    memberships.filter((m) => m.userId === user.id),
    organisation.id,
  );
  return hasOrganisationRole(membership, "Admin") || hasOrganisationRole(membership, role);
};

/** True when an API key's scope covers the client (operator keys cover every client). */
export const scopeCoversClient = (scope: KeyScope, clientId: string): boolean =>
  scope.kind === "operator" || scope.clientIds.includes(clientId);

/** The one client a scope resolves to without a client header, if it names exactly one. */
export const soleClientOf = (scope: KeyScope): string | undefined =>
  scope.kind === "clients" && scope.clientIds.length === 1 ? scope.clientIds[0] : undefined;
