import { domainError, headerNames } from "@apar/core";
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
import type { Clock, Db, Ids } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import type { OidcSignIn } from "./oidc.js";
import type { PortalPeople, PortalSignIn } from "./portal-sign-in.js";

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
export const portalSignInOf = (deps: PeopleDeps, oidc: OidcSignIn | undefined): PortalSignIn => {
  const names = headerNames(deps.headerPrefix);
  return {
    requestLink: (email) => requestSignInLink(deps)(email),
    useLink: (token) => useSignInLink(deps)(token),
    linkUsable: (token) => signInLinkUsable(deps)(token),
    accountsOf: (email) => accountsOf(deps.db.stores, email),
    start: (input) => startPersonSession(deps)(input),
    authenticate: async (session, tenancy, access) => {
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
    },
    end: (session) => endPersonSession(deps)(session),
    oidc,
  };
};

/** The People page's operations on core's use cases. */
export const portalPeopleOf = (deps: PeopleDeps): PortalPeople => ({
  list: (scope) => listPeople(deps)(scope),
  invite: (scope, input) => invitePerson(deps)(scope, input),
  changeRoles: (scope, actor, userId, roles) => changeRoles(deps)(scope, actor, userId, roles),
  remove: (scope, userId) => removeMember(deps)(scope, userId),
});
