import type { DomainError, SignInMethod } from "@apar/core";
import { domainError, headerNames } from "@apar/core";
import type { PeopleActor, Person, ProvenAddress, SignInAccount, StartedSession } from "@apar/core/app";
import {
  accountsOf,
  changeRoles,
  endPersonSession,
  invitePerson,
  listPeople,
  personOfSession,
  removeMember,
  requestSignInLink,
  resolveAccess,
  signInLinkUsable,
  startPersonSession,
  useSignInLink,
} from "@apar/core/app";
import type { Clock, Db, Ids, OrgScope } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { OidcSignIn } from "./oidc.js";
import type { PersonAuthenticator } from "./session.js";

/** What the portal's sign-in and People pages use of core. */
export interface PeopleDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly randomBytes: (size: number) => Uint8Array;
  /** `APAR_HEADER_PREFIX`, for the words of a refusal. */
  readonly headerPrefix: string;
}

/** Signing people in as themselves on core's use cases; `oidc` when a provider is configured. */
export const portalSignInOf = (deps: PeopleDeps, oidc: OidcSignIn | undefined) => {
  const names = headerNames(deps.headerPrefix);
  const authenticate: PersonAuthenticator = async (session, tenancy, access) => {
    const claims = await personOfSession(deps)(session);
    if (claims === undefined)
      return { error: domainError("Unauthenticated", "Auth.SessionEnded", "The session has ended: sign in again.") };
    const resolved = await resolveAccess(
      access,
      { kind: "user", claims },
      { clientId: tenancy.clientId, organisationId: tenancy.organisationId },
      {
        client: (id) => deps.db.stores.clients.ofId(id),
        organisation: (clientId, id) => deps.db.stores.organisations.ofId(clientId, id),
      },
      names,
    );
    return E.isLeft(resolved) ? { error: resolved.left } : resolved.right;
  };
  return {
    /** Queues the mail of a link to the address (whether anyone has it is the mail job's business). */
    requestLink: (email: string): TE.TaskEither<DomainError, void> => requestSignInLink(deps)(email),
    /** Uses a mailed link up: its address and the accounts it may sign in to. */
    useLink: (token: string): TE.TaskEither<DomainError, ProvenAddress> => useSignInLink(deps)(token),
    /** Whether a mailed link may still be used (uses nothing up). */
    linkUsable: (token: string): Promise<boolean> => signInLinkUsable(deps)(token),
    /** The accounts of an address a provider has verified. */
    accountsOf: (email: string): Promise<readonly SignInAccount[]> => accountsOf(deps.db.stores, email),
    /** A new session for one account of a proven address. */
    start: (input: {
      email: string;
      userId: string;
      method: SignInMethod;
    }): TE.TaskEither<DomainError, StartedSession> => startPersonSession(deps)(input),
    /** What a person's session may do now. */
    authenticate,
    /** Ends a person's session (sign-out). */
    end: (session: string): Promise<void> => endPersonSession(deps)(session),
    /** The provider of OpenID Connect, when one is configured. */
    oidc,
  };
};

/** The People page's operations on core's use cases. */
export const portalPeopleOf = (deps: PeopleDeps) => ({
  list: (scope: OrgScope): Promise<readonly Person[]> => listPeople(deps)(scope),
  invite: (
    scope: OrgScope,
    input: { readonly email: string; readonly name: string; readonly roles: readonly string[] },
  ): TE.TaskEither<DomainError, Person> => invitePerson(deps)(scope, input),
  changeRoles: (
    scope: OrgScope,
    actor: PeopleActor,
    userId: string,
    roles: readonly string[],
  ): TE.TaskEither<DomainError, void> => changeRoles(deps)(scope, actor, userId, roles),
  remove: (scope: OrgScope, userId: string): TE.TaskEither<DomainError, void> => removeMember(deps)(scope, userId),
});

/** What signing a person in needs of core: links, accounts of an address, sessions. */
export type PortalSignIn = ReturnType<typeof portalSignInOf>;

/** The People page's operations, in one organisation of the caller's client (checked by the route first). */
export type PortalPeople = ReturnType<typeof portalPeopleOf>;
