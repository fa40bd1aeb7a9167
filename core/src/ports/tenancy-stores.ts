import type { PersonSession, SignInLink } from "../auth/sign-in.js";
import type { Page, PageRequest } from "../shared/page.js";
import type { ApiKey, AuthCode, Client, Membership, Organisation, OrganisationRole, User } from "../tenancy/model.js";

/**
 * Store ports. Conventions for every store: `ofId` answers `undefined` for a missing row,
 * scoped lookups answer `undefined` for a row of another tenant (exactly as for a missing one),
 * infrastructure failures throw.
 */
export interface Clients {
  add(client: Client): Promise<void>;
  ofId(id: string): Promise<Client | undefined>;
  list(page: PageRequest): Promise<Page<Client>>;
  update(client: Client): Promise<void>;
  count(): Promise<number>;
}

export interface Organisations {
  add(organisation: Organisation): Promise<void>;
  /** The organisation when it belongs to `clientId`. */
  ofId(clientId: string, id: string): Promise<Organisation | undefined>;
  listByClient(clientId: string, page: PageRequest): Promise<Page<Organisation>>;
  /** Stores the organisation's name, industry and time zone (its id, client and creation time stay). */
  update(organisation: Organisation): Promise<void>;
}

export interface Users {
  add(user: User): Promise<void>;
  ofId(clientId: string, id: string): Promise<User | undefined>;
  ofEmail(clientId: string, email: string): Promise<User | undefined>;
  /** The users of an address in every client (a person may work for several), ignoring case; by client id. */
  withEmail(email: string): Promise<readonly User[]>;
}

export interface Memberships {
  add(membership: Membership): Promise<void>;
  of(userId: string, organisationId: string): Promise<Membership | undefined>;
  ofUser(userId: string): Promise<readonly Membership[]>;
  ofOrganisation(organisationId: string): Promise<readonly Membership[]>;
  /** Replaces the roles of a membership (one that does not exist stays absent). */
  setRoles(userId: string, organisationId: string, roles: readonly OrganisationRole[]): Promise<void>;
  /** Ends the membership; false when there was none. */
  remove(userId: string, organisationId: string): Promise<boolean>;
  /**
   * Holds the organisation's memberships for the rest of the unit of work: a second unit changing them waits, so
   * that two administrators demoting each other at once cannot leave the organisation with none.
   */
  lockOrganisation(organisationId: string): Promise<void>;
}

/** The client and organisation a request names (its tenancy headers, lower-case UUIDs), read with its key. */
export interface TenancyNamed {
  readonly clientId: string | undefined;
  readonly organisationId: string | undefined;
}

/** A key read together with the tenancy a request names. */
export interface KeyAndTenancy {
  readonly key: ApiKey;
  /** The client `clientId`, or without one the key's only client; undefined when there is none. */
  readonly client: Client | undefined;
  /** `organisationId` when it is an organisation of that client; else undefined. */
  readonly organisation: Organisation | undefined;
}

export interface ApiKeys {
  add(key: ApiKey): Promise<void>;
  ofPrefix(keyPrefix: string): Promise<ApiKey | undefined>;
  ofId(id: string): Promise<ApiKey | undefined>;
  /**
   * The key of a prefix or id with the client and organisation a request names, in one read (a request's
   * credential and tenancy: one statement in SQL). No cache: a revoked key is refused by the next request.
   */
  withTenancy(
    key: { readonly prefix: string } | { readonly id: string },
    named: TenancyNamed,
  ): Promise<KeyAndTenancy | undefined>;
  /** Keys whose scope includes the client. */
  listByClient(clientId: string, page: PageRequest): Promise<Page<ApiKey>>;
  revoke(id: string, at: Date): Promise<void>;
  touch(id: string, at: Date): Promise<void>;
}

export interface AuthCodes {
  add(code: AuthCode): Promise<void>;
  /**
   * Uses a code: answers it and marks it used, exactly once. A used, expired or unknown code answers
   * undefined (two concurrent consumers: one wins).
   */
  consume(codeHash: string, now: Date): Promise<AuthCode | undefined>;
}

export interface SignInLinks {
  add(link: SignInLink): Promise<void>;
  /**
   * Uses a link: answers it and marks it used, exactly once. A used, expired or unknown link answers undefined
   * (two concurrent uses: one wins).
   */
  consume(tokenHash: string, now: Date): Promise<SignInLink | undefined>;
  /** True while a link may still be used (known, unused, unexpired at `now`); uses nothing up. */
  usable(tokenHash: string, now: Date): Promise<boolean>;
}

export interface PersonSessions {
  add(session: PersonSession): Promise<void>;
  /** The session of a hash while it lasts (not ended, not expired at `now`). */
  live(idHash: string, now: Date): Promise<PersonSession | undefined>;
  /** Ends a session (signing out); ending an ended one changes nothing. */
  end(idHash: string, at: Date): Promise<void>;
}
