import { type DomainError, notFound, type Organisation, type RequestAuth } from "@apar/core";
import { actingIn, listOrganisations, organisationOf } from "@apar/core/app";
import type { OrgScope, Stores } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { allPages, clientOf } from "./core-webhooks.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";

/** An organisation as the portal names it. */
export const named = (o: Organisation): PortalOrganisation => ({ id: o.id, name: o.name, timeZone: o.timeZone });

/** Every organisation of the signed-in caller's client the caller acts in (a member's own; an administrator's all). */
export const clientOrganisations = async (
  stores: Pick<Stores, "organisations">,
  auth: RequestAuth,
): Promise<Organisation[]> =>
  (await allPages((page) => listOrganisations(stores, clientOf(auth), page))).filter((o) =>
    E.isRight(actingIn(auth, o)),
  );

/**
 * Runs `act` in one organisation of the caller's client: one of another client, none, or one the caller does not
 * act in answers `Organisation.NotFound` as a missing one does.
 */
export const inOrganisation =
  <A>(
    stores: Pick<Stores, "organisations">,
    auth: RequestAuth,
    organisationId: string,
    act: (at: { readonly scope: OrgScope; readonly organisation: Organisation }) => TE.TaskEither<DomainError, A>,
  ): TE.TaskEither<DomainError, A> =>
  async () => {
    const clientId = clientOf(auth);
    const found = await organisationOf(stores, clientId, organisationId);
    if (found === undefined || E.isLeft(actingIn(auth, found)))
      return E.left(notFound("Organisation.NotFound", "The organisation does not exist."));
    return act({ scope: { clientId, organisationId: found.id }, organisation: found })();
  };

/** The organisations of the caller's client, as the caller acts in them. */
export const portalOrganisationsOf = (stores: () => Pick<Stores, "organisations">) => ({
  /** Those the caller acts in (every one for a client administrator or an API key). */
  list: (auth: RequestAuth): Promise<readonly Organisation[]> => clientOrganisations(stores(), auth),
  /** The caller acting in one of them with the roles held there; undefined for a foreign or missing one, or a non-member. */
  actingIn: async (auth: RequestAuth, organisationId: string): Promise<RequestAuth | undefined> => {
    const found = await organisationOf(stores(), clientOf(auth), organisationId);
    if (found === undefined) return undefined;
    const acting = actingIn(auth, found);
    return E.isRight(acting) ? acting.right : undefined;
  },
});

/** The organisations of the caller's client as the caller acts in them. */
export type PortalOrganisations = ReturnType<typeof portalOrganisationsOf>;
