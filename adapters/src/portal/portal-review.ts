import type { BillDocument, BillJson, DomainError, RequestAuth } from "@apar/core";
import type { PayeeAccount } from "@apar/core/app";
import type { BillFilter, Page, PageRequest } from "@apar/core/ports";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";

/** A bill of the queue with the organisation it belongs to. */
export interface PortalQueued {
  readonly organisation: PortalOrganisation;
  readonly bill: BillJson;
  /** Where the bill's money would go (on a bill's own page; the queue's rows go without). */
  readonly payee?: PayeeAccount;
}

/** The review queue: the client's bills waiting for review or approval, and whether more wait than are shown. */
export interface PortalQueue {
  readonly review: readonly PortalQueued[];
  readonly approval: readonly PortalQueued[];
  readonly more: boolean;
}

/** A bill's document, as stored. */
export interface PortalDocument {
  readonly bytes: Uint8Array;
  readonly mediaType: string;
}

/**
 * What the review queue needs of the bill use cases, for the caller's client (`auth.client`) and one of its
 * organisations. A foreign or missing organisation or bill answers the same DomainError (NotFound); the
 * actions are the API's (`PATCH /v1/bills/{id}`, submit, approve, reject) with the session's credential as actor.
 */
export interface PortalReview {
  queue(auth: RequestAuth): TE.TaskEither<DomainError, PortalQueue>;
  /** A page of one organisation's bills, oldest first, filtered as `GET /v1/bills` filters them. */
  list(
    auth: RequestAuth,
    organisationId: string,
    filter: BillFilter,
    page: PageRequest,
  ): TE.TaskEither<DomainError, { readonly organisation: PortalOrganisation; readonly bills: Page<BillJson> }>;
  /** Files a stored document as a new bill, as `POST /v1/bills` does: a job reads it, then it waits for review. */
  upload(auth: RequestAuth, organisationId: string, document: BillDocument): TE.TaskEither<DomainError, BillJson>;
  get(auth: RequestAuth, organisationId: string, billId: string): TE.TaskEither<DomainError, PortalQueued>;
  document(auth: RequestAuth, organisationId: string, billId: string): TE.TaskEither<DomainError, PortalDocument>;
  /** Corrects fields with a body as `PATCH /v1/bills/{id}` takes it (decoded and checked by core). */
  correct(
    auth: RequestAuth,
    organisationId: string,
    billId: string,
    patch: unknown,
  ): TE.TaskEither<DomainError, BillJson>;
  submit(auth: RequestAuth, organisationId: string, billId: string): TE.TaskEither<DomainError, BillJson>;
  approve(auth: RequestAuth, organisationId: string, billId: string): TE.TaskEither<DomainError, BillJson>;
  reject(
    auth: RequestAuth,
    organisationId: string,
    billId: string,
    reason: unknown,
  ): TE.TaskEither<DomainError, BillJson>;
  /** Resolves a bill's duplicate flag: it is not a duplicate (`POST /v1/bills/{id}/dismiss-duplicate`). */
  dismissDuplicate(auth: RequestAuth, organisationId: string, billId: string): TE.TaskEither<DomainError, BillJson>;
  /** Voids a bill with a reason (`POST /v1/bills/{id}/void`): a duplicate confirmed is voided. */
  void(auth: RequestAuth, organisationId: string, billId: string, reason: string): TE.TaskEither<DomainError, BillJson>;
}
