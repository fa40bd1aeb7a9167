import type { DomainError, RequestAuth, SellerIdentity } from "@apar/core";
import { decode, notFound } from "@apar/core";
import {
  type CoreDeps,
  getSellerIdentity,
  organisationOf,
  putSellerIdentity,
  SellerIdentityBody,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import { clientOrganisations, named } from "./core-organisations.js";
import { clientOf } from "./core-webhooks.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";

/** The Seller identity pages' operations on core's use cases, for the signed-in caller's client. */
export const portalSellerIdentitiesOf = (
  deps: Pick<CoreDeps<"organisations" | "sellerIdentities">, "db" | "clock">,
) => {
  const organisation = async (clientId: string, id: string) => {
    const found = await organisationOf(deps.db.stores, clientId, id);
    return found === undefined
      ? E.left(notFound("Organisation.NotFound", "The organisation does not exist."))
      : E.right(found);
  };
  return {
    organisations: (auth: RequestAuth): TE.TaskEither<DomainError, readonly PortalOrganisation[]> =>
      TE.fromTask(async () => (await clientOrganisations(deps.db.stores, auth)).map(named)),
    get:
      (
        auth: RequestAuth,
        organisationId: string,
      ): TE.TaskEither<
        DomainError,
        { readonly organisation: PortalOrganisation; readonly identity: SellerIdentity | null }
      > =>
      async () => {
        const clientId = clientOf(auth);
        const found = await organisation(clientId, organisationId);
        if (E.isLeft(found)) return found;
        const identity = await getSellerIdentity(deps)({ clientId, organisationId: found.right.id })();
        return E.right({ organisation: named(found.right), identity: E.isRight(identity) ? identity.right : null });
      },
    /** Replaces the identity with a body as `PUT /v1/seller-identity` takes it (decoded and checked by core). */
    put:
      (auth: RequestAuth, organisationId: string, body: unknown): TE.TaskEither<DomainError, SellerIdentity> =>
      async () => {
        const clientId = clientOf(auth);
        const found = await organisation(clientId, organisationId);
        if (E.isLeft(found)) return found;
        const decoded = decode(SellerIdentityBody, body);
        if (E.isLeft(decoded)) return decoded;
        return putSellerIdentity(deps)({ clientId, organisationId: found.right.id }, decoded.right)();
      },
  };
};

/**
 * What the Seller identity pages need, for the caller's client (`auth.client`): its organisations, and each one's
 * identity to read and replace. A foreign or missing organisation answers the same DomainError (NotFound).
 */
export type PortalSellerIdentities = ReturnType<typeof portalSellerIdentitiesOf>;
