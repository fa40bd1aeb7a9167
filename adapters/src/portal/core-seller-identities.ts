import { decode, notFound } from "@apar/core";
import { getSellerIdentity, organisationOf, putSellerIdentity, SellerIdentityBody } from "@apar/core/app";
import type { Clock, Stores, UnitOfWork } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import { clientOrganisations, named } from "./core-organisations.js";
import { clientOf } from "./core-webhooks.js";
import type { PortalSellerIdentities } from "./portal-seller-identities.js";

/** The Seller identity pages' operations on core's use cases, for the signed-in caller's client. */
export const portalSellerIdentitiesOf = (deps: {
  readonly db: UnitOfWork & { readonly stores: Pick<Stores, "organisations" | "sellerIdentities"> };
  readonly clock: Clock;
}): PortalSellerIdentities => {
  const organisation = async (clientId: string, id: string) => {
    const found = await organisationOf(deps.db.stores, clientId, id);
    return found === undefined
      ? E.left(notFound("Organisation.NotFound", "The organisation does not exist."))
      : E.right(found);
  };
  return {
    organisations: (auth) => TE.fromTask(async () => (await clientOrganisations(deps.db.stores, auth)).map(named)),
    get: (auth, organisationId) => async () => {
      const clientId = clientOf(auth);
      const found = await organisation(clientId, organisationId);
      if (E.isLeft(found)) return found;
      const identity = await getSellerIdentity(deps)({ clientId, organisationId: found.right.id })();
      return E.right({ organisation: named(found.right), identity: E.isRight(identity) ? identity.right : null });
    },
    put: (auth, organisationId, body) => async () => {
      const clientId = clientOf(auth);
      const found = await organisation(clientId, organisationId);
      if (E.isLeft(found)) return found;
      const decoded = decode(SellerIdentityBody, body);
      if (E.isLeft(decoded)) return decoded;
      return putSellerIdentity(deps)({ clientId, organisationId: found.right.id }, decoded.right)();
    },
  };
};
