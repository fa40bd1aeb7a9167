import type { DomainError, RequestAuth, SellerIdentity } from "@apar/core";
import type * as TE from "fp-ts/lib/TaskEither.js";

/** An organisation of the client, as the Seller identity pages name it. */
export interface PortalOrganisation {
  readonly id: string;
  readonly name: string;
  /** Its IANA time zone (what "today" is there, for due dates); absent: UTC. */
  readonly timeZone?: string;
}

/**
 * What the Seller identity pages need, for the caller's client (`auth.client`): its organisations, and each one's
 * identity to read and replace. A foreign or missing organisation answers the same DomainError (NotFound).
 */
export interface PortalSellerIdentities {
  organisations(auth: RequestAuth): TE.TaskEither<DomainError, readonly PortalOrganisation[]>;
  get(
    auth: RequestAuth,
    organisationId: string,
  ): TE.TaskEither<
    DomainError,
    { readonly organisation: PortalOrganisation; readonly identity: SellerIdentity | null }
  >;
  /** Replaces the identity with a body as `PUT /v1/seller-identity` takes it (decoded and checked by core). */
  put(auth: RequestAuth, organisationId: string, body: unknown): TE.TaskEither<DomainError, SellerIdentity>;
}
