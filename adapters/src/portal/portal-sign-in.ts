import type { DomainError, Organisation, RequestAuth, SignInMethod } from "@apar/core";
import type { PeopleActor, Person, ProvenAddress, SignInAccount, StartedSession } from "@apar/core/app";
import type { OrgScope } from "@apar/core/ports";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { OidcSignIn } from "./oidc.js";
import type { PersonAuthenticator } from "./session.js";

/** What signing a person in needs of core: links, accounts of an address, sessions. */
export interface PortalSignIn {
  /** Queues the mail of a link to the address (whether anyone has it is the mail job's business). */
  requestLink(email: string): TE.TaskEither<DomainError, void>;
  /** Uses a mailed link up: its address and the accounts it may sign in to. */
  useLink(token: string): TE.TaskEither<DomainError, ProvenAddress>;
  /** Whether a mailed link may still be used (uses nothing up). */
  linkUsable(token: string): Promise<boolean>;
  /** The accounts of an address a provider has verified. */
  accountsOf(email: string): Promise<readonly SignInAccount[]>;
  /** A new session for one account of a proven address. */
  start(input: { email: string; userId: string; method: SignInMethod }): TE.TaskEither<DomainError, StartedSession>;
  /** What a person's session may do now. */
  readonly authenticate: PersonAuthenticator;
  /** Ends a person's session (sign-out). */
  end(session: string): Promise<void>;
  /** The provider of OpenID Connect, when one is configured. */
  readonly oidc: OidcSignIn | undefined;
}

/** The People page's operations, in one organisation of the caller's client (checked by the route first). */
export interface PortalPeople {
  list(scope: OrgScope): Promise<readonly Person[]>;
  invite(
    scope: OrgScope,
    input: { readonly email: string; readonly name: string; readonly roles: readonly string[] },
  ): TE.TaskEither<DomainError, Person>;
  changeRoles(
    scope: OrgScope,
    actor: PeopleActor,
    userId: string,
    roles: readonly string[],
  ): TE.TaskEither<DomainError, void>;
  remove(scope: OrgScope, userId: string): TE.TaskEither<DomainError, void>;
}

/** The organisations of the caller's client as the caller acts in them. */
export interface PortalOrganisations {
  /** Those the caller acts in (every one for a client administrator or an API key). */
  list(auth: RequestAuth): Promise<readonly Organisation[]>;
  /** The caller acting in one of them with the roles held there; undefined for a foreign or missing one, or a non-member. */
  actingIn(auth: RequestAuth, organisationId: string): Promise<RequestAuth | undefined>;
}
