import type { Stores } from "../../ports/stores.js";
import type { PageRequest } from "../../shared/page.js";
import type { Membership, Organisation, User } from "../../tenancy/model.js";

/** Reads for the tenancy routes. Each takes the stores (outside a transaction) and answers plain values. */

/** One page of every client (operator). */
export const listClients = (s: Pick<Stores, "clients">, page: PageRequest) => s.clients.list(page);

/** One page of a client's organisations. */
export const listOrganisations = (s: Pick<Stores, "organisations">, clientId: string, page: PageRequest) =>
  s.organisations.listByClient(clientId, page);

/** One page of the keys that act for a client. */
export const listApiKeys = (s: Pick<Stores, "apiKeys">, clientId: string, page: PageRequest) =>
  s.apiKeys.listByClient(clientId, page);

/** An organisation of the client, if there is one. */
export const organisationOf = (
  s: Pick<Stores, "organisations">,
  clientId: string,
  id: string,
): Promise<Organisation | undefined> => s.organisations.ofId(clientId, id);

/** A user of the client with their memberships, if there is one. */
export const userWithMemberships = async (
  s: Pick<Stores, "memberships" | "users">,
  clientId: string,
  id: string,
): Promise<{ user: User; memberships: readonly Membership[] } | undefined> => {
  const user = await s.users.ofId(clientId, id);
  return user === undefined ? undefined : { user, memberships: await s.memberships.ofUser(user.id) };
};

/** The users of the client who are members of the organisation, with their roles there (in membership order). */
export const organisationMembers = async (
  s: Pick<Stores, "memberships" | "users">,
  clientId: string,
  organisationId: string,
): Promise<readonly { user: User; roles: Membership["roles"] }[]> => {
  const memberships = await s.memberships.ofOrganisation(organisationId);
  const users = await Promise.all(memberships.map((m) => s.users.ofId(clientId, m.userId)));
  return memberships.flatMap((m, i) => {
    const user = users[i];
    return user === undefined ? [] : [{ user, roles: m.roles }];
  });
};
