import type { Stores } from "../../ports/stores.js";
import { isClientAdministrator } from "../../tenancy/rules.js";

/** One way a person may sign in: a user of theirs in one client (a person may work for several). */
export interface SignInAccount {
  readonly clientId: string;
  readonly clientName: string;
  readonly userId: string;
  readonly userName: string;
  /** True for an Owner or Admin of the client (who acts in every organisation of it). */
  readonly clientAdministrator: boolean;
  /** The organisations the user is a member of, by name. */
  readonly organisations: readonly string[];
}

/**
 * The accounts of an address: its users in every client that still exists, each holding a client role or a
 * membership (a user without either could open no page). Ordered by client name.
 */
export const accountsOf = async (
  s: Pick<Stores, "clients" | "memberships" | "organisations" | "users">,
  email: string,
): Promise<SignInAccount[]> => {
  const accounts: SignInAccount[] = [];
  for (const user of await s.users.withEmail(email)) {
    const client = await s.clients.ofId(user.clientId);
    if (client === undefined) continue;
    const organisations: string[] = [];
    for (const m of await s.memberships.ofUser(user.id)) {
      const organisation = await s.organisations.ofId(user.clientId, m.organisationId);
      if (organisation !== undefined && m.roles.length > 0) organisations.push(organisation.name);
    }
    const clientAdministrator = isClientAdministrator(user);
    if (!clientAdministrator && organisations.length === 0) continue;
    accounts.push({
      clientId: client.id,
      clientName: client.name,
      userId: user.id,
      userName: user.name,
      clientAdministrator,
      organisations: organisations.sort(),
    });
  }
  return accounts.sort((a, b) => a.clientName.localeCompare(b.clientName) || a.clientId.localeCompare(b.clientId));
};
